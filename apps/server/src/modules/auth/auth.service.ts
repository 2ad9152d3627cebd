import {
  ACCESS_TOKEN_TTL_SECONDS,
  ACTIVE_SESSION_WINDOW_MS,
  PING_ACTIVE_CAP_SECONDS,
  authMessages,
  type LoginBody,
  type LoginResponse,
  type LogoutBody,
  type MeResponse,
  type PingResponse,
  type RefreshResponse,
  type RegisterBody,
  type RegisterResponse,
  type SessionListResponse,
  type SetPasswordBody,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { sessionStateCache } from '../../lib/auth-state-cache';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { generateOpaqueToken, hashToken, signAccessToken, successorToken, verifyAccessToken } from '../../lib/tokens';
import { SESSION_ENDED_EVENT } from '../events/events.service';
import { sendVerificationMail } from './account-links.service';
import { authLimits, checkLimits, consumeLimits, loginLimitKeys } from './auth.limits';
import { toMe, toSessionRecord, toSessionUser } from './auth.presenters';
import * as repo from './auth.repository';
import type { SessionRow, UserRow } from './auth.repository';
import { authErrors } from './auth.errors';
import { notifySessionsRevoked, revokeSessionsAndNotify } from './session-revocation.service';

/** Who is calling: the network facts stored on a new session and used for per-IP limits. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** How a ping or logout names its session: the refresh token in the body and/or a bearer token. */
export interface SessionProof {
  refreshToken?: string | null;
  bearerToken?: string | null;
}

/**
 * Self-registration (SPEC.md §5): a `user` on the Starter plan, unverified, with an argon2id hash.
 * The verification mail goes out at once; if the transport fails the account stays and the user
 * can ask for the mail again.
 */
export async function registerUser(ctx: AppContext, body: RegisterBody, client: ClientInfo & { language: 'en' | 'es' }): Promise<RegisterResponse> {
  await consumeLimits(ctx, [{ key: `register:ip:${client.ip}`, limit: authLimits.registerPerIp }]);
  const emailTaken = () => new AppError('EMAIL_TAKEN', 409, 'An account with this email already exists.', { email: 'An account with this email already exists.' });
  if (await repo.findUserByEmail(ctx.db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  let user: UserRow;
  try {
    user = await repo.insertUser(ctx.db, {
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
    if (await repo.findUserByEmail(ctx.db, body.email)) throw emailTaken();
    throw error;
  }
  await sendVerificationMail(ctx, user).catch((error) => ctx.log.error({ err: error, userId: user.id }, 'verification mail not sent'));
  return { id: user.id, email: user.email, verification_required: true };
}

async function issueTokens(ctx: AppContext, user: UserRow, sessionId: string, refreshToken: string) {
  const accessToken = await signAccessToken(
    ctx.config.JWT_SECRET,
    { userId: user.id, sessionId, role: user.role, isSuperadmin: user.isSuperadmin },
    ctx.now(),
  );
  return { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_TTL_SECONDS };
}

/**
 * Sign-in with the one-active-session rule (DECISIONS.md): refused with 409 ACTIVE_SESSION while
 * another live session of the user pinged within the last 60 s; otherwise older sessions are
 * revoked and their tabs told. Failures count against per-(IP, account) and per-IP budgets.
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
  const user = await repo.findUserByEmail(ctx.db, body.email);
  if (!user) return failed(authErrors.userNotFound());
  if (!user.passwordHash) return failed(authErrors.passwordNotSet());
  if (!(await verifyPassword(user.passwordHash, body.password))) return failed(authErrors.invalidPassword());
  // Only the owner of the password learns about the account's state.
  if (!user.active) throw authErrors.accountInactive();
  if (!user.emailVerifiedAt) throw authErrors.emailNotVerified();

  const refreshToken = generateOpaqueToken();
  const now = ctx.now();
  const { session, revoked } = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const live = await repo.listLiveSessions(tx, user.id);
    const recentlySeen = live.some((other) => now.getTime() - other.lastSeenAt.getTime() < ACTIVE_SESSION_WINDOW_MS);
    if (recentlySeen) throw authErrors.activeSession();
    const revoked = await repo.revokeSessions(tx, { userId: user.id }, 'superseded', now);
    const session = await repo.insertSession(tx, {
      userId: user.id,
      refreshTokenHash: hashToken(refreshToken),
      createdAt: now,
      lastSeenAt: now,
      userAgent: client.userAgent,
      ip: client.ip,
    });
    return { session, revoked };
  });
  await notifySessionsRevoked(ctx, revoked);
  return { ...(await issueTokens(ctx, user, session.id, refreshToken)), user: toSessionUser(user) };
}

/**
 * Rotates the refresh token. Two tabs refreshing at once both hold the same token: within the
 * reuse interval (REFRESH_REUSE_INTERVAL_SECONDS, as GoTrue's) the previous token answers the
 * same successor. A token used again after that, or one that is older, means it leaked: the whole
 * session is revoked and both the old and the newest token stop working.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<RefreshResponse> {
  const hash = hashToken(refreshToken);
  let session = await repo.findSessionByRefreshHash(ctx.db, hash);
  if (!session) throw authErrors.refreshInvalid();
  if (session.revokedAt) throw authErrors.sessionRevoked(session.revokedReason);
  const user = await repo.findUserById(ctx.db, session.userId);
  if (!user || !user.active) throw authErrors.accountInactive(401);
  const now = ctx.now();
  const next = successorToken(ctx.config.JWT_SECRET, refreshToken);
  const nextHash = hashToken(next);
  if (session.refreshTokenHash === hash) {
    const rotated = await repo.rotateRefreshToken(ctx.db, session.id, hash, nextHash, now);
    if (rotated) return issueTokens(ctx, user, session.id, next);
    // Another request rotated it first: judge the token as a previous one.
    session = (await repo.findSessionById(ctx.db, session.id)) ?? session;
  }
  const intervalMs = ctx.config.REFRESH_REUSE_INTERVAL_SECONDS * 1000;
  const withinInterval =
    !session.revokedAt &&
    session.previousRefreshTokenHash === hash &&
    session.refreshTokenHash === nextHash &&
    session.refreshRotatedAt !== null &&
    now.getTime() - session.refreshRotatedAt.getTime() <= intervalMs;
  if (withinInterval) return issueTokens(ctx, user, session.id, next);
  await revokeSessionsAndNotify(ctx, { ids: [session.id] }, 'refresh_reuse');
  ctx.log.warn({ sessionId: session.id, userId: session.userId }, 'refresh token reused: session revoked');
  throw authErrors.sessionRevoked('refresh_reuse');
}

/**
 * The session a ping or logout is about. The refresh token is preferred because it outlives the
 * 15-minute access token; a previous (rotated) refresh token is accepted here, since another tab
 * may still hold it for a moment, but only /auth/refresh can turn it into new tokens.
 */
async function resolveSession(ctx: AppContext, proof: SessionProof): Promise<SessionRow> {
  if (proof.refreshToken) {
    const session = await repo.findSessionByRefreshHash(ctx.db, hashToken(proof.refreshToken));
    if (!session) throw authErrors.refreshInvalid();
    return session;
  }
  if (proof.bearerToken) {
    const claims = await verifyAccessToken(ctx.config.JWT_SECRET, proof.bearerToken, ctx.now());
    const session = await repo.findSessionById(ctx.db, claims.sessionId);
    if (!session || session.userId !== claims.userId) throw new AppError('TOKEN_INVALID', 401, 'The access token is not valid.');
    return session;
  }
  throw new AppError('UNAUTHENTICATED', 401, 'Please sign in.');
}

/** Keeps the session alive: last_seen_at moves, active_seconds grows by the gap (≤ 30 s). */
export async function pingSession(ctx: AppContext, proof: SessionProof): Promise<PingResponse> {
  const session = await resolveSession(ctx, proof);
  if (session.revokedAt) throw authErrors.sessionRevoked(session.revokedReason);
  const user = await repo.findUserById(ctx.db, session.userId);
  if (!user?.active) throw authErrors.accountInactive(401);
  const updated = await repo.recordPing(ctx.db, session.id, ctx.now(), PING_ACTIVE_CAP_SECONDS);
  if (!updated) throw authErrors.sessionRevoked(null);
  return {
    ok: true,
    session_id: updated.id,
    last_seen_at: updated.lastSeenAt.toISOString(),
    active_seconds: updated.activeSeconds,
  };
}

/**
 * Ends the session. active_seconds keeps the larger of the client's and the server's figure but
 * never more than the session's wall time. Logging out of an already closed session is not an error.
 */
export async function logout(ctx: AppContext, proof: SessionProof, body: LogoutBody): Promise<{ ok: true }> {
  const session = await resolveSession(ctx, proof);
  if (session.revokedAt) return { ok: true };
  const now = ctx.now();
  const wallSeconds = Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 1000));
  const activeSeconds = Math.min(wallSeconds, Math.max(session.activeSeconds, body?.active_seconds ?? 0));
  await repo.revokeSessions(ctx.db, { ids: [session.id] }, 'logout', now, {
    activeSeconds,
    lastSeenAt: now > session.lastSeenAt ? now : session.lastSeenAt,
  });
  sessionStateCache(ctx).forgetSessions([session.id]);
  // Its event streams close on every instance (the tabs signing out are not told "revoked").
  await ctx.events
    .publish({ userId: session.userId, type: SESSION_ENDED_EVENT, data: { session_id: session.id } })
    .catch((error) => ctx.log.warn({ err: error, sessionId: session.id }, 'could not publish session_ended'));
  return { ok: true };
}

export async function getMe(ctx: AppContext, userId: string): Promise<MeResponse> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in.');
  return toMe(user);
}

/** The caller's own sessions, newest first (SPEC.md §3 session record). */
export async function listMySessions(ctx: AppContext, userId: string, currentSessionId: string): Promise<SessionListResponse> {
  const rows = await repo.listSessionsOfUser(ctx.db, userId);
  return rows.map((row) => toSessionRecord(row, currentSessionId));
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
  const user = await repo.findUserById(ctx.db, caller.id);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Please sign in.');
  if (user.passwordHash) await requireCurrentPassword(ctx, user, body.current_password);
  await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(body.password), updatedAt: ctx.now() });
  await revokeSessionsAndNotify(ctx, { userId: user.id, exceptId: caller.sessionId }, 'password_changed');
  return { ok: true };
}
