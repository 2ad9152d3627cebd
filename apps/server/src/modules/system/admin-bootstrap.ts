import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { revokeSessionsAndNotify } from '../auth/session-revocation.service';

/** Used by the create-admin CLI: a verified admin, or an existing account promoted to admin. */
export async function createAdminUser(
  ctx: AppContext,
  input: { email: string; password: string; firstName: string | null; lastName: string | null },
) {
  const email = input.email.trim();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (existing) {
    // Whoever registered this address before may hold its password: the operator's password
    // replaces it and every open session of the account ends before it becomes an admin.
    await ctx.db
      .update(users)
      .set({
        role: 'admin',
        active: true,
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: ctx.now(),
      })
      .where(sql`${users.id} = ${existing.id}`);
    await revokeSessionsAndNotify(ctx, { userId: existing.id }, 'promoted');
    return { id: existing.id, created: false };
  }
  const [row] = await ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'admin',
      planCode: 'enterprise',
      emailVerifiedAt: ctx.now(),
    })
    .returning({ id: users.id });
  return { id: row!.id, created: true };
}
