import type { PlanCode, Role } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { Seeder } from '../../db/seed';
import { hashPassword } from '../../lib/passwords';
import * as users from '../users/users.service';

interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  planCode: PlanCode;
}

/** Demo-only credentials, printed at start and listed in the README. Never loaded with DATABASE_URL unless asked. */
export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@fueldesk.demo', password: 'Demo-Admin-2026', firstName: 'Demo', lastName: 'Admin', role: 'admin', planCode: 'enterprise' },
  { email: 'pro@fueldesk.demo', password: 'Demo-Pro-2026', firstName: 'Demo', lastName: 'Pro', role: 'user', planCode: 'pro' },
  { email: 'cliente@fueldesk.demo', password: 'Demo-Cliente-2026', firstName: 'Demo', lastName: 'Cliente', role: 'cliente', planCode: 'starter' },
];

async function ensureDemoAccount(ctx: AppContext, account: DemoAccount, existing: users.UserRow | undefined): Promise<'created' | 'kept'> {
  if (existing) {
    // Repairs a demo account left half-made (e.g. no password) without undoing the user's changes.
    if (!existing.passwordHash || !existing.emailVerifiedAt) {
      await users.updateUser(ctx.db, existing.id, {
        passwordHash: existing.passwordHash ?? (await hashPassword(account.password)),
        emailVerifiedAt: existing.emailVerifiedAt ?? ctx.now(),
        isDemo: true,
      });
    }
    return 'kept';
  }
  await users.insertUser(ctx.db, {
    email: account.email,
    passwordHash: await hashPassword(account.password),
    firstName: account.firstName,
    lastName: account.lastName,
    company: 'FuelDesk Demo',
    role: account.role,
    planCode: account.planCode,
    emailVerifiedAt: ctx.now(),
    isDemo: true,
  });
  return 'created';
}

export const demoAccountsSeeder: Seeder = {
  name: 'demo-accounts',
  async run(ctx) {
    // One query on a restart, where every account is there already.
    const stored = await users.findUsersByEmails(
      ctx.db,
      demoAccounts.map((account) => account.email),
    );
    // Together: on a fresh install each hashes its password (argon2, on the thread pool), which is slow enough to matter at start.
    await Promise.all(
      demoAccounts.map((account) => ensureDemoAccount(ctx, account, stored.find((user) => user.email.toLowerCase() === account.email.toLowerCase()))),
    );
    ctx.log.info(
      `Demo accounts (demo only, change or remove for real use): ${demoAccounts
        .map((account) => `${account.email} / ${account.password} (${account.role}, ${account.planCode})`)
        .join('; ')}`,
    );
  },
};
