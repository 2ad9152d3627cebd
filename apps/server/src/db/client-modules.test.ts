import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@electric-sql/pglite');
  vi.resetModules();
});

describe('the database client modules', () => {
  it('load PGlite only to open it: client.ts and the PostgreSQL driver do without it', async () => {
    // Every command and start on PostgreSQL loaded PGlite's JavaScript for nothing (~45 ms of CPU).
    vi.resetModules();
    vi.doMock('@electric-sql/pglite', () => {
      throw new Error('@electric-sql/pglite was loaded');
    });
    const client = await import('./client');
    const postgres = await import('./postgres');
    expect(typeof client.transactionExecutor).toBe('function');
    expect(typeof postgres.openPostgres).toBe('function');
    // The embedded path does load it (vitest wraps the factory's error).
    await expect(import('./pglite')).rejects.toThrow();
  });
});
