import { ACCESS_TOKEN_TTL_SECONDS, ACTIVE_SESSION_WINDOW_MS, type AdminSessionListResponse, type AdminSessionRow, type AdminSessionsQuery, authErrorMessages, errorMessages, type LogoutBody, PING_ACTIVE_CAP_SECONDS, type PingResponse, type RefreshResponse, type SessionListResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { hashToken, signAccessToken, successorToken, verifyAccessToken, type AccessClaims } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { authErrors } from '../auth/auth.errors';
import { SESSION_ENDED_EVENT } from '../events/events.service';
import * as users from '../users/users.service';
import { recordAudit, userActor, type AuditActor } from '../audit/audit.service';
import type { UserRow } from '../users/users.service';
import { sessionStateCache } from './session-state-cache';
import { toAdminSessionRow, toSessionRecord } from './sessions.presenters';
import * as repo from './sessions.repository';
import type { SessionRow } from './sessions.repository';

export type { SessionRow } from './sessions.repository';

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

// ---------- Revocation ----------

/** Publishes `session_revoked` to each affected user so their open tabs sign out at once. */
export async function notifySessionsRevoked(ctx: AppContext, revoked: SessionRow[]): Promise<void> {
  // This instance forgets at once; the others forget when the event reaches them.
  sessionStateCache(ctx).forgetSessions(revoked.map((session) => session.id));
  for (const session of revoked) {
    try {
      await ctx.events.publish({
        userId: session.userId,
        type: 'session_revoked',
        data: { session_id: session.id, reason: session.revokedReason },
      });
    } catch (error) {
      // The revocation itself is stored: the client's next ping finds it even if the push is lost.
      ctx.log.warn({ err: error, sessionId: session.id }, 'could not publish session_revoked');
    }
  }
}

/** Revokes live sessions (by id, by user, optionally sparing one) and tells their tabs. */
export async function revokeSessionsAndNotify(
  ctx: AppContext,
  where: { ids?: string[]; userId?: string; exceptId?: string },
  reason: string,
): Promise<SessionRow[]> {
  const revoked = await repo.revokeSessions(ctx.db, where, reason, ctx.now());
  await notifySessionsRevoked(ctx, revoked);
  return revoked;
}

// ---------- The auth hook's check ----------

/**
 * The live state of a token's session and user: a few seconds of memory (session-state-cache.ts),
 * else one database read. The role comes from the database, so a role change takes effect without
 * a new token.
 */
export async function authenticateSession(ctx: AppContext, claims: AccessClaims): Promise<AuthUser> {
  const cache = sessionStateCache(ctx);
  let state = cache.get(claims.sessionId);
  if (!state) {
    const row = await repo.findSessionState(ctx.db, claims.sessionId);
    if (!row || row.sessionUser !== claims.userId) throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
    if (row.revokedAt) throw authErrors.sessionRevoked(row.revokedReason);
    if (!row.active) throw new AppError('ACCOUNT_INACTIVE', 401, authErrorMessages.accountInactiveShort);
    state = { userId: row.sessionUser, role: row.role, isSuperadmin: row.isSuperadmin, email: row.email };
    cache.set(claims.sessionId, state);
  }
  if (state.userId !== claims.userId) throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
  return { id: claims.userId, sessionId: claims.sessionId, role: state.role, isSuperadmin: state.isSuperadmin, email: state.email };
}

/** A user's role or rights changed: their next request reads them again, here and (by event) elsewhere. */
export async function forgetUserState(ctx: AppContext, userId: string): Promise<void> {
  sessionStateCache(ctx).forgetUser(userId);
  await ctx.events.publish({ userId, type: 'user_changed' }).catch((error) => ctx.log.warn({ err: error }, 'could not publish user_changed'));
}

/** Other instances revoke sessions and change users too: forget what they invalidate. Answers the unsubscribe. */
export function watchSessionChanges(ctx: AppContext): () => void {
  const cache = sessionStateCache(ctx);
  return ctx.events.subscribe((event) => {
    const data = (event.data ?? {}) as { session_id?: unknown };
    // A sign-out on another process ends the session as surely as a revocation.
    if ((event.type === 'session_revoked' || event.type === SESSION_ENDED_EVENT) && typeof data.session_id === 'string') cache.forgetSessions([data.session_id]);
    if ((event.type === 'session_revoked' || event.type === 'user_changed') && event.userId) cache.forgetUser(event.userId);
  });
}

// ---------- Sign-in, refresh, ping, logout ----------

export async function issueTokens(ctx: AppContext, user: UserRow, sessionId: string, refreshToken: string) {
  const accessToken = await signAccessToken(
    ctx.config.JWT_SECRET,
    { userId: user.id, sessionId, role: user.role, isSuperadmin: user.isSuperadmin },
    ctx.now(),
  );
  return { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_TTL_SECONDS };
}

/**
 * Opens the session of a sign-in with the one-active-session rule (DECISIONS.md): refused with
 * 409 ACTIVE_SESSION while another live session of the user pinged within the last 60 s;
 * otherwise older sessions are revoked and their tabs told.
 */
export async function startSession(ctx: AppContext, user: UserRow, refreshToken: string, client: ClientInfo): Promise<SessionRow> {
  const now = ctx.now();
  const { session, revoked } = await ctx.db.transaction(async (tx) => {
    await users.lockUser(tx, user.id);
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
  return session;
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
  const user = await users.findUserById(ctx.db, session.userId);
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
    if (!session || session.userId !== claims.userId) throw new AppError('TOKEN_INVALID', 401, errorMessages.TOKEN_INVALID);
    return session;
  }
  throw new AppError('UNAUTHENTICATED', 401, errorMessages.UNAUTHENTICATED);
}

/** Keeps the session alive: last_seen_at moves, active_seconds grows by the gap (≤ 30 s). */
export async function pingSession(ctx: AppContext, proof: SessionProof): Promise<PingResponse> {
  const session = await resolveSession(ctx, proof);
  if (session.revokedAt) throw authErrors.sessionRevoked(session.revokedReason);
  const user = await users.findUserById(ctx.db, session.userId);
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

// ---------- Listings ----------

/** The caller's own sessions, newest first (SPEC.md §3 session record). */
export async function listMySessions(ctx: AppContext, userId: string, currentSessionId: string): Promise<SessionListResponse> {
  const rows = await repo.listSessionsOfUser(ctx.db, userId);
  return rows.map((row) => toSessionRecord(row, currentSessionId));
}

/** Every session with its user, active time and status, most recently seen first. */
export async function listAdminSessions(ctx: AppContext, caller: AuthUser, query: AdminSessionsQuery): Promise<AdminSessionListResponse> {
  const { rows, total } = await repo.listSessions(ctx.db, {
    status: query.status,
    activeSince: new Date(ctx.now().getTime() - ACTIVE_SESSION_WINDOW_MS),
    userId: query.user_id,
    q: query.q,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map((row) => toAdminSessionRow(row, caller.sessionId, ctx.now())), total, page: query.page, page_size: query.page_size };
}

/** Revokes a session from /admin/sessions; its tab signs out at once (session_revoked). Idempotent. */
export async function revokeSessionAsAdmin(ctx: AppContext, caller: AuthUser, sessionId: string, actor: AuditActor = userActor(caller)): Promise<AdminSessionRow> {
  const existing = await repo.findSessionWithUser(ctx.db, sessionId);
  if (!existing) throw notFound(authErrorMessages.sessionNotFound);
  if (existing.userIsSuperadmin && !caller.isSuperadmin) throw authErrors.superadminOnly();
  if (!existing.revokedAt) {
    const revoked = await ctx.db.transaction(async (tx) => {
      const rows = await repo.revokeSessions(tx, { ids: [sessionId] }, 'admin', ctx.now());
      if (rows.length > 0) {
        await recordAudit(tx, { at: ctx.now(), actor, action: 'admin.session_revoke', subject: existing.userEmail ?? '', details: { session_id: sessionId, user_id: existing.userId } });
      }
      return rows;
    });
    await notifySessionsRevoked(ctx, revoked);
  }
  const updated = await repo.findSessionWithUser(ctx.db, sessionId);
  return toAdminSessionRow(updated!, caller.sessionId, ctx.now());
}
