import pino from 'pino';
import { logSerializers } from './lib/log-serializers';
import { createPrettyStream, resolveLogFormat } from './lib/log-output';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type OpenDatabaseOptions } from './db/client';
import { createEventBus } from './integrations/events/event-bus';
import { createMailer } from './integrations/mail/mailer';
import { registerAllJobs } from './jobs';
import { createRateLimiter } from './lib/rate-limiter';
import { createJobQueue } from './jobs/queue';

export interface Runtime {
  ctx: AppContext;
  close(): Promise<void>;
}

/** Config → database → migrations → job definitions. Shared by the server, the worker and the CLI. */
export async function createRuntime(options: { config?: Config; runWorkers?: boolean } = {}): Promise<Runtime> {
  const config = options.config ?? loadConfig();
  const logOptions: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'password', 'refresh_token', 'access_token', '*.password'],
    serializers: logSerializers,
  };
  const log =
    resolveLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)) === 'pretty' ? pino(logOptions, createPrettyStream(process.stdout)) : pino(logOptions);
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
    maintenanceIntervalSeconds: config.JOB_MAINTENANCE_INTERVAL_SECONDS,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    now: () => new Date(),
    log,
    events: createEventBus(config, database.kind, (error) => log.error({ err: error }, 'event bus error')),
    mailer: createMailer(config, database.db),
    rateLimiter: createRateLimiter(config, (error) => log.error({ err: error }, 'rate limiter error')),
  };
  registerAllJobs(ctx);
  return {
    ctx,
    async close() {
      await jobs.stop();
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
