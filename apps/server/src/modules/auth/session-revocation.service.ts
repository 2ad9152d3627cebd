import type { AppContext } from '../../context';
import { sessionStateCache } from '../../lib/auth-state-cache';
import * as repo from './auth.repository';
import type { SessionRow } from './auth.repository';

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
