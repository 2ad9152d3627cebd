import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from './queue';
import { useTestContext } from '../../test/test-context';
import { listHeartbeats } from '../modules/system/system.repository';
import { HEARTBEAT_JOB } from '../modules/system/system.service';

describe('background jobs (pg-boss on the app database)', () => {
  const t = useTestContext({ startJobs: true });

  it('runs a queued job through the worker into the database', async () => {
    const before = await listHeartbeats(t.ctx.db);
    const id = await t.ctx.jobs.send(HEARTBEAT_JOB, { source: 'wiring-test' });
    expect(id).toBeTruthy();
    await vi.waitFor(
      async () => {
        const rows = await listHeartbeats(t.ctx.db);
        expect(rows.length).toBeGreaterThan(before.length);
        expect(rows.some((row) => row.source === 'wiring-test')).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});

describe('an API-only process', () => {
  const t = useTestContext({ startJobs: false });
  beforeAll(async () => {
    await t.ctx.jobs.start();
  });

  it('queues jobs without running them', async () => {
    await t.ctx.jobs.send(HEARTBEAT_JOB, { source: 'api-only' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rows = await listHeartbeats(t.ctx.db);
    expect(rows.find((row) => row.source === 'api-only')).toBeUndefined();
  });
});

describe('a job sent while the queue starts', () => {
  const t = useTestContext({ startJobs: false });

  it('waits for its queue to be made, then is stored', async () => {
    const name = `late-queue-${crypto.randomUUID()}`;
    t.ctx.jobs.define({ name, handler: async () => {} });
    const starting = t.ctx.jobs.startQueue();
    const id = await t.ctx.jobs.send(name, { sent: 'while starting' });
    await starting;
    expect(id).toBeTruthy();
    const { rows } = await t.ctx.database.executeSql('SELECT name, data FROM pgboss.job WHERE id = $1', [id]);
    expect(rows).toEqual([{ name, data: { sent: 'while starting' } }]);
    expect(t.ctx.jobs.startQueue()).toBe(starting);
  });
});

describe('stopping the queue', () => {
  const t = useTestContext({ startJobs: false });

  it('returns only once the last job’s completion is written, so the database can close after it', async () => {
    const name = `slow-completion-${crypto.randomUUID()}`;
    let ran = false;
    let completions = 0;
    // The completion's statement is slow (a loaded machine): longer than pg-boss's 500 ms stop poll.
    const queue = createJobQueue({
      runWorkers: true,
      pollingIntervalSeconds: 0.5,
      executor: {
        async executeSql(text, values) {
          if (/completed_on = now\(\),\s+state = 'completed'/.test(text)) {
            completions += 1;
            await new Promise((resolve) => setTimeout(resolve, 1_500));
          }
          return t.ctx.database.executeSql(text, values);
        },
      },
    });
    queue.define({ name, handler: async () => void (ran = true) });
    await queue.start();
    const id = await queue.send(name, {});
    await vi.waitFor(() => expect(ran).toBe(true), { timeout: 15_000, interval: 20 });
    await queue.stop();
    expect(completions).toBe(1);
    const { rows } = await t.ctx.database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
