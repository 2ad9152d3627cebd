import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { registerAllJobs } from '../jobs';
import { createJobQueue } from '../jobs/queue';
import type { SqlExecutor } from './client';

/**
 * What a template database holds besides the migrations: pg-boss's schema and every queue. Creating
 * them took a share of a fresh install's first start (eight partitioned queue tables), and a start
 * finds them made. Used for the PGlite template of the server build (database-template.ts) and for
 * the server tests' templates, PGlite and PostgreSQL (test/database-templates.ts).
 */
export async function prepareJobQueueTables(executor: SqlExecutor): Promise<void> {
  const jobs = createJobQueue({
    executor,
    runWorkers: false,
  });
  // The queues' names and retry settings only: no handler runs, and the configuration is a throwaway one
  // (given secrets, so that none is written anywhere).
  const config = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') });
  registerAllJobs({ config, jobs, log: pino({ level: 'silent' }) } as unknown as AppContext);
  await jobs.startQueue();
  await jobs.stop();
}
