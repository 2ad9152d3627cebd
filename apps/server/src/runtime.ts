import pino from 'pino';
import { logSerializers } from './lib/log-serializers';
import { createPrettyStream, resolveLogFormat } from './lib/log-output';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type OpenDatabaseOptions } from './db/client';
import { createEventBus, type EventBus } from './integrations/events/event-bus';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { registerAllJobs } from './jobs';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { createJobQueue } from './jobs/queue';

export interface Runtime {
  ctx: AppContext;
  /** Stops the job queue (waiting up to `jobsTimeoutMs` for running jobs), then closes every connection. */
  close(options?: { jobsTimeoutMs?: number }): Promise<void>;
}

export interface RuntimeOptions {
  config?: Config;
  runWorkers?: boolean;
  // What the tests put in place of a part (tests build the app through this same function):
  log?: pino.Logger;
  now?: () => Date;
  events?: EventBus;
  rateLimiter?: RateLimiter;
  /** Wraps the configured mailer (tests record what is sent). */
  wrapMailer?: (mailer: Mailer) => Mailer;
  jobPollingIntervalSeconds?: number;
}

function createLogger(config: Config): pino.Logger {
  const logOptions: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'password', 'refresh_token', 'access_token', '*.password'],
    serializers: logSerializers,
  };
  return resolveLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)) === 'pretty' ? pino(logOptions, createPrettyStream(process.stdout)) : pino(logOptions);
}

/** Config → database → migrations → job definitions. Shared by the server, the worker, the CLI and the tests. */
export async function createRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? createLogger(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, ...databaseLimits(config) });
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
    mailer: (options.wrapMailer ?? ((mailer) => mailer))(createMailer(config, database.db)),
    rateLimiter: options.rateLimiter ?? createRateLimiter(config, (error) => log.error({ err: error }, 'rate limiter error')),
  };
  registerAllJobs(ctx);
  return {
    ctx,
    async close({ jobsTimeoutMs } = {}) {
      await jobs.stop(jobsTimeoutMs);
      await ctx.events.close();
      await ctx.rateLimiter.close();
      await ctx.mailer.close?.();
      await database.close();
    },
  };
}

/** The pool size and timeouts of the configuration, for openDatabase. */
export function databaseLimits(config: Config): Pick<OpenDatabaseOptions, 'timeouts' | 'poolMax'> {
  return {
    poolMax: config.DB_POOL_MAX,
    timeouts: {
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      idleTransactionMs: config.DB_IDLE_TRANSACTION_TIMEOUT_MS,
    },
  };
}
