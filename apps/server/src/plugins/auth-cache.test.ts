import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createSignedInUser } from '../../test/factories';

// With the session cache on, revocations and role changes made through the services still apply
// to the very next request.
describe('auth session cache', () => {
  const t = useTestContext({ env: { AUTH_CACHE_TTL_MS: '60000' } });

  it('refuses a session revoked by an admin on the next request', async () => {
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const user = await createSignedInUser(t.ctx, { role: 'user' });
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(before.statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${user.session.id}/revoke`, headers: admin.headers });
    expect(revoke.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_REVOKED');
  });

  it('applies a role change on the next request', async () => {
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const user = await createSignedInUser(t.ctx, { role: 'user' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: user.headers })).statusCode).toBe(403);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.user.id}`, headers: admin.headers, payload: { role: 'admin' } });
    expect(patch.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: user.headers })).statusCode).toBe(200);
  });

  it('refuses a logged-out session on the next request', async () => {
    const user = await createSignedInUser(t.ctx, { role: 'user' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers, payload: { refresh_token: user.refreshToken, active_seconds: 5 } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(401);
  });
});
