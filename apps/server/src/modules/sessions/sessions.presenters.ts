import { ACTIVE_SESSION_WINDOW_MS, type AdminSessionRow, type SessionRecord } from '@fueldesk/contracts';
import { displayName } from '../auth/auth.presenters';
import type { SessionRow, SessionWithUser } from './sessions.repository';

export function toSessionRecord(session: SessionRow, currentSessionId: string | null): SessionRecord {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    revoked_at: session.revokedAt?.toISOString() ?? null,
    revoked_reason: session.revokedReason,
    active_seconds: session.activeSeconds,
    user_agent: session.userAgent,
    ip: session.ip,
    current: session.id === currentSessionId,
  };
}

/** Active only while pings arrive: silent longer than the active-session window means idle. */
function sessionStatus(record: SessionRow, now: Date): AdminSessionRow['status'] {
  if (record.revokedAt) return 'revoked';
  return record.lastSeenAt.getTime() >= now.getTime() - ACTIVE_SESSION_WINDOW_MS ? 'active' : 'idle';
}

export function toAdminSessionRow(record: SessionWithUser, currentSessionId: string, now: Date): AdminSessionRow {
  return {
    ...toSessionRecord(record, currentSessionId),
    user_id: record.userId,
    user_email: record.userEmail,
    user_name: displayName({ firstName: record.userFirstName, lastName: record.userLastName, email: record.userEmail }),
    status: sessionStatus(record, now),
  };
}
