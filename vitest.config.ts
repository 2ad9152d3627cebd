import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const serverRoot = fileURLToPath(new URL('apps/server', import.meta.url));
const serverTestHelpers = path.join(serverRoot, 'test');

/**
 * Whether a server test file reaches a database: it names one of the ways in (a test context, a
 * scratch database, the project's database kind, openDatabase, createRuntime, the configured
 * DATABASE_URL), or imports a helper of apps/server/test (which all build on them).
 */
function reachesDatabase(file: string): boolean {
  const source = readFileSync(file, 'utf8');
  if (/useTestContext|createTestContext|createScratchDatabase|\btestDb\b|TEST_DB|openDatabase|createRuntime|(process\.env|config)\.DATABASE_URL/.test(source)) return true;
  return [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].some(([, specifier]) =>
    path.resolve(path.dirname(file), specifier!).startsWith(serverTestHelpers + path.sep),
  );
}

/**
 * The server test files that reach no database (the screening engine on the real lists, parsers,
 * the compiled build on its own embedded database, …): the same test on PostgreSQL would check
 * nothing more, so the server-postgres project leaves them to server-pglite. They were a quarter
 * of a PostgreSQL run's time (screening quality and lists alone ~7 minutes on a busy machine).
 */
const databaseFreeServerTests = readdirSync(serverRoot, { recursive: true, encoding: 'utf8' })
  .filter((name) => /^(src|test)\//.test(name) && name.endsWith('.test.ts') && !reachesDatabase(path.join(serverRoot, name)));

// Server tests run once on PGlite and, when DATABASE_URL is set, once more on PostgreSQL (those that reach a database).
const serverProject = (db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.postgres.test.ts run several server processes on one database: PGlite belongs to one process.
    exclude: db === 'pglite' ? [...configDefaults.exclude, '**/*.postgres.test.ts'] : [...configDefaults.exclude, ...databaseFreeServerTests],
    environment: 'node',
    env: { TEST_DB: db, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Migrates the template database every test's database copies, once per run (test/database-templates.ts).
    globalSetup: [path.join(serverTestHelpers, 'global-setup.ts')],
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
