import {
  ACTIVE_SESSION_WINDOW_MS,
  type AdminSessionListResponse,
  type AdminSessionRow,
  type AdminSessionsQuery,
  type AdminUserListResponse,
  type AdminUserRow,
  type AdminUserUpdateBody,
  type AdminUsersQuery,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { sessionStateCache } from '../../lib/auth-state-cache';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { displayName, toAdminUserRow, toSessionRecord } from '../auth/auth.presenters';
import { revokeSessionsAndNotify } from '../auth/session-revocation.service';
import * as repo from './admin.repository';

/** Active only while pings arrive: silent longer than the active-session window means idle. */
function sessionStatus(record: repo.AdminSessionRecord, now: Date): AdminSessionRow['status'] {
  if (record.revokedAt) return 'revoked';
  return record.lastSeenAt.getTime() >= now.getTime() - ACTIVE_SESSION_WINDOW_MS ? 'active' : 'idle';
}

function toAdminSessionRow(record: repo.AdminSessionRecord, currentSessionId: string, now: Date): AdminSessionRow {
  return {
    ...toSessionRecord(record, currentSessionId),
    user_id: record.userId,
    user_email: record.userEmail,
    user_name: displayName({ firstName: record.userFirstName, lastName: record.userLastName, email: record.userEmail }),
    status: sessionStatus(record, now),
  };
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

const superadminOnly = () => new AppError('FORBIDDEN', 403, 'Only a superadmin can change a superadmin account or its sessions.');

/** Revokes a session from /admin/sessions; its tab signs out at once (session_revoked). Idempotent. */
export async function revokeSessionAsAdmin(ctx: AppContext, caller: AuthUser, sessionId: string): Promise<AdminSessionRow> {
  const existing = await repo.findSessionWithUser(ctx.db, sessionId);
  if (!existing) throw notFound('Session not found.');
  if (existing.userIsSuperadmin && !caller.isSuperadmin) throw superadminOnly();
  if (!existing.revokedAt) await revokeSessionsAndNotify(ctx, { ids: [sessionId] }, 'admin');
  const updated = await repo.findSessionWithUser(ctx.db, sessionId);
  return toAdminSessionRow(updated!, caller.sessionId, ctx.now());
}

export async function listAdminUsers(ctx: AppContext, query: AdminUsersQuery): Promise<AdminUserListResponse> {
  const { rows, total } = await repo.listUsers(ctx.db, {
    q: query.q,
    role: query.role,
    active: query.active,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map((row) => toAdminUserRow(row.user, row.lastSeenAt)), total, page: query.page, page_size: query.page_size };
}

export async function getAdminUser(ctx: AppContext, userId: string): Promise<AdminUserRow> {
  const found = await repo.findUser(ctx.db, userId);
  if (!found) throw notFound('User not found.');
  return toAdminUserRow(found.user, found.lastSeenAt);
}

/**
 * Role, plan, subscription status and active flag (DECISIONS.md: an admin assigns plans).
 * Only a superadmin grants or removes superadmin. Nobody demotes, deactivates or un-superadmins
 * themselves, so the last administrator cannot lock everyone out by accident. Deactivating
 * revokes every session of the user.
 */
export async function updateAdminUser(ctx: AppContext, caller: AuthUser, userId: string, body: AdminUserUpdateBody): Promise<AdminUserRow> {
  const found = await repo.findUser(ctx.db, userId);
  if (!found) throw notFound('User not found.');
  // Only a superadmin changes a superadmin: an ordinary admin must not lock the owner out.
  if (found.user.isSuperadmin && !caller.isSuperadmin) throw superadminOnly();
  if (body.is_superadmin !== undefined && body.is_superadmin !== found.user.isSuperadmin && !caller.isSuperadmin) {
    throw new AppError('FORBIDDEN', 403, 'Only a superadmin can change superadmin rights.');
  }
  if (userId === caller.id) {
    const demotes = body.role !== undefined && body.role !== 'admin' && !caller.isSuperadmin;
    const deactivates = body.active === false;
    const dropsSuper = body.is_superadmin === false && found.user.isSuperadmin;
    if (demotes || deactivates || dropsSuper) {
      throw new AppError('FORBIDDEN', 403, 'You cannot remove your own administrator access or deactivate yourself.');
    }
  }
  await repo.updateUser(ctx.db, userId, {
    ...(body.role !== undefined ? { role: body.role } : {}),
    ...(body.plan_code !== undefined ? { planCode: body.plan_code } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
    ...(body.is_superadmin !== undefined ? { isSuperadmin: body.is_superadmin } : {}),
    ...(body.subscription_status !== undefined ? { subscriptionStatus: body.subscription_status } : {}),
    updatedAt: ctx.now(),
  });
  // A role or rights change applies to the user's next request, here and on other instances.
  sessionStateCache(ctx).forgetUser(userId);
  await ctx.events.publish({ userId, type: 'user_changed' }).catch((error) => ctx.log.warn({ err: error }, 'could not publish user_changed'));
  if (body.active === false && found.user.active) {
    await revokeSessionsAndNotify(ctx, { userId }, 'deactivated');
  }
  return getAdminUser(ctx, userId);
}
