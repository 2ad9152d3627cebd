import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/build-test-app';
import { loadConfig } from '../config';
import { createRuntime } from '../runtime';
import { openDatabase } from './client';
import { runStartupSeeds } from './seed';

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

// With DEMO_DATA=true every process seeds at start; without the lock two of three failed on unique keys.
describe('demo data seeded by several processes at once', () => {
  it('all succeed and each demo row exists once', async () => {
    const scratch = await createScratchDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DEMO_DATA: 'true',
    });
    const runtimes = [];
    try {
      for (let index = 0; index < 3; index += 1) runtimes.push(await createRuntime({ config, runWorkers: false }));
      const outcomes = await Promise.allSettled(runtimes.map((runtime) => runStartupSeeds(runtime.ctx)));
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

      const users = await runtimes[0]!.ctx.database.executeSql('select email, count(*)::int as times from users group by email');
      expect(users.rows.length).toBeGreaterThan(0);
      expect(users.rows.filter((row) => row.times !== 1)).toEqual([]);
      const prices = await runtimes[0]!.ctx.database.executeSql('select count(*)::int as n from price_points');
      expect(prices.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(runtimes.map((runtime) => runtime.close()));
      await scratch.drop();
    }
  }, 120_000);
});
