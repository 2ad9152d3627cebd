import { describe, expect, it, vi } from 'vitest';
import type { OpenDatabaseOptions } from '../db/client';

const opened: OpenDatabaseOptions[] = [];
vi.mock('../db/client', async (original) => ({
  ...(await original<typeof import('../db/client')>()),
  openDatabase: async (options: OpenDatabaseOptions) => {
    opened.push(options);
    throw new Error('opened');
  },
}));

const { BULK_SHARED_BUFFERS } = await import('../db/client');
const { PGLITE_START_PARAMS } = await import('../db/pglite');
const { BULK_WASM_TIERING_BUDGET, WASM_TIERING_BUDGET } = await import('../db/wasm-tiering');
const { openImportRuntime } = await import('./import-prices');

describe('the import command’s database', () => {
  it('is the configured one, its WebAssembly tuned for a bulk write (the server keeps the start-up budget)', async () => {
    await expect(openImportRuntime()).rejects.toThrow('opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ wasmTieringBudget: BULK_WASM_TIERING_BUDGET, dataDir: expect.any(String) });
    expect(BULK_WASM_TIERING_BUDGET).toBeLessThan(WASM_TIERING_BUDGET);
  });

  it('keeps 16 MB of shared buffers for the bulk write (the server opens with 8 MB)', async () => {
    opened.length = 0;
    await expect(openImportRuntime()).rejects.toThrow('opened');
    expect(opened[0]).toMatchObject({ sharedBuffers: BULK_SHARED_BUFFERS });
    expect(BULK_SHARED_BUFFERS).toBe('16MB');
    expect(PGLITE_START_PARAMS).toContain('shared_buffers=8MB');
  });
});
