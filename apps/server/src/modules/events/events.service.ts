import type { EventsTokenResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { AppEvent } from '../../integrations/events/event-bus';
import type { AuthUser } from '../../plugins/auth';
import { signPurposeToken } from '../../lib/tokens';

/** The single-purpose token type accepted by GET /api/events only. */
export const EVENTS_TOKEN_PURPOSE = 'events';
/** Long enough to open the stream, short enough that a leaked URL is soon useless. */
export const EVENTS_TOKEN_TTL_SECONDS = 60;

/** EventSource cannot send an Authorization header, so the URL carries this short-lived token instead. */
export async function issueEventsToken(ctx: AppContext, user: AuthUser): Promise<EventsTokenResponse> {
  const token = await signPurposeToken(
    ctx.config.JWT_SECRET,
    { userId: user.id, sessionId: user.sessionId, role: user.role, isSuperadmin: user.isSuperadmin },
    EVENTS_TOKEN_PURPOSE,
    ctx.now(),
    EVENTS_TOKEN_TTL_SECONDS,
  );
  return { token, expires_in: EVENTS_TOKEN_TTL_SECONDS };
}

/**
 * Whether a connection of this user and session should get the event. Events for a session (they
 * carry `session_id`, like session_revoked) go only to that session's tabs: after a new sign-in
 * revokes the old session, the new one must not sign itself out.
 */
export function isEventFor(event: AppEvent, user: Pick<AuthUser, 'id' | 'sessionId'>): boolean {
  if (event.userId !== null && event.userId !== user.id) return false;
  const sessionId = (event.data as { session_id?: unknown } | undefined)?.session_id;
  if (event.type === 'session_revoked' && typeof sessionId === 'string') return sessionId === user.sessionId;
  return true;
}

/** One SSE frame. */
export function formatServerEvent(event: Pick<AppEvent, 'type' | 'data'>): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data ?? {})}\n\n`;
}

/** Published when a session ends by sign-out: its open streams close (no tab is told "revoked"). */
export const SESSION_ENDED_EVENT = 'session_ended';

/** Whether an event ends the streams of this session (sign-out or revocation). */
export function endsStreamOf(event: AppEvent, user: Pick<AuthUser, 'id' | 'sessionId'>): boolean {
  if (event.type !== 'session_revoked' && event.type !== SESSION_ENDED_EVENT) return false;
  const sessionId = (event.data as { session_id?: unknown } | undefined)?.session_id;
  return event.userId === user.id && sessionId === user.sessionId;
}

/** Counts open streams per key (session, user) in this process. */
export class StreamCounter {
  private readonly counts = new Map<string, number>();
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.counts.set(key, this.count(key) + 1);
  }
  remove(key: string): void {
    const next = this.count(key) - 1;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
}
