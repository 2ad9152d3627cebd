import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';

describe('a superadmin account is changed only by a superadmin', () => {
  const t = useTestContext();

  it('refuses an ordinary admin deactivating, demoting or signing out a superadmin', async () => {
    const owner = await createSignedInUser(t.ctx, { role: 'admin', isSuperadmin: true });
    const admin = await createSignedInUser(t.ctx, { role: 'admin' });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${owner.user.id}`, headers: admin.headers, payload: { active: false, role: 'cliente' } });
    expect(patch.statusCode).toBe(403);
    const revoke = await t.app.inject({ method: 'POST', url: `/api/admin/sessions/${owner.session.id}/revoke`, headers: admin.headers });
    expect(revoke.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().role).toBe('admin');
  });

  it('lets a superadmin change another superadmin', async () => {
    const owner = await createSignedInUser(t.ctx, { role: 'admin', isSuperadmin: true });
    const other = await createSignedInUser(t.ctx, { role: 'admin', isSuperadmin: true });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${other.user.id}`, headers: owner.headers, payload: { plan_code: 'pro' } });
    expect(patch.statusCode).toBe(200);
  });
});
