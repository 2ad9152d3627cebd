import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';

/** Everything a service needs, built once per process and handed down explicitly. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  /** The current time; tests replace it to walk the clock forward. */
  now: () => Date;
  log: FastifyBaseLogger;
}
