import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client';

export type JobHandler<T = unknown> = (data: T, meta: { id: string; retryCount: number }) => Promise<void>;

export interface JobDefinition<T = any> {
  name: string;
  handler: JobHandler<T>;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface JobQueue {
  /** Enqueues a job; resolves to its id. */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Registers a handler; workers run only in 'all' and 'worker' processes. */
  define<T>(definition: JobDefinition<T>): void;
  start(): Promise<void>;
  /** Stops fetching new jobs and waits for the active ones (graceful). */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  executor: SqlExecutor;
  runWorkers: boolean;
  pollingIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

/** pg-boss on the app's own database connection (PGlite or PostgreSQL) through executeSql. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.executor.executeSql(text, values) },
    schedule: options.runWorkers,
    supervise: options.runWorkers,
    migrate: true,
  });
  boss.on('error', (error) => options.onError?.(error));
  const definitions = new Map<string, JobDefinition>();
  let started = false;

  return {
    boss,
    send(name, data, sendOptions) {
      return boss.send(name, data, sendOptions ?? {});
    },
    define(definition) {
      definitions.set(definition.name, definition as JobDefinition);
    },
    async start() {
      await boss.start();
      started = true;
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name, {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: definition.retryDelaySeconds ?? 30,
          retryBackoff: true,
        });
        if (!options.runWorkers) continue;
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async (jobs) => {
            for (const job of jobs) {
              await definition.handler(job.data, { id: job.id, retryCount: 0 });
            }
          },
        );
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
