import type { AppContext } from '../../context';
import { hashPassword } from '../../lib/passwords';
import { revokeSessionsAndNotify } from '../sessions/sessions.service';
import * as users from '../users/users.service';

/** Used by the create-admin CLI: a verified admin, or an existing account promoted to admin. */
export async function createAdminUser(
  ctx: AppContext,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
) {
  const email = input.email.trim();
  const existing = await users.findUserByEmail(ctx.db, email);
  if (existing) {
    // Whoever registered this address before may hold its password: the operator's password
    // replaces it and every open session of the account ends before it becomes an admin.
    await users.updateUser(ctx.db, existing.id, {
      role: 'admin',
      active: true,
      passwordHash: await hashPassword(input.password),
      emailVerifiedAt: existing.emailVerifiedAt ?? ctx.now(),
      updatedAt: ctx.now(),
    });
    await revokeSessionsAndNotify(ctx, { userId: existing.id }, 'promoted');
    return { id: existing.id, created: false };
  }
  const row = await users.insertUser(ctx.db, {
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'admin',
    planCode: 'enterprise',
    emailVerifiedAt: ctx.now(),
  });
  return { id: row.id, created: true };
}
