import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DueReport, LoginResponse } from '@fueldesk/contracts';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/lib/passwords';
import { createRuntime } from '../src/runtime';
import { uniqueEmail } from './auth-helpers';
import { createScratchDatabase, testRedisUrl } from './build-test-app';
import { createDueBody } from './due-diligence';
import { createSignedInUser, createUser } from './factories';
import { freePort, killAll, openEventStream, serverEnv, startNarrativeStub, startServer, waitForHealth, type EventStream, type NarrativeStub } from './processes';

/**
 * The deployment the README describes for scale: two API processes (PROCESS_ROLE=api) and one
 * worker (PROCESS_ROLE=worker) on one PostgreSQL database and one Redis, as separate processes.
 * Whatever one API process decides (sessions, revocations, rate limits, events) the other must
 * honour, and background jobs run in the worker only, once.
 */
const REDIS_URL = testRedisUrl;
const password = 'Secret123';
/**
 * DECISIONS.md: a revocation takes effect at once on every instance; the issue bounds it at one second.
 * The processes keep a session's state for a minute here (AUTH_CACHE_TTL_MS), so a revocation seen
 * within this wait was pushed to the other process, not read once its cache ran out; the wait itself
 * is longer than the bound, so that a busy test machine does not fail it (no timing in tests).
 */
const REVOCATION_WAIT = { timeout: 10_000, interval: 50 };

/** A client address of its own per use (the processes trust one proxy hop), so runs never share limits. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('two API processes and a worker on one PostgreSQL and Redis', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-scale-out-'));
  const children: ChildProcess[] = [];
  const streams: EventStream[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: pg.Client;
  let stub: NarrativeStub;
  let a: string;
  let b: string;
  let adminHeaders: Record<string, string>;
  let reporterHeaders: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    stub = await startNarrativeStub({ open: true });
    const env = serverEnv({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, REDIS_URL, TRUST_PROXY: 'true', AUTH_CACHE_TTL_MS: '60000' });

    // Migrations once, and the accounts the test signs in with, before any server starts.
    const setup = await createRuntime({ config: loadConfig(env), runWorkers: false });
    try {
      adminHeaders = (await createSignedInUser(setup.ctx, { role: 'admin' })).headers;
      reporterHeaders = (await createSignedInUser(setup.ctx, { planCode: 'pro' })).headers;
    } finally {
      await setup.close();
    }

    const [portA, portB] = [await freePort(), await freePort()];
    a = `http://127.0.0.1:${portA}/api`;
    b = `http://127.0.0.1:${portB}/api`;
    // Each process asks its own narrative URL, so the stub tells which process ran a job.
    children.push(
      startServer({ ...env, PROCESS_ROLE: 'api', PORT: String(portA), LLM_BASE_URL: stub.baseUrl('api-a') }),
      startServer({ ...env, PROCESS_ROLE: 'api', PORT: String(portB), LLM_BASE_URL: stub.baseUrl('api-b') }),
      startServer({ ...env, PROCESS_ROLE: 'worker', PORT: '0', LLM_BASE_URL: stub.baseUrl('worker') }),
    );
    await Promise.all([waitForHealth(a), waitForHealth(b)]);
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await killAll(children);
    await sql?.end();
    await stub?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const login = (base: string, email: string, secret = password, address = clientAddress()) =>
    post(base, '/auth/login', { email, password: secret }, { 'x-forwarded-for': address });
  const me = (base: string, token: string) => fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  async function loginOk(base: string, email: string): Promise<LoginResponse> {
    const response = await login(base, email);
    expect(response.status).toBe(200);
    return (await response.json()) as LoginResponse;
  }
  /** /auth/me on `base` answers 401 SESSION_REVOKED within the bound. */
  async function expectRevokedSoon(base: string, token: string) {
    await vi.waitFor(async () => {
      const response = await me(base, token);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe('SESSION_REVOKED');
    }, REVOCATION_WAIT);
  }
  async function newAccount(): Promise<string> {
    const email = uniqueEmail('scale');
    const setup = await createRuntime({ config: loadConfig(serverEnv({ DATA_DIR: dataDir, DATABASE_URL: scratch.url })), runWorkers: false });
    try {
      await createUser(setup.ctx, { email, passwordHash: await hashPassword(password) });
    } finally {
      await setup.close();
    }
    return email;
  }

  it('keeps one active session per user across processes and revokes the older one everywhere', async () => {
    const email = await newAccount();
    const first = await loginOk(a, email);

    // The session signed in through A was just seen: B refuses a second one (DECISIONS.md).
    const refused = await login(b, email);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ACTIVE_SESSION', detail: 'Active session on another device. Please wait 1 minute and try again.' });

    // Once the first session has not been seen for over a minute, B's sign-in replaces it.
    await sql.query(`update sessions set last_seen_at = now() - interval '2 minutes' where id = $1`, [decodeJwt(first.access_token).sid]);
    expect((await me(a, first.access_token)).status).toBe(200);
    await loginOk(b, email);
    await expectRevokedSoon(a, first.access_token);
    const ping = await post(a, '/auth/ping', { refresh_token: first.refresh_token });
    expect(ping.status).toBe(401);
    expect(await ping.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'concurrency' });
  });

  it('ends a session signed out on one process on the other at once', async () => {
    const email = await newAccount();
    const session = await loginOk(a, email);
    // B has just accepted the token (and keeps the session's state for a moment).
    expect((await me(b, session.access_token)).status).toBe(200);
    expect((await post(a, '/auth/logout', { refresh_token: session.refresh_token, active_seconds: 1 })).status).toBe(200);
    await vi.waitFor(async () => expect((await me(b, session.access_token)).status).toBe(401), REVOCATION_WAIT);
  });

  it('applies an admin revocation made on one process on the other at once and tells its tab there', async () => {
    const email = await newAccount();
    const session = await loginOk(a, email);
    const headers = { authorization: `Bearer ${session.access_token}` };
    const tab = await openEventStream(b, headers);
    streams.push(tab);
    expect((await me(b, session.access_token)).status).toBe(200);

    const revoke = await post(a, `/admin/sessions/${decodeJwt(session.access_token).sid}/revoke`, {}, adminHeaders);
    expect(revoke.status).toBe(200);
    await expectRevokedSoon(b, session.access_token);
    // The tab on B hears it and its stream ends.
    await tab.ended;
    expect(tab.count('session_revoked')).toBe(1);
  });

  it('runs a report created through one API process once, in the worker, and announces it once to a tab on the other', async () => {
    const tab = await openEventStream(b, reporterHeaders);
    streams.push(tab);
    const created = await post(a, '/due/create', createDueBody(), reporterHeaders);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as DueReport;

    await vi.waitFor(
      async () => {
        const report = (await (await fetch(`${b}/due/report/${id}`, { headers: reporterHeaders })).json()) as DueReport;
        expect(report.status).toBe('ready');
      },
      { timeout: 60_000, interval: 250 },
    );
    await vi.waitFor(() => expect(tab.count('report_ready')).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    expect(tab.count('report_ready')).toBe(1);
    // Only the worker asked for a narrative: the API processes run no jobs.
    expect(stub.calls).toEqual(['worker']);
    const report = await sql.query(`select status, attempts from due_reports where id = $1`, [id]);
    expect(report.rows).toEqual([{ status: 'ready', attempts: 1 }]);
    const jobs = await sql.query(`select state from pgboss.job where name = 'due-report' and data->>'reportId' = $1`, [id]);
    expect(jobs.rows).toEqual([{ state: 'completed' }]);
  });

  it('counts sign-in failures on either process against one budget', async () => {
    const email = await newAccount();
    const address = clientAddress();
    // Five failures a minute per (address, account): three through A, two through B.
    for (const base of [a, a, a, b, b]) expect((await login(base, email, 'Wrong-password1', address)).status).toBe(401);
    const limited = await login(a, email, password, address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login(b, email, password, address)).status).toBe(429);
  });
});
