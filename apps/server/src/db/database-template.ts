// `node apps/server/dist/database-template.js`: makes the cached PGlite template of a fresh install when
// the cache has none for the current migrations (run by scripts/build-server.mjs; see pglite-template.ts).
// Besides the migrations it holds pg-boss's schema and every queue: creating them took a share of a
// fresh install's first start (eight partitioned queue tables), and a start finds them made.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { registerAllJobs } from '../jobs';
import { createJobQueue } from '../jobs/queue';
import { migrationsFolder, PGLITE_START_PARAMS, pgliteExecutor } from './client';
import { ensurePgliteTemplate } from './pglite-template';

await ensurePgliteTemplate(migrationsFolder, PGLITE_START_PARAMS, async (client) => {
  const jobs = createJobQueue({
    executor: pgliteExecutor(client),
    runWorkers: false,
  });
  // The queues' names and retry settings only: no handler runs, and the configuration is a throwaway one
  // (given secrets, so that none is written anywhere).
  const config = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') });
  registerAllJobs({ config, jobs, log: pino({ level: 'silent' }) } as unknown as AppContext);
  await jobs.startQueue();
  await jobs.stop();
});
