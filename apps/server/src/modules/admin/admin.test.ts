import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUserWithPassword, loginOk, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import type { AppEvent } from '../../integrations/events/event-bus';

const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin', email: uniqueEmail('admin') });
});

describe('admin sessions', () => {
  it('lists sessions with their user and status, and revokes one so its tab is told', async () => {
    const email = uniqueEmail('target');
    await createUserWithPassword(t, 'Secret123', { email, firstName: 'Tara', lastName: 'Get' });
    const login = await loginOk(t, email, 'Secret123');
    const sessionId = decodeJwt(login.access_token).sid as string;

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/sessions?q=${encodeURIComponent(email)}`, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1 });
    expect(list.json().items[0]).toMatchObject({ id: sessionId, user_email: email, user_name: 'Tara Get', status: 'active', active_seconds: 0 });

    const events: AppEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe((event) => events.push(event));
    const revoked = await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${sessionId}/revoke`, headers: admin.headers });
    unsubscribe();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: sessionId, status: 'revoked', revoked_reason: 'admin' });
    expect(events).toEqual([{ userId: login.user.id, type: 'session_revoked', data: { session_id: sessionId, reason: 'admin' } }]);

    const ping = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: login.refresh_token } });
    // The login page must say an administrator ended it, not "another sign-in".
    expect(ping.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'revoked', detail: 'Your session was closed by an administrator.' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${login.access_token}` } });
    expect(me.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'revoked' });
    const revokedOnly = await t.app.inject({ method: 'GET', url: `/api/admin/sessions?status=revoked&q=${encodeURIComponent(email)}`, headers: admin.headers });
    expect(revokedOnly.json().items.map((item: { id: string }) => item.id)).toEqual([sessionId]);
  });

  it('calls a session active only while its pings arrive, idle once they stop', async () => {
    const email = uniqueEmail('silent');
    await createUserWithPassword(t, 'Secret123', { email });
    const start = new Date();
    t.setNow(start);
    try {
      const login = await loginOk(t, email, 'Secret123');
      const sessionId = decodeJwt(login.access_token).sid as string;
      const status = async (filter = '') => {
        const list = await t.app.inject({ method: 'GET', url: `/api/admin/sessions?q=${encodeURIComponent(email)}${filter}`, headers: admin.headers });
        return list.json().items.map((item: { id: string; status: string }) => `${item.id === sessionId ? 'it' : item.id}:${item.status}`);
      };
      expect(await status()).toEqual(['it:active']);
      // Never pinged for a minute and more (pings come every 15 s): no longer active.
      t.setNow(new Date(start.getTime() + 61_000));
      expect(await status()).toEqual(['it:idle']);
      expect(await status('&status=active')).toEqual([]);
      expect(await status('&status=idle')).toEqual(['it:idle']);
      const ping = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: login.refresh_token } });
      expect(ping.statusCode).toBe(200);
      expect(await status('&status=active')).toEqual(['it:active']);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/sessions?status=asleep', headers: admin.headers })).statusCode).toBe(400);
    } finally {
      t.setNow(null);
    }
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${crypto.randomUUID()}/revoke`, headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/sessions/nope/revoke', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('admin users', () => {
  it('lists, reads and changes role and plan', async () => {
    const email = uniqueEmail('plan');
    const target = await createUserWithPassword(t, 'Secret123', { email });
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(email)}`, headers: admin.headers });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: target.id, email, plan_code: 'starter', plan_name: 'Starter', active: true }] });

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { plan_code: 'pro', role: 'admin' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ plan_code: 'pro', plan_name: 'Pro', role: 'admin' });
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/users/${target.id}`, headers: admin.headers });
    expect(one.json()).toMatchObject({ plan_code: 'pro', role: 'admin' });
    // On the audit trail: who changed what, from what.
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?action=admin.user_update', headers: admin.headers });
    const entry = (audit.json() as { items: { actor_id: string; subject: string; details: Record<string, unknown> }[] }).items.find((item) => item.subject === email);
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      details: { user_id: target.id, changes: { plan_code: 'pro', role: 'admin' }, before: { role: 'user', plan_code: 'starter' } },
    });

    const login = await loginOk(t, email, 'Secret123');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.access_token) });
    expect(me.json()).toMatchObject({ plan_code: 'pro', plan_name: 'Pro', role: 'admin' });
  });

  it('deactivating a user revokes their sessions and blocks sign-in', async () => {
    const email = uniqueEmail('off');
    const target = await createUserWithPassword(t, 'Secret123', { email });
    const login = await loginOk(t, email, 'Secret123');
    const response = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { active: false } });
    expect(response.json()).toMatchObject({ active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.access_token) })).json().code).toBe('SESSION_REVOKED');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Secret123' }, remoteAddress: '10.9.9.9' });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('keeps superadmin changes for superadmins and stops admins locking themselves out', async () => {
    const target = await createUserWithPassword(t, 'Secret123', { email: uniqueEmail('super') });
    const denied = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { is_superadmin: true } });
    expect(denied.statusCode).toBe(403);
    const superadmin = await createSignedInUser(t.ctx, { role: 'admin', isSuperadmin: true });
    const granted = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: superadmin.headers, payload: { is_superadmin: true } });
    expect(granted.json()).toMatchObject({ is_superadmin: true });

    for (const payload of [{ active: false }, { role: 'user' }]) {
      const self = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${admin.user.id}`, headers: admin.headers, payload });
      expect(self.statusCode).toBe(403);
    }
  });

  it('refuses unknown plans, empty changes and unknown users', async () => {
    const target = await createUserWithPassword(t, 'Secret123', { email: uniqueEmail() });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { plan_code: 'gold' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${crypto.randomUUID()}`, headers: admin.headers, payload: { role: 'user' } })).statusCode).toBe(404);
  });
});
