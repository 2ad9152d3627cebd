/**
 * Event names sent on /api/events. `ready` opens every stream (data: session_id); `session_revoked`
 * goes only to the revoked session's streams, which the server then closes. Other capabilities add theirs here.
 */
export const serverEventTypes = ['ready', 'session_revoked'] as const;
export type ServerEventType = (typeof serverEventTypes)[number];
/**
 * Why a session ended, as the login page explains it (`reason=` in its address): another sign-in
 * (SPEC.md's `concurrency`), an administrator (or a deactivated account), a password change, or
 * expiry. `invite` (SPEC.md, bank verification pages) is chosen by the web app, not the server.
 */
export const sessionEndReasons = ['concurrency', 'revoked', 'password', 'expired'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** The end reason of a session the server revoked for `revokedReason` (sessions.revoked_reason). */
export function toSessionEndReason(revokedReason: string | null | undefined): SessionEndReason {
  switch (revokedReason) {
    case 'admin':
    case 'deactivated':
      return 'revoked';
    case 'password_reset':
    case 'password_changed':
      return 'password';
    default:
      return 'concurrency';
  }
}
