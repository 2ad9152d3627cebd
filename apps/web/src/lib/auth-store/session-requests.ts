import { LOGOUT_DELAY_MS } from '@fueldesk/contracts';
import { apiRequest, isApiError } from '../api-client';
import { readAccessToken, readActiveSeconds, readRefreshToken, readSecondsToExpiry, writeTokens } from '../auth-storage';
import { overlayStore, setLoggingOut } from './overlays';
import { endReasonOf, reloadSessionFromStorage, sessionStore, signOut } from './store';

// The session's calls to the server: refresh (once across tabs), ping, the second checker, logout.

// Refreshing a minute early keeps requests from meeting an expired token at all.
const REFRESH_AHEAD_SECONDS = 60;

interface RefreshResponse {
  access_token?: string;
  token?: string;
  refresh_token?: string;
}

/**
 * A failed refresh ends the session. During a session that is a forced sign-out; at app start
 * (restoring stale tokens) only a revoked session is explained, since old tokens simply expire.
 */
async function performRefresh(): Promise<boolean> {
  const { restoring, token: known } = sessionStore.get();
  // Tabs share the tokens: when another tab has just refreshed, its new token is used as is. A second
  // refresh with the already rotated refresh token would look like theft and revoke the session.
  const stored = readAccessToken();
  if (stored && stored !== known && (readSecondsToExpiry(stored) ?? Infinity) > REFRESH_AHEAD_SECONDS) {
    sessionStore.set({ ...sessionStore.get(), token: stored, restoring: false });
    return true;
  }
  const refreshToken = readRefreshToken();
  if (!refreshToken) {
    signOut(restoring ? {} : { reason: 'forced' });
    return false;
  }
  try {
    const body = await apiRequest<RefreshResponse | undefined>('/auth/refresh', {
      method: 'POST',
      body: { refresh_token: refreshToken },
      auth: false,
      retryOnUnauthorized: false,
    });
    const accessToken = body?.access_token ?? body?.token;
    if (!accessToken) throw new Error('refresh answered without a token');
    writeTokens({ accessToken, refreshToken: body?.refresh_token });
    sessionStore.set({ ...sessionStore.get(), token: accessToken, restoring: false });
    return true;
  } catch (error) {
    const revoked = isApiError(error) && error.code === 'SESSION_REVOKED';
    signOut(restoring && !revoked ? {} : { reason: endReasonOf(error) });
    return false;
  }
}

let pendingRefresh: Promise<boolean> | null = null;

/**
 * Tabs of one browser share the refresh token: a Web Lock lets one tab refresh at a time, and the
 * next one, inside the lock, finds the fresh token and adopts it instead of spending the old one.
 */
async function refreshAcrossTabs(): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return performRefresh();
  return await locks.request('fueldesk-refresh', () => performRefresh());
}

/**
 * The single retry after a 401 (SPEC.md §4). Parallel 401s share one refresh, because the server
 * rotates the refresh token and treats a second use as theft.
 */
export function refreshAccessToken(): Promise<boolean> {
  pendingRefresh ??= refreshAcrossTabs().finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

/** SPEC.md §8: a ping failure "mentioning 401 or revoked" ends the session; anything else is noise. */
export function isSessionEndingFailure(error: unknown): boolean {
  if (isApiError(error)) {
    if (error.status === 401 || error.code === 'SESSION_REVOKED') return true;
    return /\b401\b|revoked/i.test(`${error.detail ?? ''} ${error.serverMessage ?? ''}`);
  }
  return error instanceof Error && /\b401\b|revoked/i.test(error.message);
}

export type PingOutcome = 'ok' | 'ended' | 'ignored' | 'skipped';

/**
 * POST /auth/ping with the refresh token (an empty body when only an access token exists). A 401
 * or revoked answer signs out with reason concurrency; network and server failures are ignored.
 * Nothing is sent while the user is signing out.
 */
export async function pingSession(): Promise<PingOutcome> {
  // Signing out: the logout call ends this session, and a ping answered after it would be refused.
  if (overlayStore.get().loggingOut) return 'skipped';
  const { token } = sessionStore.get();
  const refreshToken = readRefreshToken();
  if (!token && !refreshToken) return 'skipped';
  try {
    await apiRequest('/auth/ping', {
      method: 'POST',
      body: refreshToken ? { refresh_token: refreshToken } : undefined,
      retryOnUnauthorized: false,
    });
    return 'ok';
  } catch (error) {
    if (!isSessionEndingFailure(error)) return 'ignored';
    // Only if this is still the session the ping was about (a new sign-in may have happened meanwhile).
    if (readRefreshToken() === refreshToken) {
      const reason = endReasonOf(error);
      signOut({ reason: reason === 'forced' ? 'concurrency' : reason });
    }
    return 'ended';
  }
}

/**
 * The second checker (SPEC.md §4, every 10 s and on focus): picks up what other tabs did to the
 * shared storage, and refreshes an access token about to expire.
 */
export async function checkSession(): Promise<void> {
  reloadSessionFromStorage();
  const { token, restoring } = sessionStore.get();
  if (restoring || !token || !readRefreshToken()) return;
  const secondsLeft = readSecondsToExpiry(token);
  if (secondsLeft !== null && secondsLeft <= REFRESH_AHEAD_SECONDS) await refreshAccessToken();
}

// ---------- Logout ----------

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SPEC.md §4 logout: full-screen loader, wait 1 s, POST /auth/logout with the refresh token and the
 * seconds since login (≥ 1); the caller then clears the session and leaves. A failed call does not
 * keep anyone signed in.
 */
export async function postLogout(): Promise<void> {
  setLoggingOut(true);
  await wait(LOGOUT_DELAY_MS);
  const refreshToken = readRefreshToken();
  try {
    await apiRequest('/auth/logout', {
      method: 'POST',
      body: { ...(refreshToken ? { refresh_token: refreshToken } : {}), active_seconds: readActiveSeconds() },
      retryOnUnauthorized: false,
    });
  } catch {
    // The session stays recorded as it was; signing out locally must not depend on the network.
  }
}
