import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createUserWithPassword, loginOk, postLogin, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { sessions } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { signAccessToken } from '../../lib/tokens';

const t = useTestContext();
const password = 'Secret123';

async function newAccount() {
  const email = uniqueEmail();
  const user = await createUserWithPassword(t, password, { email });
  return { email, user };
}

const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });

describe('refresh rotation and reuse detection', () => {
  it('revokes the session when a rotated token is used again; the newest token then fails too', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const first = await refresh(login.refresh_token);
    expect(first.statusCode).toBe(200);
    const newest = first.json().refresh_token as string;

    const events: AppEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe((event) => events.push(event));
    // After the reuse interval the previous token is theft, not a second tab.
    t.setNow(new Date(Date.now() + (t.ctx.config.REFRESH_REUSE_INTERVAL_SECONDS + 1) * 1000));
    const reused = await refresh(login.refresh_token);
    unsubscribe();
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('SESSION_REVOKED');
    expect(events).toContainEqual({
      userId: login.user.id,
      type: 'session_revoked',
      data: { session_id: decodeJwt(login.access_token).sid, reason: 'refresh_reuse' },
    });

    const later = await refresh(newest);
    expect(later.statusCode).toBe(401);
    expect(later.json().code).toBe('SESSION_REVOKED');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(first.json().access_token) });
    expect(me.json().code).toBe('SESSION_REVOKED');
  });

  it('answers ten simultaneous refreshes with one token (tabs) with one successor and keeps the session', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(login.refresh_token)));
    expect(results.map((result) => result.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(results.map((result) => result.json().refresh_token as string));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(login.refresh_token);
    const next = await refresh(successor!);
    expect(next.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(next.json().access_token) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses an Authorization header with anything after the token', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    for (const authorization of [`Bearer ${login.access_token} extra`, `Bearer  ${login.access_token}`, `Basic ${login.access_token}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.access_token) })).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token with TOKEN_INVALID', async () => {
    const response = await refresh('not-a-real-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });
});

describe('one active session per user', () => {
  it('refuses a second login within 60 s of the last ping, then allows it and revokes the old session', async () => {
    const { email } = await newAccount();
    const start = new Date('2030-01-01T10:00:00Z');
    t.setNow(start);
    const first = await loginOk(t, email, password);

    t.setNow(new Date(start.getTime() + 30_000));
    await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: first.refresh_token } });

    t.setNow(new Date(start.getTime() + 89_000));
    const refused = await postLogin(t, email, password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACTIVE_SESSION', detail: 'Active session on another device. Please wait 1 minute and try again.' });

    t.setNow(new Date(start.getTime() + 90_001));
    const second = await postLogin(t, email, password);
    expect(second.statusCode).toBe(200);

    const oldPing = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: first.refresh_token } });
    expect(oldPing.statusCode).toBe(401);
    // SPEC.md's reason for a session another sign-in replaced.
    expect(oldPing.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'concurrency' });
    const oldRefresh = await refresh(first.refresh_token);
    expect(oldRefresh.json().code).toBe('SESSION_REVOKED');
    const newPing = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: second.json().refresh_token } });
    expect(newPing.statusCode).toBe(200);
  });

  it('lets a new login through after a logout without waiting', async () => {
    const { email } = await newAccount();
    const first = await loginOk(t, email, password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: first.refresh_token, active_seconds: 1 } });
    expect((await postLogin(t, email, password)).statusCode).toBe(200);
  });
});

describe('ping and logout accounting', () => {
  it('adds the time since the previous ping, capped at 30 s, and keeps last_seen_at', async () => {
    const { email } = await newAccount();
    const start = new Date('2030-02-01T10:00:00Z');
    t.setNow(start);
    const login = await loginOk(t, email, password);
    const ping = async (offsetMs: number) => {
      t.setNow(new Date(start.getTime() + offsetMs));
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: login.refresh_token } });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect((await ping(15_000)).active_seconds).toBe(15);
    expect((await ping(30_000)).active_seconds).toBe(30);
    const afterGap = await ping(330_000);
    expect(afterGap.active_seconds).toBe(60);
    expect(afterGap.last_seen_at).toBe(new Date(start.getTime() + 330_000).toISOString());
  });

  it('keeps the larger of client and server active seconds, never more than wall time', async () => {
    const { email, user } = await newAccount();
    const start = new Date('2030-03-01T10:00:00Z');
    t.setNow(start);
    const a = await loginOk(t, email, password);
    t.setNow(new Date(start.getTime() + 100_000));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: a.refresh_token, active_seconds: 5_000 } });

    t.setNow(new Date(start.getTime() + 200_000));
    const b = await loginOk(t, email, password);
    t.setNow(new Date(start.getTime() + 215_000));
    await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: b.refresh_token } });
    t.setNow(new Date(start.getTime() + 230_000));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(b.access_token), payload: { active_seconds: 3 } });

    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(decodeJwt(a.access_token).sid as string)).toMatchObject({ activeSeconds: 100, revokedReason: 'logout' });
    expect(byId.get(decodeJwt(b.access_token).sid as string)).toMatchObject({ activeSeconds: 15, revokedReason: 'logout' });
  });

  it('lists the caller’s sessions with the current one marked', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(login.access_token) });
    expect(response.statusCode).toBe(200);
    const [record] = response.json();
    expect(record).toMatchObject({ current: true, revoked_at: null, active_seconds: 0, ip: expect.any(String) });
    expect(Object.keys(record)).toEqual(expect.arrayContaining(['id', 'created_at', 'last_seen_at', 'revoked_at', 'active_seconds']));
  });
});

describe('access token checks', () => {
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('refuses a tampered token', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const [header, payload, signature] = login.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin', is_superadmin: true })).toString('base64url');
    const response = await me(`${header}.${forged}.${signature}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('refuses an alg:none token', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const claims = decodeJwt(login.access_token);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const response = await me(`${header}.${payload}.`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('refuses a token signed with another secret', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    const claims = decodeJwt(login.access_token);
    const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await me(token)).json().code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    t.setNow(new Date(Date.now() + 15 * 60_000 + 1_000));
    const response = await me(login.access_token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token of a revoked session with SESSION_REVOKED', async () => {
    const { email } = await newAccount();
    const login = await loginOk(t, email, password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: login.refresh_token } });
    const response = await me(login.access_token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_REVOKED');
  });

  it('refuses the events token as an access token', async () => {
    const { email, user } = await newAccount();
    const login = await loginOk(t, email, password);
    const issued = await t.app.inject({ method: 'POST', url: '/api/events/token', headers: bearer(login.access_token) });
    expect(issued.statusCode).toBe(200);
    expect((await me(issued.json().token)).json().code).toBe('TOKEN_INVALID');
    // And an access token for the right session still works, so the refusal is about the purpose.
    const valid = await signAccessToken(t.ctx.config.JWT_SECRET, { userId: user.id, sessionId: decodeJwt(login.access_token).sid as string, role: 'user', isSuperadmin: false }, new Date());
    expect((await me(valid)).statusCode).toBe(200);
  });
});
