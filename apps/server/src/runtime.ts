import pino from 'pino';
import { logSerializers } from './lib/log-serializers';
import { createPrettyStream, resolveLogFormat } from './lib/log-output';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { databaseOptions, openDatabase, type DatabaseHandle } from './db/client';
import { createEventBus, type EventBus } from './integrations/events/event-bus';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { storeOutboxMail } from './modules/dev/dev.service';
import { createJobQueue } from './jobs/queue';
import { flushAuditQueue } from './modules/audit/audit.queue';

export interface Runtime {
  ctx: AppContext;
  /** Stops the job queue (waiting up to `jobsTimeoutMs` for running jobs), writes the queued audit entries, then closes every connection. */
  close(options?: { jobsTimeoutMs?: number }): Promise<void>;
}

export interface RuntimeOptions {
  config?: Config;
  /** A database already opening (the server's entry starts it before loading the rest); by default opened here. */
  database?: Promise<DatabaseHandle>;
  runWorkers?: boolean;
  /**
   * Every module's job handlers (default true). The command line sends no job and starts no queue:
   * it leaves them out, and with them the modules they load.
   */
  defineJobs?: boolean;
  // What the tests put in place of a part (tests build the app through this same function):
  log?: pino.Logger;
  now?: () => Date;
  events?: EventBus;
  rateLimiter?: RateLimiter;
  /** Wraps the configured mailer (tests record what is sent). */
  wrapMailer?: (mailer: Mailer) => Mailer;
  jobPollingIntervalSeconds?: number;
}

/** The process logger's options: the secret-stripping serializers and redactions (tests capture lines with the same). */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'headers.authorization', 'authorization', 'password', 'refresh_token', 'access_token', '*.password', '*.token', 'token'],
    serializers: logSerializers,
  };
}

function createLogger(config: Config): pino.Logger {
  const logOptions = loggerOptions(config.LOG_LEVEL);
  return resolveLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)) === 'pretty' ? pino(logOptions, createPrettyStream(process.stdout)) : pino(logOptions);
}

/** Config → database → migrations → job definitions. Shared by the server, the worker, the CLI and the tests. */
export async function createRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? createLogger(config);
  const database = await (options.database ?? openDatabase(databaseOptions(config)));
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const jobs = createJobQueue({
    executor: database,
    runWorkers: options.runWorkers ?? config.PROCESS_ROLE !== 'api',
    pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    maintenanceIntervalSeconds: config.JOB_MAINTENANCE_INTERVAL_SECONDS,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    now: options.now ?? (() => new Date()),
    log,
    events: options.events ?? createEventBus(config, database.kind, (error) => log.error({ err: error }, 'event bus error')),
    mailer: (options.wrapMailer ?? ((mailer) => mailer))(createMailer(config, (message) => storeOutboxMail(database.db, message))),
    rateLimiter: options.rateLimiter ?? createRateLimiter(config, (error) => log.error({ err: error }, 'rate limiter error')),
  };
  if (options.defineJobs ?? true) (await import('./jobs')).registerAllJobs(ctx);
  return {
    ctx,
    async close({ jobsTimeoutMs } = {}) {
      await jobs.stop(jobsTimeoutMs);
      // The screening entries written behind their answers (audit.queue.ts) before the database goes.
      await flushAuditQueue(ctx).catch((error) => log.error({ err: error }, 'audit entries still queued could not be written'));
      await ctx.events.close();
      await ctx.rateLimiter.close();
      await ctx.mailer.close?.();
      await database.close();
    },
  };
}
