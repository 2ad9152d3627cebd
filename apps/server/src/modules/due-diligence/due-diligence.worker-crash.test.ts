import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DueReport } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDb } from '../../../test/build-test-app';
import { createDueBody } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { exited, freePort, killAll, openEventStream, serverEnv, startNarrativeStub, startServer, waitForHealth, type NarrativeStub } from '../../../test/processes';
import { loadConfig } from '../../config';
import { dueReports } from '../../db/schema';
import { createRuntime } from '../../runtime';

/**
 * The process running a report's job is killed with SIGKILL in the middle of it (the job has
 * started and waits on the narrative model), then started again: the job, left active by the dead
 * worker, is handed out again once it expires, and the report ends ready, produced once and
 * announced once. On PostgreSQL the worker is its own process beside an API process that stays up;
 * on PGlite (one process owns the database) the whole server is the worker.
 */
describe('due diligence report across a kill -9 of its worker mid-job', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-dd-worker-crash-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  // The first run's narrative request is never answered: the job stays in the middle until the kill.
  let stub: NarrativeStub;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (testDb === 'postgres') scratch = await createScratchDatabase();
    stub = await startNarrativeStub();
    env = serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      LLM_BASE_URL: stub.baseUrl('server'),
      // Short enough for a test, long enough that the first run cannot expire before the kill.
      DUE_REPORT_EXPIRE_SECONDS: '8',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    });
  });

  afterAll(async () => {
    await killAll(children);
    await stub.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the interrupted report exactly once after the worker restarts', async () => {
    const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    const { headers } = await createSignedInUser(setup.ctx, { planCode: 'pro' });
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const split = testDb === 'postgres';
    const startWorker = () => {
      const worker = split ? startServer({ ...env, PORT: '0', PROCESS_ROLE: 'worker' }) : startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'all' });
      children.push(worker);
      return worker;
    };
    if (split) children.push(startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'api' }));
    const first = startWorker();
    await waitForHealth(base);

    const response = await fetch(`${base}/due/create`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(createDueBody()) });
    expect(response.status).toBe(201);
    const created = (await response.json()) as DueReport;
    // The job has been picked up and is half-way: it asked for the narrative.
    await vi.waitFor(() => expect(stub.calls).toHaveLength(1), { timeout: 60_000, interval: 50 });
    if (scratch) {
      const sql = new pg.Client({ connectionString: scratch.url });
      await sql.connect();
      try {
        const { rows } = await sql.query(`select state from pgboss.job where name = 'due-report' and data->>'reportId' = $1`, [created.id]);
        expect(rows).toEqual([{ state: 'active' }]);
      } finally {
        await sql.end();
      }
    }
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');

    startWorker();
    await waitForHealth(base);
    const stream = await openEventStream(base, headers);
    stub.open();

    await vi.waitFor(
      async () => {
        const report = (await (await fetch(`${base}/due/report/${created.id}`, { headers })).json()) as DueReport;
        expect(report.status).toBe('ready');
      },
      { timeout: 90_000, interval: 250 },
    );
    // Stopping every process gracefully ends the stream; everything announced is then in it.
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    await stream.ended;

    expect(stream.count('report_ready')).toBe(1);
    // The killed run's request and the retry's: no third run.
    expect(stub.calls).toHaveLength(2);
    const check = await createRuntime({ config: loadConfig(env), runWorkers: false });
    try {
      const [stored] = await check.ctx.db.select().from(dueReports).where(eq(dueReports.id, created.id));
      expect(stored).toMatchObject({ status: 'ready', attempts: 2 });
    } finally {
      await check.close();
    }
  }, 240_000);
});
