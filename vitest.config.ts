import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Server tests run once on PGlite and, when DATABASE_URL is set, once more on PostgreSQL.
const serverProject = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.postgres.test.ts run several server processes on one database: PGlite belongs to one process.
    exclude: db === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : configDefaults.exclude,
    environment: 'node',
    env: { TEST_DB: db, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Migrates the template database every test's database copies, once per run (test/database-templates.ts).
    globalSetup: [fileURLToPath(new URL('apps/server/test/global-setup.ts', import.meta.url))],
  },
});

export default defineConfig({
  test: {
    projects: [
      // Property tests run hundreds of cases: ~1.5 s idle, 3+ s on a busy machine, near the default 5 s.
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
      ...(existsSync('apps/web/vitest.config.ts') ? ['./apps/web/vitest.config.ts'] : []),
    ],
  },
});
