import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { exited, freePort, openEventStream, startServer, waitForHealth } from '../../../test/processes';
import { createProUser, readStoredReport, requestReport, useReportProcessHarness, waitForReportReady } from '../../../test/report-processes';

/**
 * The process running a report's job is killed with SIGKILL in the middle of it (the job has
 * started and waits on the narrative model), then started again: the job, left active by the dead
 * worker, is handed out again once it expires, and the report ends ready, produced once and
 * announced once. On PostgreSQL the worker is its own process beside an API process that stays up;
 * on PGlite (one process owns the database) the whole server is the worker.
 */
describe('due diligence report across a kill -9 of its worker mid-job', () => {
  // The first run's narrative request is never answered: the job stays in the middle until the kill.
  const harness = useReportProcessHarness('dd-worker-crash', {
    // Short enough for a test, long enough that the first run cannot expire before the kill.
    DUE_REPORT_EXPIRE_SECONDS: '8',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  });

  it('finishes the interrupted report exactly once after the worker restarts', async () => {
    const { env, stub, children, scratchUrl } = harness;
    const headers = await createProUser(env);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const split = scratchUrl !== null;
    const startWorker = () => {
      const worker = split ? startServer({ ...env, PORT: '0', PROCESS_ROLE: 'worker' }) : startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'all' });
      children.push(worker);
      return worker;
    };
    if (split) children.push(startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'api' }));
    const first = startWorker();
    await waitForHealth(base);

    const created = await requestReport(base, headers);
    // The job has been picked up and is half-way: it asked for the narrative.
    await vi.waitFor(() => expect(stub.calls).toHaveLength(1), { timeout: 60_000, interval: 50 });
    if (scratchUrl) {
      const sql = new pg.Client({ connectionString: scratchUrl });
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

    await waitForReportReady(base, headers, created.id, 90_000);
    // The announcement travels from the worker through the database to the API process: on a busy
    // machine it can arrive after the report is stored, and a stop before then would lose it.
    await vi.waitFor(() => expect(stream.count('report_ready')).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    // Stopping every process gracefully ends the stream; everything announced is then in it.
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    await stream.ended;

    expect(stream.count('report_ready')).toBe(1);
    // The killed run's request and the retry's: no third run.
    expect(stub.calls).toHaveLength(2);
    expect(await readStoredReport(env, created.id)).toMatchObject({ status: 'ready', attempts: 2 });
  }, 240_000);
});
