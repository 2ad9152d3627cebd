import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { createMemoryEventBus } from '../src/integrations/events/event-bus';
import { recordSentMail, type MailMessage } from '../src/integrations/mail/mailer';
import { createLibraryRateLimiter } from '../src/lib/rate-limiter';
import { createRuntime, loggerOptions } from '../src/runtime';
import { createScratchDatabase as createPlainScratchDatabase } from '../../../scripts/scratch-database.mjs';

export type TestDb = 'pglite' | 'postgres';

/** The Redis the Redis-backed tests use: CI sets TEST_REDIS_URL to its own; a local redis-server otherwise. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Which database this test project runs on (vitest sets TEST_DB per project). */
export const testDb: TestDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh PostgreSQL database per test file, so that files run in parallel without sharing rows
 * (the benchmarks use it too, with their own prefix).
 */
export async function createScratchDatabase(
  base = process.env.DATABASE_URL,
  prefix = 'fd_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return createPlainScratchDatabase(base, prefix);
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /** Start the job queue (with workers) — only the tests that exercise jobs need it. */
  startJobs?: boolean;
  webDistDir?: string;
  /** 'auto' picks the production bus (LISTEN/NOTIFY on PostgreSQL, Redis with REDIS_URL); default memory. */
  eventBus?: 'memory' | 'auto';
  /** 'redis' uses the Redis store at testRedisUrl; default memory (real clock: fake Date to move it). */
  rateLimiter?: 'memory' | 'redis';
  /**
   * Keeps every JSON log line (the process logger's options, at info level) in `logLines`, the
   * request log included: for tests of what reaches the log.
   */
  captureLogs?: boolean;
}

export interface TestContext {
  ctx: AppContext;
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  /** Moves the context's clock; `now()` then answers the given time. */
  setNow(date: Date | null): void;
  /** Every message sent through ctx.mailer (any transport), oldest first. */
  sentMail: MailMessage[];
  /** With `captureLogs`: every log line written, as JSON text, oldest first (else empty). */
  logLines: string[];
  close(): Promise<void>;
}

/**
 * The same app production builds, through the same createRuntime (config, database, migrations, jobs,
 * mailer, bus, limiter), on a throwaway database of the project's kind; only the logger, the clock,
 * the bus (unless 'auto'), the limiter's store and a recorder around the mailer are the test's.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const scratch = testDb === 'postgres' ? await createScratchDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: scratch?.url ?? 'memory://',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests that change rows behind the services' back need every request to read the database.
    AUTH_CACHE_TTL_MS: '0',
    // Load shedding off: a busy test machine must not turn answers into 503 (its own test turns it on).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...(options.captureLogs ? { LOG_FORMAT: 'json' } : {}),
    ...options.env,
  });
  let fixedNow: Date | null = null;
  let mailer: ReturnType<typeof recordSentMail> | undefined;
  const logLines: string[] = [];
  const log = options.captureLogs
    ? pino({ ...loggerOptions('info'), level: 'info' }, { write: (line: string) => void logLines.push(...line.split('\n').filter((part) => part.trim() !== '')) })
    : pino({ level: 'silent' });
  const runtime = await createRuntime({
    config,
    runWorkers: options.startJobs ?? false,
    jobPollingIntervalSeconds: 0.5,
    log,
    now: () => (fixedNow ? new Date(fixedNow) : new Date()),
    // 'auto' leaves the production choice to createRuntime.
    events: options.eventBus === 'auto' ? undefined : createMemoryEventBus(),
    rateLimiter:
      options.rateLimiter === 'redis'
        ? createLibraryRateLimiter({ redisUrl: testRedisUrl, prefix: `fueldesk:test:${randomUUID()}:` })
        : createLibraryRateLimiter(),
    wrapMailer: (inner) => (mailer = recordSentMail(inner)),
  });
  const { ctx } = runtime;
  if (options.startJobs) await ctx.jobs.start();
  const app = await buildApp(ctx, { webDistDir: options.webDistDir ?? '/nonexistent-web-dist', ...(options.captureLogs ? { loggerInstance: log } : {}) });
  await app.ready();
  return {
    ctx,
    app,
    config,
    setNow(date) {
      fixedNow = date;
    },
    sentMail: mailer!.sent,
    logLines,
    async close() {
      await app.close();
      await runtime.close({ jobsTimeoutMs: 2_000 });
      await scratch?.drop();
    },
  };
}
