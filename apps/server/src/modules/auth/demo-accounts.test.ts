import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginOk } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { users } from '../../db/schema';
import { demoAccounts, demoAccountsSeeder } from './demo-accounts.seed';

const t = useTestContext();

describe('demo accounts seeder', () => {
  it('creates an admin, a Pro user and a cliente that can sign in, and is idempotent', async () => {
    await demoAccountsSeeder.run(t.ctx);
    await demoAccountsSeeder.run(t.ctx);
    const rows = await t.ctx.db.select().from(users).where(sql`${users.email} like '%@fueldesk.demo'`);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.isDemo && row.emailVerifiedAt)).toBe(true);

    const byRole = Object.fromEntries(demoAccounts.map((account) => [account.email, account]));
    const admin = await loginOk(t, 'admin@fueldesk.demo', byRole['admin@fueldesk.demo']!.password);
    expect(admin.user.role).toBe('admin');
    const pro = await loginOk(t, 'pro@fueldesk.demo', byRole['pro@fueldesk.demo']!.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pro.access_token}` } });
    expect(me.json()).toMatchObject({ plan_code: 'pro', plan_name: 'Pro', role: 'user' });
    const cliente = await loginOk(t, 'cliente@fueldesk.demo', byRole['cliente@fueldesk.demo']!.password);
    expect(cliente.user).toMatchObject({ role: 'cliente', access: 'restricted' });
  });
});
