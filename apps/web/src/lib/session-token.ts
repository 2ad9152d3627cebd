// Where the access token is stored and what it claims, without the rest of the session code: the
// entry script (main.tsx, through lib/early-requests.ts) reads them before the app's code arrives.

// Key names are fixed by SPEC.md §3: tokens in localStorage so that tabs share one session (DECISIONS.md).
export const AUTH_TOKEN_KEY = 'authToken';
export const LEGACY_AUTH_TOKEN_KEY = 'auth_token';

export interface TokenPayload {
  sub?: string;
  sid?: string;
  exp?: number;
  role?: string;
  is_superadmin?: boolean;
  [claim: string]: unknown;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  // ASCII reads as it is; only other UTF-8 needs a decoder (whose first use is slow on a slow machine).
  if (!/[\x80-\xff]/.test(binary)) return binary;
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** Reads the JWT payload without verifying it: the server verifies, the browser only needs hints. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** SPEC.md §5: expired when exp (seconds) is at or before now. A token without exp never expires here. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= now;
}
