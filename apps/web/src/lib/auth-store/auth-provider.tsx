import { PING_INTERVAL_MS, SESSION_CHECK_INTERVAL_MS, normalizeRole, planNameFromCode, toSessionEndReason, type Role } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { afterPaintWhenIdle } from '../after-paint';
import { apiRequest, setUnauthorizedHandler } from '../api-client';
import { AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, REFRESH_TOKEN_KEY, decodeTokenPayload, type SessionUser } from '../auth-storage';
import { useStore } from '../create-store';
import { startServerEvents, subscribeServerEvent } from '../server-events';
import { SessionOverlays, finishLoginLoader, overlayStore, setLoggingOut } from './overlays';
import { checkSession, pingSession, postLogout, refreshAccessToken } from './session-requests';
import { reloadSessionFromStorage, sessionStore, signIn, signOut, updateSessionUser, type SignOutReason } from './store';

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

/** The session of this token: one user per session, loaded again when the session changes. */
function sessionKeyOf(token: string | null): string | null {
  return token ? (decodeTokenPayload(token)?.sid ?? 'token') : null;
}

/** After sign-in: GET /auth/me feeds plan and role to the layout; /auth/profile if me has no plan. */
async function loadCurrentUser(): Promise<boolean> {
  let me: MeResponse;
  try {
    me = await apiRequest<MeResponse>('/auth/me');
    if (!me.plan_name && !me.plan_code) {
      const profile = await apiRequest<MeResponse>('/auth/profile');
      me = { ...me, plan_name: profile.plan_name, plan_code: profile.plan_code };
    }
  } catch {
    return false;
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
  return true;
}

/** The session whose user the app's start has just loaded (primeSessionUser), until the keeper mounts. */
let primedSessionKey: string | null = null;
/** Whether a session keeper has mounted since the page loaded (it then loads the user itself). */
let keeperMounted = false;

/**
 * Loads the signed-in user before the app's first render (the app's start calls it on the signed-in
 * home, whose entry script asked for /auth/me early): the layout then renders once with the name
 * and plan, instead of rendering the whole tree again when they arrive. The session keeper, which
 * loads them on mount otherwise, leaves that first load out.
 */
export async function primeSessionUser(): Promise<void> {
  const key = sessionKeyOf(sessionStore.get().token);
  if (key && (await loadCurrentUser()) && !keeperMounted) primedSessionKey = key;
}

/**
 * Keeps the signed-in session alive and honest while the dashboard is open: ping every 15 s, the
 * second checker every 10 s and on focus, the server's events (session_revoked signs out at once),
 * and GET /auth/me for the plan shown in the sidebar. Rendered by the dashboard layout.
 */
export function SessionKeeper() {
  const { token } = useStore(sessionStore);
  const signedIn = token !== null;
  const sessionKey = sessionKeyOf(token);

  useEffect(() => {
    if (!signedIn) return;
    // The first ping and the event stream start once the page is painted and the browser is idle:
    // its first frames do not wait for them (on a phone link each is a round trip, which Lighthouse
    // counted into the LCP when the answer came back before the frame was shown).
    const cancelFirstPing = afterPaintWhenIdle(() => void pingSession());
    const pinger = setInterval(() => void pingSession(), PING_INTERVAL_MS);
    const checker = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
    const onFocus = () => {
      void checkSession().then(() => pingSession());
    };
    window.addEventListener('focus', onFocus);
    return () => {
      cancelFirstPing();
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
    let stop: (() => void) | null = null;
    const cancelStart = afterPaintWhenIdle(() => {
      stop = startServerEvents();
    });
    return () => {
      cancelStart();
      unsubscribe();
      stop?.();
    };
  }, [signedIn]);

  useEffect(() => {
    keeperMounted = true;
    if (!sessionKey) return;
    if (sessionKey === primedSessionKey) {
      // Loaded for this session by the app's start, just before this first mount.
      primedSessionKey = null;
      return;
    }
    void loadCurrentUser();
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
