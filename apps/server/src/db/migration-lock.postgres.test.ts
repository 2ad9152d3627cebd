import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/build-test-app';
import { openDatabase } from './client';

// Two API processes and a worker start together on one empty PostgreSQL (compose.yaml): each runs the
// migrations at start. Only PostgreSQL has several processes on one database; PGlite locks its directory.
describe('migrations started by several processes at once', () => {
  it('all succeed and each migration is applied once', async () => {
    const scratch = await createScratchDatabase();
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url, dataDir: '/nonexistent' })),
    );
    try {
      const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()));
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);

      const journal = await handles[0]!.executeSql('select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash');
      expect(journal.rows.length).toBeGreaterThan(0);
      expect(journal.rows.filter((row) => row.times !== 1)).toEqual([]);
      const tables = await handles[0]!.executeSql("select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'users'");
      expect(tables.rows[0]).toEqual({ n: 1 });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await scratch.drop();
    }
  });
});
