import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { EventBus } from './integrations/events/event-bus';
import type { Mailer } from './integrations/mail/mailer';
import type { JobQueue } from './jobs/queue';
import type { RateLimiter } from './lib/rate-limiter';

/** Everything a service needs, built once per process and handed down explicitly. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  /** The current time; tests replace it to walk the clock forward. */
  now: () => Date;
  log: FastifyBaseLogger;
  events: EventBus;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}
