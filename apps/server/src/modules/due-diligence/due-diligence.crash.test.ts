import { describe, expect, it, vi } from 'vitest';
import { exited, freePort, openEventStream, startServer, waitForHealth } from '../../../test/processes';
import { createProUser, readStoredReport, requestReport, useReportProcessHarness, waitForReportReady } from '../../../test/report-processes';

/**
 * The real server process, killed with SIGKILL while a report's job is queued, then started again:
 * the report must end ready, produced once and announced once. The first server runs as
 * PROCESS_ROLE=api (no workers) so the job is certainly still pending when it dies.
 */
describe('due diligence report across a kill -9 of the server', () => {
  // The narrative model answers only once the test listens on SSE, so report_ready cannot be missed.
  const harness = useReportProcessHarness('dd-crash');

  it('completes the queued report exactly once after a restart', async () => {
    const { env, stub, children } = harness;
    const headers = await createProUser(env);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;

    const first = startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'api' });
    children.push(first);
    await waitForHealth(base);
    const created = await requestReport(base, headers);
    expect(created.status).toBe('processing');
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    expect(stub.calls).toHaveLength(0);

    const second = startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'all' });
    children.push(second);
    await waitForHealth(base);
    const stream = await openEventStream(base, headers);
    stub.open();

    await waitForReportReady(base, headers, created.id, 60_000);
    // On PostgreSQL the announcement comes back through the database's notifications, a round trip
    // after the report is stored: a stop before it arrives would lose it.
    await vi.waitFor(() => expect(stream.count('report_ready')).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    // A graceful stop ends the stream; everything the server announced is then in the stream's text.
    second.kill('SIGTERM');
    await exited(second);
    await stream.ended;

    expect(stream.count('report_ready')).toBe(1);
    expect(stub.calls).toHaveLength(1);
    expect(await readStoredReport(env, created.id)).toMatchObject({ status: 'ready', attempts: 1 });
  }, 180_000);
});
