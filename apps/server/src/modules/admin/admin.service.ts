import { authErrorMessages } from '@fueldesk/contracts';
import type { AdminUserListResponse, AdminUserRow, AdminUserUpdateBody, AdminUsersQuery } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { authErrors } from '../auth/auth.errors';
import { toAdminUserRow } from '../auth/auth.presenters';
import { forgetUserState, revokeSessionsAndNotify } from '../sessions/sessions.service';
import * as users from '../users/users.service';
import { recordAudit, userActor, type AuditActor } from '../audit/audit.service';
import * as repo from './admin.repository';

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
  if (!found) throw notFound(authErrorMessages.userNotFoundShort);
  return toAdminUserRow(found.user, found.lastSeenAt);
}

/**
 * Role, plan, subscription status and active flag (DECISIONS.md: an admin assigns plans).
 * Only a superadmin grants or removes superadmin. Nobody demotes, deactivates or un-superadmins
 * themselves, so the last administrator cannot lock everyone out by accident. Deactivating
 * revokes every session of the user.
 */
export async function updateAdminUser(ctx: AppContext, caller: AuthUser, userId: string, body: AdminUserUpdateBody, actor: AuditActor = userActor(caller)): Promise<AdminUserRow> {
  const found = await repo.findUser(ctx.db, userId);
  if (!found) throw notFound(authErrorMessages.userNotFoundShort);
  // Only a superadmin changes a superadmin: an ordinary admin must not lock the owner out.
  if (found.user.isSuperadmin && !caller.isSuperadmin) throw authErrors.superadminOnly();
  if (body.is_superadmin !== undefined && body.is_superadmin !== found.user.isSuperadmin && !caller.isSuperadmin) {
    throw new AppError('FORBIDDEN', 403, authErrorMessages.superadminRights);
  }
  if (userId === caller.id) {
    const demotes = body.role !== undefined && body.role !== 'admin' && !caller.isSuperadmin;
    const deactivates = body.active === false;
    const dropsSuper = body.is_superadmin === false && found.user.isSuperadmin;
    if (demotes || deactivates || dropsSuper) {
      throw new AppError('FORBIDDEN', 403, authErrorMessages.selfLockout);
    }
  }
  await ctx.db.transaction(async (tx) => {
    await users.updateUser(tx, userId, {
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.plan_code !== undefined ? { planCode: body.plan_code } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.is_superadmin !== undefined ? { isSuperadmin: body.is_superadmin } : {}),
      ...(body.subscription_status !== undefined ? { subscriptionStatus: body.subscription_status } : {}),
      updatedAt: ctx.now(),
    });
    await recordAudit(tx, {
      at: ctx.now(),
      actor,
      action: 'admin.user_update',
      subject: found.user.email,
      details: {
        user_id: userId,
        changes: body,
        before: { role: found.user.role, plan_code: found.user.planCode, active: found.user.active, is_superadmin: found.user.isSuperadmin },
      },
    });
  });
  // A role or rights change applies to the user's next request, here and on other instances.
  await forgetUserState(ctx, userId);
  if (body.active === false && found.user.active) {
    await revokeSessionsAndNotify(ctx, { userId }, 'deactivated');
  }
  return getAdminUser(ctx, userId);
}
