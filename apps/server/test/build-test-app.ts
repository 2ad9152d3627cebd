import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { createMemoryEventBus } from '../src/integrations/events/event-bus';
import { recordSentMail, type MailMessage } from '../src/integrations/mail/mailer';
import { createLibraryRateLimiter } from '../src/lib/rate-limiter';
import { createRuntime, loggerOptions } from '../src/runtime';
import { createScratchDatabase as createPlainScratchDatabase } from '../../../scripts/scratch-database.mjs';
import { ensurePgliteTestTemplate, ensurePostgresTestTemplate } from './database-templates';

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
  options: { migrated?: boolean; asynchronousCommit?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  // migrated: a copy of the migrated template (test/database-templates.ts) instead of an empty database.
  const template = options.migrated ? await ensurePostgresTestTemplate(base) : undefined;
  return createPlainScratchDatabase(base, prefix, { template, asynchronousCommit: options.asynchronousCommit });
}

/**
 * Where a test's PGlite directory goes: /dev/shm (memory, as the in-memory database it replaces) when
 * the machine has one, else the temp folder.
 */
function scratchDirRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/**
 * A fresh embedded database directory per test context, filled by openDatabase from the migrated
 * template as at a fresh install's first start (db/pglite-template.ts).
 */
async function createScratchDataDir(): Promise<{ dir: string; drop: () => void }> {
  await ensurePgliteTestTemplate();
  const dir = mkdtempSync(path.join(scratchDirRoot(), 'fd-test-'));
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
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
  /**
   * Starts from an empty database that createRuntime migrates (PGlite in memory, from initdb; an empty
   * PostgreSQL database) rather than from a copy of the migrated template: for the tests of migrating.
   */
  emptyDatabase?: boolean;
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
 * mailer, bus, limiter), on a throwaway database of the project's kind (a copy of the migrated
 * template unless `emptyDatabase`); only the logger, the clock, the bus (unless 'auto'), the
 * limiter's store and a recorder around the mailer are the test's.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const empty = options.emptyDatabase ?? false;
  // Asynchronous commits: a commit waited ~10 ms for the disk on a loaded machine (against ~2 ms),
  // for no test's sake (none crashes the PostgreSQL server).
  const scratch = testDb === 'postgres' ? await createScratchDatabase(undefined, undefined, { migrated: !empty, asynchronousCommit: true }) : null;
  const dataDir = testDb === 'pglite' && !empty ? await createScratchDataDir() : null;
  const dropDatabase = async () => {
    await scratch?.drop();
    dataDir?.drop();
  };
  try {
    return await buildTestContext(options, scratch?.url ?? (dataDir ? '' : 'memory://'), dataDir?.dir, dropDatabase);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

async function buildTestContext(
  options: TestContextOptions,
  databaseUrl: string,
  dataDir: string | undefined,
  dropDatabase: () => Promise<void>,
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Empty: the embedded database in DATA_DIR.
    DATABASE_URL: databaseUrl,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
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
      await dropDatabase();
    },
  };
}
