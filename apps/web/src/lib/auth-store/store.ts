import { sessionEndReasons, type SessionEndReason } from '@fueldesk/contracts';
import { isApiError } from '../api-client';
import {
  captureTokenFromUrl,
  clearAuthStorage,
  readAccessToken,
  readRefreshToken,
  readStoredUser,
  writeLoginTimestamp,
  writeStoredUser,
  writeTokens,
  type SessionTokens,
  type SessionUser,
} from '../auth-storage';
import { createStore } from '../create-store';

// The signed-in state of this tab: access token, user and why the last session ended. Every
// change goes through the functions below, which keep it and the shared storage in step.

/**
 * Why a session ended against the user's will: the server's reason (another sign-in, an
 * administrator, a password change) or `expired`. On bank verification the guard says `invite`
 * instead (SPEC.md §2); `forced` (no reason known) reads as `concurrency` elsewhere (§8).
 */
export type SignOutReason = 'forced' | 'invite' | SessionEndReason;

/**
 * The reason a failed call gives for the end of the session; `forced` when it names none beyond
 * "another session" (the guard then says `invite` or `concurrency` by page, as SPEC.md §2 asks).
 */
export function endReasonOf(error: unknown): SignOutReason {
  if (!isApiError(error)) return 'forced';
  if (error.code === 'SESSION_REVOKED') {
    const known = (sessionEndReasons as readonly string[]).includes(error.reason ?? '');
    return known && error.reason !== 'concurrency' ? (error.reason as SessionEndReason) : 'forced';
  }
  if (error.code === 'ACCOUNT_INACTIVE') return 'revoked';
  // The refresh token is unknown or the sign-in too old: the session simply ran out.
  if (error.code === 'TOKEN_INVALID' || error.code === 'TOKEN_EXPIRED') return 'expired';
  return 'forced';
}

export interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
  /** No usable access token but a refresh token (app start, or a tab woken late): one refresh is under way. */
  restoring: boolean;
  endReason: SignOutReason | null;
}

// A token handed back in the address bar is taken before anything (the router included) reads the
// URL, so it is stored and stripped before the first render.
if (typeof window !== 'undefined') captureTokenFromUrl();

function readSnapshot(): SessionSnapshot {
  const token = readAccessToken();
  return { token, user: readStoredUser(), restoring: token === null && readRefreshToken() !== null, endReason: null };
}

export const sessionStore = createStore<SessionSnapshot>(readSnapshot());

/** Re-reads tokens and user from storage (another tab signed in or out, or a test seeded them). */
export function reloadSessionFromStorage(): void {
  const current = sessionStore.get();
  const next = readSnapshot();
  // A stored session means nobody needs to be told why the last one ended.
  if (next.token === null && !next.restoring) next.endReason = current.endReason;
  const sameUser = JSON.stringify(next.user) === JSON.stringify(current.user);
  if (next.token !== current.token || !sameUser || next.restoring !== current.restoring || next.endReason !== current.endReason) {
    sessionStore.set(next);
  }
}

/** Stores a new session: tokens, login time (ms) and the user object (SPEC.md §4). */
export function signIn(tokens: SessionTokens, user: SessionUser | null): void {
  writeTokens(tokens);
  writeLoginTimestamp();
  if (user) writeStoredUser(user);
  sessionStore.set({ token: tokens.accessToken, user, restoring: false, endReason: null });
}

export interface SignOutOptions {
  /** Set when the session ended by force; the login page explains it. */
  reason?: SignOutReason;
}

/** Clears every stored token and the user. */
export function signOut(options: SignOutOptions = {}): void {
  clearAuthStorage();
  sessionStore.set({ token: null, user: null, restoring: false, endReason: options.reason ?? null });
}

/** The login page has shown the reason; later visits to protected pages ask for `next` only. */
export function clearSignOutReason(): void {
  const current = sessionStore.get();
  if (current.endReason) sessionStore.set({ ...current, endReason: null });
}

/** Merges fields into the stored user, e.g. plan_name from GET /auth/me. */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const current = sessionStore.get();
  if (!current.user && !current.token) return;
  const base: SessionUser = current.user ?? { id: '', name: '', email: '', role: '', is_superadmin: false };
  const user = { ...base, ...patch };
  writeStoredUser(user);
  sessionStore.set({ ...current, user });
}
