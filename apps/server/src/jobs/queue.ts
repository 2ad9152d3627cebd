import type PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client';
import { settleCronDates } from '../lib/cron-parser';

export type JobHandler<T = unknown> = (data: T, meta: { id: string; retryCount: number }) => Promise<void>;

export interface JobDefinition<T = any> {
  name: string;
  handler: JobHandler<T>;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Jobs of this queue one process runs at once (default 1): as many pg-boss workers, each fetching
   * one job at a time, so a job's failure and retry stay its own.
   */
  concurrency?: number;
  /**
   * How often an idle worker asks for this queue's jobs (seconds, pg-boss's minimum 0.5), when
   * its latency is felt by a person: a price alert, a webhook. The others use the queue's default.
   */
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  /** Enqueues a job; resolves to its id. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Enqueues many jobs of one queue in one statement (pg-boss's insert: no ids back); a job whose
   * singleton key is already queued is skipped, as `send` does. `within`: a transaction's executor
   * (db/client.ts transactionExecutor), so that the jobs commit with it or not at all.
   */
  sendMany<T extends object>(name: string, jobs: { data: T; options?: Omit<PgBoss.JobInsert<T>, 'name' | 'data'> }[], within?: SqlExecutor): Promise<void>;
  /** Registers a handler; workers run only in 'all' and 'worker' processes. */
  define<T>(definition: JobDefinition<T>): void;
  /** startQueue, then startWorkers. */
  start(): Promise<void>;
  /** pg-boss and the queues (once, however often called): a job sent before it has ended waits for it. */
  startQueue(): Promise<void>;
  /** The handlers and schedules, in processes that run workers (the server calls it once it listens). */
  startWorkers(): Promise<void>;
  /** Stops fetching new jobs and waits for the active ones (graceful). */
  stop(timeoutMs?: number): Promise<void>;
  /** pg-boss itself, loaded on first use (the first job sent, or the queue's start). */
  boss(): Promise<PgBoss>;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  /** How often a worker process fails jobs active past their expiry, so that they are retried (pg-boss maintenance). */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

/**
 * pg-boss on the app's own database connection (PGlite or PostgreSQL) through executeSql. pg-boss is
 * loaded when first needed: its module graph (pg-boss, cron-parser, luxon, node-postgres, and Node's
 * fetch, which node-postgres' load pulls in) is not on the way to a server's first answer, nor loaded
 * by a command that sends no job.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  /**
   * pg-boss's statements not yet answered. pg-boss records a job's completion (or failure) without
   * waiting for it, so its graceful stop can return while that statement still runs; stop() waits
   * for them, or the database closed under it and the completion was lost (an unhandled "PGlite is
   * closed" in CI, on a loaded machine).
   */
  const pending = new Set<Promise<unknown>>();
  let loading: Promise<PgBoss> | null = null;
  const getBoss = () =>
    (loading ??= import('pg-boss').then(({ default: PgBossClass }) => {
      // Its schedules' dates without Intl (lib/cron-parser.ts).
      settleCronDates();
      const boss = new PgBossClass({
        db: {
          // Each statement first gives way to the event loop: on PGlite a statement runs on this thread,
          // and the queue's start after `listen` (pg-boss's checks, a worker's first fetch and a
          // schedule per queue, a few dozen statements) ran as one chain of promises, which kept
          // the first requests, /api/health among them, waiting until it ended.
          executeSql: (text, values) => {
            const statement = new Promise((resolve) => setImmediate(resolve)).then(() => options.executor.executeSql(text, values));
            pending.add(statement);
            const settled = () => void pending.delete(statement);
            statement.then(settled, settled);
            return statement;
          },
        },
        schedule: options.runWorkers,
        supervise: options.runWorkers,
        ...(options.maintenanceIntervalSeconds ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
        migrate: true,
      });
      boss.on('error', (error) => options.onError?.(error));
      return boss;
    }));
  const definitions = new Map<string, JobDefinition>();
  /** This process's pg-boss worker ids per queue, to wake one when a job is sent here. */
  const workerIds = new Map<string, string[]>();
  let nextWorker = 0;
  let started = false;
  /** startQueue's run: the server listens while it runs, and a job sent meanwhile waits for its queue. */
  let queueStarting: Promise<void> | null = null;

  const queue: JobQueue = {
    boss: getBoss,
    async send(name, data, sendOptions) {
      if (queueStarting) await queueStarting;
      const boss = await getBoss();
      const id = await boss.send(name, data, sendOptions ?? {});
      // A worker of this process fetches it now rather than at its next poll (others still poll).
      const ids = workerIds.get(name);
      if (id && ids && ids.length > 0 && !sendOptions?.startAfter) boss.notifyWorker(ids[nextWorker++ % ids.length]!);
      return id;
    },
    async sendMany(name, jobs, within) {
      if (jobs.length === 0) return;
      if (queueStarting) await queueStarting;
      const boss = await getBoss();
      const rows = jobs.map((job) => ({ ...job.options, name, data: job.data }));
      // Inside a transaction the jobs are not visible until it commits: the workers find them at their next poll.
      if (within) return void (await boss.insert(rows, { db: within }));
      await boss.insert(rows);
      const ids = workerIds.get(name) ?? [];
      for (let k = 0; k < Math.min(jobs.length, ids.length); k++) boss.notifyWorker(ids[nextWorker++ % ids.length]!);
    },
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition);
    },
    async start() {
      await queue.startQueue();
      await queue.startWorkers();
    },
    startQueue() {
      queueStarting ??= (async () => {
        await (await getBoss()).start();
        started = true;
        // A restart finds its queues made: create_queue takes a lock and checks partitions for each, slow on PGlite.
        const existing = new Set((await options.executor.executeSql('SELECT name FROM pgboss.queue')).rows.map((row: { name: string }) => row.name));
        for (const definition of definitions.values()) {
          if (!existing.has(definition.name)) await createQueueOnce(options.executor, definition);
        }
      })();
      return queueStarting;
    },
    async startWorkers() {
      if (!options.runWorkers || !started) return;
      const boss = await getBoss();
      for (const definition of definitions.values()) {
        const ids: string[] = [];
        workerIds.set(definition.name, ids);
        for (let index = 0; index < Math.max(1, definition.concurrency ?? 1); index += 1) {
          let workerId = '';
          workerId = await boss.work<object>(
            definition.name,
            { pollingIntervalSeconds: Math.min(definition.pollingIntervalSeconds ?? Infinity, options.pollingIntervalSeconds ?? 2), batchSize: 1 },
            async (jobs) => {
              for (const job of jobs) {
                await definition.handler(job.data, { id: job.id, retryCount: 0 });
              }
              // pg-boss waits out its polling interval after every fetch, a job found or not: a worker
              // that just finished one fetches the next at once, while the queue has work.
              if (jobs.length > 0 && workerId) boss.notifyWorker(workerId);
            },
          );
          ids.push(workerId);
        }
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await (await getBoss()).stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      // The completions of the last jobs (and whatever they set off) are written before the database may close.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  return queue;
}

/** Any fixed number: it names the lock that queue creation takes, on every process of one database. */
const CREATE_QUEUE_LOCK = 0x46_44_51_01;

/**
 * pg-boss's createQueue, one process at a time. Each new queue gets its own partition of
 * pgboss.job; processes starting together (two API processes and a worker on a new database)
 * created them at once and PostgreSQL broke the lock cycle by killing one with a deadlock. The
 * transaction lock and the call are one statement, so the lock is released when it ends.
 */
async function createQueueOnce(executor: SqlExecutor, definition: JobDefinition): Promise<void> {
  const options = { policy: 'standard', retryLimit: definition.retryLimit ?? 3, retryDelay: definition.retryDelaySeconds ?? 30, retryBackoff: true };
  // CI still saw one deadlock (40P01) between two processes starting together, in the partition's
  // foreign key on pgboss.queue. PostgreSQL rolls the victim's statement back whole, so it is retried;
  // create_queue does nothing for a queue that exists by then.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await executor.executeSql('SELECT pgboss.create_queue($1, $2) FROM (SELECT pg_advisory_xact_lock($3)) AS serialized', [
        definition.name,
        JSON.stringify(options),
        CREATE_QUEUE_LOCK,
      ]);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

const DEADLOCK_DETECTED = '40P01';
