import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase } from '../src/db/client';
import { createEventBus, createMemoryEventBus } from '../src/integrations/events/event-bus';
import { createMailer, recordSentMail, type MailMessage } from '../src/integrations/mail/mailer';
import { registerAllJobs } from '../src/jobs';
import { createLibraryRateLimiter } from '../src/lib/rate-limiter';
import { createJobQueue } from '../src/jobs/queue';
import { databaseLimits } from '../src/runtime';

export type TestDb = 'pglite' | 'postgres';

/** Which database this test project runs on (vitest sets TEST_DB per project). */
export const testDb: TestDb = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh PostgreSQL database per test file, so that files run in parallel without sharing rows. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `fd_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /** Start the job queue (with workers) — only the tests that exercise jobs need it. */
  startJobs?: boolean;
  webDistDir?: string;
  /** 'auto' picks the production bus (LISTEN/NOTIFY on PostgreSQL, Redis with REDIS_URL); default memory. */
  eventBus?: 'memory' | 'auto';
  /** 'redis' uses the Redis store at REDIS_URL (127.0.0.1:6379 unless set); default memory (real clock: fake Date to move it). */
  rateLimiter?: 'memory' | 'redis';
}

export interface TestContext {
  ctx: AppContext;
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  /** Moves the context's clock; `now()` then answers the given time. */
  setNow(date: Date | null): void;
  /** Every message sent through ctx.mailer (any transport), oldest first. */
  sentMail: MailMessage[];
  close(): Promise<void>;
}

/** The same app production builds, on a throwaway database of the project's kind. */
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
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, ...databaseLimits(config) });
  await database.migrate();
  let fixedNow: Date | null = null;
  const mailer = recordSentMail(createMailer(config, database.db));
  const jobs = createJobQueue({ executor: database, runWorkers: options.startJobs ?? false, pollingIntervalSeconds: 0.5 });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jobs,
    now: () => (fixedNow ? new Date(fixedNow) : new Date()),
    log: pino({ level: 'silent' }),
    events: options.eventBus === 'auto' ? createEventBus(config, database.kind) : createMemoryEventBus(),
    mailer,
    rateLimiter:
      options.rateLimiter === 'redis'
        ? createLibraryRateLimiter({ redisUrl: config.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: `fueldesk:test:${randomUUID()}:` })
        : createLibraryRateLimiter(),
  };
  registerAllJobs(ctx);
  if (options.startJobs) await jobs.start();
  const app = await buildApp(ctx, { webDistDir: options.webDistDir ?? '/nonexistent-web-dist' });
  await app.ready();
  return {
    ctx,
    app,
    config,
    setNow(date) {
      fixedNow = date;
    },
    sentMail: mailer.sent,
    async close() {
      await app.close();
      await jobs.stop(2_000);
      await ctx.events.close();
      await ctx.rateLimiter.close();
      await ctx.mailer.close?.();
      await database.close();
      await scratch?.drop();
    },
  };
}
