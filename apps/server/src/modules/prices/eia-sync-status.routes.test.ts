import { eiaSyncMessages, withParams, type EiaSyncStatus } from '@fueldesk/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/build-test-app';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { startEiaTestServer, type EiaTestServer } from '../../../test/eia-api-server';
import { createSignedInUser } from '../../../test/factories';
import { en, es } from '../../../test/messages';
import { describeEiaSyncError, runEiaSyncJob } from './eia-sync-status.service';
import { insertEiaSyncRun } from './eia-sync-runs.repository';
import { EiaApiError } from '../../integrations/market-data/eia-api';

const API_KEY = 'sync-status-key';
const EIA_ROWS = [
  { series: 'RWTC', period: '2024-01-02', value: '70.38' },
  { series: 'RWTC', period: '2024-01-03', value: '72.72' },
  { series: 'RBRTE', period: '2024-01-02', value: '75.89' },
];

type Admin = Awaited<ReturnType<typeof createSignedInUser>>;

let server: EiaTestServer;

beforeAll(async () => {
  server = await startEiaTestServer(EIA_ROWS, API_KEY);
});
afterAll(() => server.close());

const call = (t: TestContext, method: 'GET' | 'POST', headers: Record<string, string>, language = 'en') =>
  t.app.inject({ method, url: '/api/admin/prices/sync', headers: { ...headers, 'accept-language': language } });

async function status(t: TestContext, admin: Admin, language = 'en'): Promise<EiaSyncStatus> {
  const response = await call(t, 'GET', admin.headers, language);
  expect(response.statusCode).toBe(200);
  return response.json() as EiaSyncStatus;
}

async function auditActions(t: TestContext, admin: Admin) {
  const response = await t.app.inject({ method: 'GET', url: '/api/audit?action=price_sync.request', headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { action: string; actor_id: string | null }[] }).items;
}

describe('/api/admin/prices/sync without EIA_API_KEY', () => {
  const t = useTestContext();
  let admin: Admin;
  beforeAll(async () => {
    admin = await createSignedInUser(t.ctx, { role: 'admin' });
  });

  it('is for administrators only', async () => {
    const user = await createSignedInUser(t.ctx);
    for (const method of ['GET', 'POST'] as const) {
      expect((await t.app.inject({ method, url: '/api/admin/prices/sync' })).statusCode).toBe(401);
      expect((await call(t, method, user.headers)).statusCode).toBe(403);
    }
  });

  it('says it is not configured, has never run and has no next run; "sync now" is refused in words, nothing queued or audited', async () => {
    expect(await status(t, admin)).toEqual({ configured: false, cron: '30 6 * * *', next_run_at: null, busy: false, retry_at: null, last_success_at: null, runs: [] });
    const refused = await call(t, 'POST', admin.headers, 'es');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', key: eiaSyncMessages.noKey, detail: es(eiaSyncMessages.noKey) });
    expect((await status(t, admin)).busy).toBe(false);
    expect(await auditActions(t, admin)).toEqual([]);
  });

  it('a job that runs without a key anyway (sent by hand) is recorded as failed, in words, and not retried', async () => {
    await expect(runEiaSyncJob(t.ctx, null, randomUUID())).resolves.toBeUndefined();
    const [run] = (await status(t, admin, 'es')).runs;
    expect(run).toMatchObject({ trigger: 'schedule', status: 'failed', attempt: 1, error_key: eiaSyncMessages.noKey, error: es(eiaSyncMessages.noKey) });
    expect(run!.finished_at).not.toBeNull();
  });
});

describe('POST /api/admin/prices/sync while a sync is queued', () => {
  it('queues one sync, audited, and answers 409 to the next until it has run', async () => {
    // No workers: the job stays queued.
    const t = await openTestContext({ env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } });
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const before = await status(t, admin);
    expect(before).toMatchObject({ configured: true, busy: false, runs: [] });
    // The default schedule (EIA_SYNC_CRON, UTC): the next 06:30 to come.
    expect(before.next_run_at).toMatch(/T06:30:00\.000Z$/);
    expect(Date.parse(before.next_run_at!) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(before.next_run_at!) - Date.now()).toBeLessThanOrEqual(86_400_000);
    const queued = await call(t, 'POST', admin.headers);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ busy: true, runs: [] });
    const again = await call(t, 'POST', admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: eiaSyncMessages.alreadyRunning, detail: en(eiaSyncMessages.alreadyRunning) });
    expect(await auditActions(t, admin)).toEqual([expect.objectContaining({ action: 'price_sync.request', actor_id: admin.user.id })]);
  });
});

describe('the sync runs, recorded and shown', () => {
  const t = useTestContext(() => ({ startJobs: true, env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } }));
  let admin: Admin;
  beforeAll(async () => {
    admin = await createSignedInUser(t.ctx, { role: 'admin' });
  });

  /** The status once `runs` runs are recorded and the last one has ended (and `also` holds). */
  const settled = (runs: number, also: (body: EiaSyncStatus) => void = () => undefined) =>
    vi.waitFor(
      async () => {
        const body = await status(t, admin);
        expect(body.runs).toHaveLength(runs);
        expect(body.runs[0]!.status).not.toBe('running');
        also(body);
        return body;
      },
      { timeout: 20_000, interval: 200 },
    );

  it('"sync now" runs the sync and shows the rows written', async () => {
    expect((await call(t, 'POST', admin.headers)).statusCode).toBe(202);
    const body = await settled(1);
    expect(body.runs[0]).toMatchObject({ trigger: 'manual', status: 'succeeded', attempt: 1, rows_written: EIA_ROWS.length, error: null, error_key: null });
    expect(body.last_success_at).toBe(body.runs[0]!.finished_at);
    expect(body).toMatchObject({ busy: false, retry_at: null });
  });

  it('a failed sync is recorded with its reason in the reader\'s language, and pg-boss will retry it later', async () => {
    server.failNext(403);
    expect((await call(t, 'POST', admin.headers)).statusCode).toBe(202);
    // The run is recorded before pg-boss moves the job to its retry: wait for both.
    const body = await settled(2, (current) => expect(current.retry_at).not.toBeNull());
    const message = withParams(eiaSyncMessages.keyRefused, { status: 403 });
    expect(body.runs[0]).toMatchObject({ trigger: 'manual', status: 'failed', attempt: 1, rows_written: 0, error: en(message), error_key: eiaSyncMessages.keyRefused, error_params: { status: 403 } });
    expect(body.runs[1]!.status).toBe('succeeded');
    // The job waits for its retry (10 to 20 minutes the first time): shown, and "sync now" stays possible.
    expect(body.busy).toBe(false);
    expect(Date.parse(body.retry_at!)).toBeGreaterThan(Date.now() + 5 * 60_000);
    expect((await status(t, admin, 'es')).runs[0]!.error).toBe(es(message));
    // The import history has it too.
    const history = await t.app.inject({ method: 'GET', url: '/api/admin/price-imports?page_size=1', headers: admin.headers });
    expect((history.json() as { items: { refused: boolean; format: string }[] }).items[0]).toMatchObject({ refused: true, format: 'eia-api' });
    expect((await auditActions(t, admin)).length).toBe(2);
  });
});

describe('a retried job', () => {
  it('is one run per attempt, counted by its job id', async () => {
    const t = await openTestContext({ env: { EIA_API_KEY: API_KEY, EIA_API_BASE_URL: server.baseUrl } });
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const jobId = randomUUID();
    server.failNext(403, 403);
    // The clock moves seconds only: the admin's session stays valid.
    const base = Date.now();
    const at = (seconds: number) => new Date(base + seconds * 1000);
    t.setNow(at(1));
    await expect(runEiaSyncJob(t.ctx, {}, jobId)).rejects.toThrow(/403/);
    t.setNow(at(2));
    await expect(runEiaSyncJob(t.ctx, {}, jobId)).rejects.toThrow(/403/);
    t.setNow(at(3));
    await runEiaSyncJob(t.ctx, {}, jobId);
    const body = await status(t, admin);
    expect(body.runs.map((run) => [run.attempt, run.status, run.rows_written])).toEqual([
      [3, 'succeeded', EIA_ROWS.length],
      [2, 'failed', 0],
      [1, 'failed', 0],
    ]);
    expect(body.last_success_at).toBe(at(3).toISOString());

    // A run left "running" by a process that died shows as interrupted; a live one makes the sync busy.
    await insertEiaSyncRun(t.ctx.db, { trigger: 'schedule', requestedBy: null, jobId: null, startedAt: at(-3600) });
    expect((await status(t, admin)).runs.at(-1)).toMatchObject({ status: 'interrupted', error: en(eiaSyncMessages.interrupted), finished_at: null });
    expect((await status(t, admin)).busy).toBe(false);
    await insertEiaSyncRun(t.ctx.db, { trigger: 'manual', requestedBy: admin.user.id, jobId: null, startedAt: at(-60) });
    t.setNow(at(4));
    const live = await status(t, admin);
    expect(live.busy).toBe(true);
    expect(live.runs.find((run) => run.trigger === 'manual')).toMatchObject({ status: 'running', error: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/prices/sync', headers: admin.headers })).statusCode).toBe(409);
  });
});

describe('describeEiaSyncError', () => {
  it('puts each kind of failure into a message', () => {
    expect(describeEiaSyncError(new EiaApiError('EIA API answered 401', 401))).toEqual({ key: eiaSyncMessages.keyRefused, params: { status: 401 } });
    expect(describeEiaSyncError(new EiaApiError('EIA API answered 429', 429))).toEqual({ key: eiaSyncMessages.rateLimited, params: null });
    expect(describeEiaSyncError(new EiaApiError('EIA API answered 503', 503))).toEqual({ key: eiaSyncMessages.unavailable, params: { status: 503 } });
    expect(describeEiaSyncError(new EiaApiError('EIA API unreachable (api.eia.gov): ECONNREFUSED', null, true))).toEqual({ key: eiaSyncMessages.unreachable, params: null });
    expect(describeEiaSyncError(new EiaApiError('EIA API answer has no response.data', null))).toEqual({ key: eiaSyncMessages.badAnswer, params: null });
    expect(describeEiaSyncError(new Error('disk full.'))).toEqual({ key: eiaSyncMessages.failed, params: { reason: 'disk full' } });
  });
});
