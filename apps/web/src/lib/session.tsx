import { normalizeRole, type Role } from '@fueldesk/contracts';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import {
  AUTH_TOKEN_KEY,
  LEGACY_AUTH_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  clearAuthStorage,
  decodeTokenPayload,
  readAccessToken,
  readRefreshToken,
  readStoredUser,
  writeLoginTimestamp,
  writeStoredUser,
  writeTokens,
  type SessionTokens,
  type SessionUser,
} from './auth-storage';
import { createStore, useStore } from './create-store';

export type { SessionTokens, SessionUser } from './auth-storage';

interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
}

function readSnapshot(): SessionSnapshot {
  return { token: readAccessToken(), user: readStoredUser() };
}

const sessionStore = createStore<SessionSnapshot>(readSnapshot());

/** Re-reads tokens and user from storage (another tab signed in or out, or a test seeded them). */
export function reloadSessionFromStorage(): void {
  const next = readSnapshot();
  const current = sessionStore.get();
  const sameUser = JSON.stringify(next.user) === JSON.stringify(current.user);
  if (next.token !== current.token || !sameUser) sessionStore.set(next);
}

/** Stores a new session: tokens, login time (ms) and the user object (SPEC.md §4). */
export function signIn(tokens: SessionTokens, user: SessionUser | null): void {
  writeTokens(tokens);
  writeLoginTimestamp();
  if (user) writeStoredUser(user);
  sessionStore.set({ token: tokens.accessToken, user });
}

/** Clears every stored token and the user. The accounts feature wraps it with the logout call. */
export function signOut(): void {
  clearAuthStorage();
  sessionStore.set({ token: null, user: null });
}

/** Merges fields into the stored user, e.g. plan_name from GET /auth/me. */
export function updateSessionUser(patch: Partial<SessionUser>): void {
  const current = sessionStore.get();
  if (!current.user) return;
  const user = { ...current.user, ...patch };
  writeStoredUser(user);
  sessionStore.set({ ...current, user });
}

interface RefreshResponse {
  access_token?: string;
  token?: string;
  refresh_token?: string;
}

async function performRefresh(): Promise<boolean> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) {
    signOut();
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
    sessionStore.set({ ...sessionStore.get(), token: accessToken });
    return true;
  } catch {
    signOut();
    return false;
  }
}

let pendingRefresh: Promise<boolean> | null = null;

/**
 * The single retry after a 401 (SPEC.md §4). Parallel 401s share one refresh, because the server
 * rotates the refresh token and treats a second use as theft.
 */
export function refreshAccessToken(): Promise<boolean> {
  pendingRefresh ??= performRefresh().finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  isAuthenticated: boolean;
  /** From the stored user, else the token payload (SPEC.md §6). */
  role: Role | null;
  isSuperadmin: boolean;
  signIn: typeof signIn;
  signOut: typeof signOut;
  updateUser: typeof updateSessionUser;
}

const SessionContext = createContext<SessionContextValue | null>(null);

const watchedKeys = new Set([AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, REFRESH_TOKEN_KEY, null]);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { token, user } = useStore(sessionStore);

  useEffect(() => setUnauthorizedHandler(refreshAccessToken), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (watchedKeys.has(event.key)) reloadSessionFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<SessionContextValue>(() => {
    const payload = token ? decodeTokenPayload(token) : null;
    return {
      user,
      token,
      isAuthenticated: token !== null,
      role: normalizeRole(user?.role ?? payload?.role),
      isSuperadmin: user ? user.is_superadmin === true : payload?.is_superadmin === true,
      signIn,
      signOut,
      updateUser: updateSessionUser,
    };
  }, [token, user]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('Error: Authentication context not available');
  return value;
}
