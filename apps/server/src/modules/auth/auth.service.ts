import { authErrorMessages, authMessages, errorMessages, type LoginBody, type LoginResponse, type MeResponse, type RegisterBody, type RegisterResponse, type SetPasswordBody } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateOpaqueToken } from '../../lib/tokens';
import { issueTokens, revokeSessionsAndNotify, startSession, type ClientInfo } from '../sessions/sessions.service';
import * as users from '../users/users.service';
import type { UserRow } from '../users/users.service';
import { sendVerificationMail } from './account-links.service';
import { authLimits, checkLimits, consumeLimits, loginLimitKeys } from './auth.limits';
import { toMe, toSessionUser } from './auth.presenters';
import { authErrors } from './auth.errors';

/**
 * Self-registration (SPEC.md §5): a `user` on the Starter plan, unverified, with an argon2id hash.
 * The verification mail goes out at once; if the transport fails the account stays and the user
 * can ask for the mail again.
 */
export async function registerUser(ctx: AppContext, body: RegisterBody, client: ClientInfo & { language: 'en' | 'es' }): Promise<RegisterResponse> {
  await consumeLimits(ctx, [{ key: `register:ip:${client.ip}`, limit: authLimits.registerPerIp }]);
  const emailTaken = () => new AppError('EMAIL_TAKEN', 409, authErrorMessages.emailTaken, { email: authErrorMessages.emailTaken });
  if (await users.findUserByEmail(ctx.db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  let user: UserRow;
  try {
    user = await users.insertUser(ctx.db, {
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      company: body.company?.trim() || null,
      role: 'user',
      planCode: 'starter',
      language: body.language ?? client.language,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (await users.findUserByEmail(ctx.db, body.email)) throw emailTaken();
    throw error;
  }
  await sendVerificationMail(ctx, user).catch((error) => ctx.log.error({ err: error, userId: user.id }, 'verification mail not sent'));
  return { id: user.id, email: user.email, verification_required: true };
}

/**
 * Sign-in: the password, then the account's state, then a session under the one-active-session
 * rule (sessions.service.ts). Failures count against per-(IP, account) and per-IP budgets.
 */
export async function login(ctx: AppContext, body: LoginBody, client: ClientInfo): Promise<LoginResponse> {
  const limits = loginLimitKeys(body.email, client.ip);
  await checkLimits(ctx, limits);
  // Only failures count, whatever the account's state after the right password. The failure that
  // passes the budget (two at once at the limit) answers 429, so no more than the budget is revealed.
  const failed = async (error: AppError): Promise<never> => {
    await consumeLimits(ctx, limits);
    throw error;
  };
  const user = await users.findUserByEmail(ctx.db, body.email);
  if (!user) return failed(authErrors.userNotFound());
  if (!user.passwordHash) return failed(authErrors.passwordNotSet());
  if (!(await verifyPassword(user.passwordHash, body.password))) return failed(authErrors.invalidPassword());
  // Only the owner of the password learns about the account's state.
  if (!user.active) throw authErrors.accountInactive();
  if (!user.emailVerifiedAt) throw authErrors.emailNotVerified();

  const refreshToken = generateOpaqueToken();
  const session = await startSession(ctx, user, refreshToken, client);
  return { ...(await issueTokens(ctx, user, session.id, refreshToken)), user: toSessionUser(user) };
}

export async function getMe(ctx: AppContext, userId: string): Promise<MeResponse> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  return toMe(user);
}

/**
 * Re-authentication before a change of credentials (password, email): the current password must
 * be sent and right. A stolen access token must not become an unlimited oracle for it, so tries
 * are limited per account.
 */
export async function requireCurrentPassword(ctx: AppContext, user: UserRow, currentPassword: string | null | undefined): Promise<void> {
  await consumeLimits(ctx, [{ key: `setpw:user:${user.id}`, limit: authLimits.loginPerAccount }]);
  if (!currentPassword) {
    throw new AppError('VALIDATION_ERROR', 400, authMessages.currentPasswordRequired, { current_password: authMessages.currentPasswordRequired });
  }
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('INVALID_PASSWORD', 400, authMessages.currentPasswordIncorrect, { current_password: authMessages.currentPasswordIncorrect });
  }
}

/**
 * Sets the first password, or changes it (then the current one is required). Every other session
 * of the user is revoked; the caller's own stays.
 */
export async function setPassword(ctx: AppContext, caller: { id: string; sessionId: string }, body: SetPasswordBody): Promise<{ ok: true }> {
  const user = await users.findUserById(ctx.db, caller.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
  if (user.passwordHash) await requireCurrentPassword(ctx, user, body.current_password);
  await users.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(body.password), updatedAt: ctx.now() });
  await revokeSessionsAndNotify(ctx, { userId: user.id, exceptId: caller.sessionId }, 'password_changed');
  return { ok: true };
}
