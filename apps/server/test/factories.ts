import { randomUUID } from 'node:crypto';
import type { PlanCode, Role } from '@fueldesk/contracts';
import type { AppContext } from '../src/context';
import { sessions, users } from '../src/db/schema';
import { generateOpaqueToken, hashToken, signAccessToken } from '../src/lib/tokens';

export interface UserOverrides {
  email?: string;
  role?: Role;
  isSuperadmin?: boolean;
  planCode?: PlanCode;
  firstName?: string;
  lastName?: string;
  verified?: boolean;
  active?: boolean;
  passwordHash?: string | null;
}

/** A user row straight in the database (no mail, no hashing unless given). */
export async function createUser(ctx: AppContext, overrides: UserOverrides = {}) {
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`,
      role: overrides.role ?? 'user',
      isSuperadmin: overrides.isSuperadmin ?? false,
      planCode: overrides.planCode ?? 'starter',
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'User',
      emailVerifiedAt: overrides.verified === false ? null : ctx.now(),
      active: overrides.active ?? true,
      passwordHash: overrides.passwordHash ?? null,
    })
    .returning();
  return row!;
}

/** A live session for the user and the Authorization header that goes with it. */
export async function signIn(ctx: AppContext, user: { id: string; role: Role; isSuperadmin: boolean }) {
  const refreshToken = generateOpaqueToken();
  const [session] = await ctx.db
    .insert(sessions)
    .values({ userId: user.id, refreshTokenHash: hashToken(refreshToken), createdAt: ctx.now(), lastSeenAt: ctx.now() })
    .returning();
  const accessToken = await signAccessToken(
    ctx.config.JWT_SECRET,
    { userId: user.id, sessionId: session!.id, role: user.role, isSuperadmin: user.isSuperadmin },
    ctx.now(),
  );
  return { session: session!, accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** A user of the given role, signed in. */
export async function createSignedInUser(ctx: AppContext, overrides: UserOverrides = {}) {
  const user = await createUser(ctx, overrides);
  const auth = await signIn(ctx, user);
  return { user, ...auth };
}
