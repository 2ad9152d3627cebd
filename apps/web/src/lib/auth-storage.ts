import { readJson, readString, removeKey, writeJson, writeString } from './storage';
import { AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, decodeTokenPayload, isTokenExpired } from './session-token';

export { AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, decodeTokenPayload, isTokenExpired, type TokenPayload } from './session-token';

// Key names are fixed by SPEC.md §3 (the access token's in session-token.ts): tokens in localStorage
// so that tabs share one session (DECISIONS.md), the user object per tab in sessionStorage.
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const LOGIN_TIMESTAMP_KEY = 'login_timestamp';
export const USER_KEY = 'user';

export interface SessionUser {
  id: string | number;
  name: string;
  email: string;
  role: string;
  access?: unknown;
  is_superadmin: boolean;
  /** Filled from GET /auth/me by the accounts feature; the sidebar shows it as the plan label. */
  plan_name?: string | null;
  plan_code?: string | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken?: string | null;
}


/** The stored access token, or null; an expired one is removed on read (SPEC.md §4). */
export function readAccessToken(now: number = Date.now()): string | null {
  const token = readString('local', AUTH_TOKEN_KEY) ?? readString('local', LEGACY_AUTH_TOKEN_KEY);
  if (!token) return null;
  if (isTokenExpired(token, now)) {
    removeKey('local', AUTH_TOKEN_KEY);
    removeKey('local', LEGACY_AUTH_TOKEN_KEY);
    return null;
  }
  return token;
}

export function readRefreshToken(): string | null {
  return readString('local', REFRESH_TOKEN_KEY);
}

export function readLoginTimestamp(): number | null {
  const value = Number(readString('local', LOGIN_TIMESTAMP_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeTokens(tokens: SessionTokens): void {
  writeString('local', AUTH_TOKEN_KEY, tokens.accessToken);
  removeKey('local', LEGACY_AUTH_TOKEN_KEY);
  if (tokens.refreshToken) writeString('local', REFRESH_TOKEN_KEY, tokens.refreshToken);
}

export function writeLoginTimestamp(timestamp: number = Date.now()): void {
  writeString('local', LOGIN_TIMESTAMP_KEY, String(timestamp));
}

function isSessionUser(value: unknown): value is SessionUser {
  if (value === null || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    (typeof user.id === 'string' || typeof user.id === 'number') &&
    typeof user.email === 'string' &&
    typeof user.role === 'string'
  );
}

export function readStoredUser(): SessionUser | null {
  const value = readJson('session', USER_KEY);
  if (!isSessionUser(value)) return null;
  return { ...value, name: typeof value.name === 'string' ? value.name : '', is_superadmin: value.is_superadmin === true };
}

export function writeStoredUser(user: SessionUser): void {
  writeJson('session', USER_KEY, user);
}

export function clearAuthStorage(): void {
  for (const key of [AUTH_TOKEN_KEY, LEGACY_AUTH_TOKEN_KEY, REFRESH_TOKEN_KEY, LOGIN_TIMESTAMP_KEY]) {
    removeKey('local', key);
  }
  removeKey('session', USER_KEY);
}

/** Seconds since the stored login time, at least 1 (SPEC.md §7 logout payload). */
export function readActiveSeconds(now: number = Date.now()): number {
  const since = readLoginTimestamp();
  if (since === null) return 1;
  return Math.max(1, Math.round((now - since) / 1000));
}

/** Seconds until the token's exp; null when it carries none. */
export function readSecondsToExpiry(token: string, now: number = Date.now()): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' ? exp - now / 1000 : null;
}

const URL_TOKEN_NAMES = ['access_token', 'token'] as const;
const URL_SESSION_PARAMS = [...URL_TOKEN_NAMES, 'refresh_token', 'token_type', 'expires_in'];
// These pages take a mailed single-use `token` that is not a session token.
const LINK_TOKEN_PATHS = ['/verify-email', '/reset-password', '/activate'];

function isLinkTokenPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return LINK_TOKEN_PATHS.some((base) => path.includes(base));
}

function findSessionParams(params: URLSearchParams, allowPlainToken: boolean): { access: string; refresh: string | null } | null {
  for (const name of URL_TOKEN_NAMES) {
    if (name === 'token' && !allowPlainToken) continue;
    const value = params.get(name);
    // Only a JWT-shaped value is a session token; anything else is left for the page to read.
    if (value && decodeTokenPayload(value)) return { access: value, refresh: params.get('refresh_token') };
  }
  return null;
}

function stripParams(params: URLSearchParams, keepPlainToken: boolean): string {
  for (const name of URL_SESSION_PARAMS) {
    if (!(name === 'token' && keepPlainToken)) params.delete(name);
  }
  return params.toString();
}

/**
 * SPEC.md §4 / DECISIONS.md: a sign-in that hands back `access_token` (or `token`) in the URL
 * fragment or query is stored, then removed from the address bar so that it is neither bookmarked,
 * shared nor sent as a Referer. Returns true when a usable token was stored (an expired one is not).
 */
export function captureTokenFromUrl(target: Pick<Window, 'location' | 'history'> = window): boolean {
  const { location, history } = target;
  const hashParams = new URLSearchParams(location.hash.replace(/^#/, ''));
  const queryParams = new URLSearchParams(location.search);
  const allowPlainToken = !isLinkTokenPage(location.pathname);
  const found = findSessionParams(hashParams, true) ?? findSessionParams(queryParams, allowPlainToken);
  if (!found) return false;

  const usable = !isTokenExpired(found.access);
  if (usable) {
    // A new session replaces whatever this browser held: an older refresh token or user would not match it.
    clearAuthStorage();
    writeTokens({ accessToken: found.access, refreshToken: found.refresh });
    writeLoginTimestamp();
  }
  const search = stripParams(queryParams, !allowPlainToken);
  const hash = stripParams(hashParams, false);
  try {
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`);
  } catch {
    // A sandboxed document may refuse; the token is stored either way.
  }
  return usable;
}
