import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DueReport } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDb } from '../../../test/build-test-app';
import { createDueBody } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { exited, freePort, killAll, openEventStream, serverEnv, startNarrativeStub, startServer, waitForHealth, type NarrativeStub } from '../../../test/processes';
import { loadConfig } from '../../config';
import { dueReports } from '../../db/schema';
import { createRuntime } from '../../runtime';

/**
 * The real server process, killed with SIGKILL while a report's job is queued, then started again:
 * the report must end ready, produced once and announced once. The first server runs as
 * PROCESS_ROLE=api (no workers) so the job is certainly still pending when it dies.
 */
describe('due diligence report across a kill -9 of the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-dd-crash-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  // The narrative model answers only once the test listens on SSE, so report_ready cannot be missed.
  let stub: NarrativeStub;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (testDb === 'postgres') scratch = await createScratchDatabase();
    stub = await startNarrativeStub();
    env = serverEnv({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', LLM_BASE_URL: stub.baseUrl('server') });
  });

  afterAll(async () => {
    await killAll(children);
    await stub.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes the queued report exactly once after a restart', async () => {
    // A Pro user, written straight into the database the server will open.
    const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    const { headers } = await createSignedInUser(setup.ctx, { planCode: 'pro' });
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;

    const first = startServer({ ...env, PORT: String(port), PROCESS_ROLE: 'api' });
    children.push(first);
    await waitForHealth(base);
    const response = await fetch(`${base}/due/create`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(createDueBody()) });
    expect(response.status).toBe(201);
    const created = (await response.json()) as DueReport;
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

    await vi.waitFor(
      async () => {
        const report = (await (await fetch(`${base}/due/report/${created.id}`, { headers })).json()) as DueReport;
        expect(report.status).toBe('ready');
      },
      { timeout: 60_000, interval: 250 },
    );
    // A graceful stop ends the stream; everything the server announced is then in the stream's text.
    second.kill('SIGTERM');
    await exited(second);
    await stream.ended;

    expect(stream.count('report_ready')).toBe(1);
    expect(stub.calls).toHaveLength(1);
    const check = await createRuntime({ config: loadConfig(env), runWorkers: false });
    try {
      const [stored] = await check.ctx.db.select().from(dueReports).where(eq(dueReports.id, created.id));
      expect(stored).toMatchObject({ status: 'ready', attempts: 1 });
    } finally {
      await check.close();
    }
  }, 180_000);
});
