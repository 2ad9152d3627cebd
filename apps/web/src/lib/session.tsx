import {
  LOGOUT_DELAY_MS,
  PING_INTERVAL_MS,
  SESSION_CHECK_INTERVAL_MS,
  normalizeRole,
  planNameFromCode,
  sessionEndReasons,
  toSessionEndReason,
  type Role,
  type SessionEndReason,
} from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, isApiError, setUnauthorizedHandler } from './api-client';
import {
  AUTH_TOKEN_KEY,
  LEGACY_AUTH_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  captureTokenFromUrl,
  clearAuthStorage,
  decodeTokenPayload,
  readAccessToken,
  readActiveSeconds,
  readRefreshToken,
  readSecondsToExpiry,
  readStoredUser,
  writeLoginTimestamp,
  writeStoredUser,
  writeTokens,
  type SessionTokens,
  type SessionUser,
} from './auth-storage';
import { createStore, useStore } from './create-store';
import { startServerEvents, subscribeServerEvent } from './server-events';
import { SessionOverlays, finishLoginLoader, overlayStore, setLoggingOut } from './session-overlay';

export { finishLoginLoader, startLoginLoader, useReleaseLoginLoader } from './session-overlay';

export type { SessionTokens, SessionUser } from './auth-storage';

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
function endReasonOf(error: unknown): SignOutReason {
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

interface SessionSnapshot {
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

const sessionStore = createStore<SessionSnapshot>(readSnapshot());

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
 */
export async function pingSession(): Promise<PingOutcome> {
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

// A voluntary logout leaves the dashboard first and clears the session only once the dashboard is
// gone: React commits a navigation in a transition, so clearing earlier would render the old page
// signed out, and its guard would send the user to /login instead of the landing page.
const LOGOUT_FALLBACK_MS = 3_000;

/** The dashboard's Log out: loader, logout call, the landing page, everything cleared. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leaving = useRef(false);

  const finish = useCallback(() => {
    if (!leaving.current) return;
    leaving.current = false;
    signOut();
    queryClient.clear();
    finishLoginLoader();
    setLoggingOut(false);
  }, [queryClient]);

  // Runs when the component that owns the hook (the dashboard layout) unmounts.
  useEffect(() => finish, [finish]);

  return useCallback(async () => {
    if (overlayStore.get().loggingOut) return;
    await postLogout();
    leaving.current = true;
    setTimeout(finish, LOGOUT_FALLBACK_MS);
    try {
      await navigate('/', { replace: true });
    } catch {
      finish();
    }
  }, [navigate, finish]);
}

// ---------- Context ----------

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True while a stored session is restored (one refresh); guards wait instead of redirecting. */
  isRestoring: boolean;
  /** Why the last session ended by force, until the login page has shown it. */
  signOutReason: SignOutReason | null;
  /** From the stored user, else the token payload (SPEC.md §6). */
  role: Role | null;
  isSuperadmin: boolean;
  signIn: typeof signIn;
  signOut: typeof signOut;
  updateUser: typeof updateSessionUser;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const watchedKeys = new Set([AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, REFRESH_TOKEN_KEY, null]);

interface MeResponse {
  id?: string;
  email?: string;
  name?: string;
  role?: string;
  access?: string;
  is_superadmin?: boolean;
  plan_name?: string | null;
  plan_code?: string | null;
}

/** After sign-in: GET /auth/me feeds plan and role to the layout; /auth/profile if me has no plan. */
async function loadCurrentUser(): Promise<void> {
  let me: MeResponse;
  try {
    me = await apiRequest<MeResponse>('/auth/me');
    if (!me.plan_name && !me.plan_code) {
      const profile = await apiRequest<MeResponse>('/auth/profile');
      me = { ...me, plan_name: profile.plan_name, plan_code: profile.plan_code };
    }
  } catch {
    return;
  }
  const patch: Partial<SessionUser> = {
    plan_name: me.plan_name ?? planNameFromCode(me.plan_code),
    plan_code: me.plan_code ?? null,
  };
  if (me.id) patch.id = me.id;
  if (me.email) patch.email = me.email;
  if (typeof me.name === 'string') patch.name = me.name;
  if (me.role) patch.role = me.role;
  if (me.access) patch.access = me.access;
  if (typeof me.is_superadmin === 'boolean') patch.is_superadmin = me.is_superadmin;
  updateSessionUser(patch);
}

/**
 * Keeps the signed-in session alive and honest while the dashboard is open: ping every 15 s, the
 * second checker every 10 s and on focus, the server's events (session_revoked signs out at once),
 * and GET /auth/me for the plan shown in the sidebar. Rendered by the dashboard layout.
 */
export function SessionKeeper() {
  const { token } = useStore(sessionStore);
  const signedIn = token !== null;
  const sessionKey = token ? (decodeTokenPayload(token)?.sid ?? 'token') : null;

  useEffect(() => {
    if (!signedIn) return;
    void pingSession();
    const pinger = setInterval(() => void pingSession(), PING_INTERVAL_MS);
    const checker = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
    const onFocus = () => {
      void checkSession().then(() => pingSession());
    };
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(pinger);
      clearInterval(checker);
      window.removeEventListener('focus', onFocus);
    };
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    const unsubscribe = subscribeServerEvent('session_revoked', (data) =>
      signOut({ reason: toSessionEndReason((data as { reason?: string | null } | undefined)?.reason) }),
    );
    const stop = startServerEvents();
    return () => {
      unsubscribe();
      stop();
    };
  }, [signedIn]);

  useEffect(() => {
    if (sessionKey) void loadCurrentUser();
  }, [sessionKey]);

  return null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { token, user, restoring, endReason } = useStore(sessionStore);

  useEffect(() => setUnauthorizedHandler(refreshAccessToken), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (watchedKeys.has(event.key)) reloadSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // App start with an expired access token but a refresh token: one refresh, behind the overlay.
  useEffect(() => {
    if (restoring) void refreshAccessToken();
  }, [restoring]);

  const value = useMemo<SessionContextValue>(() => {
    const payload = token ? decodeTokenPayload(token) : null;
    return {
      user,
      token,
      isAuthenticated: token !== null,
      isRestoring: restoring,
      signOutReason: endReason,
      role: normalizeRole(user?.role) ?? normalizeRole(payload?.role),
      isSuperadmin: user ? user.is_superadmin === true : payload?.is_superadmin === true,
      signIn,
      signOut,
      updateUser: updateSessionUser,
    };
  }, [token, user, restoring, endReason]);

  return (
    <SessionContext.Provider value={value}>
      {children}
      <SessionOverlays restoring={restoring} />
    </SessionContext.Provider>
  );
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('Error: Authentication context not available');
  return value;
}
