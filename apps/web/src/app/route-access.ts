import { isAdmin, isRestrictedClient, type SessionEndReason } from '@fueldesk/contracts';

/** Why a session ended by force (lib/session `SignOutReason`). */
export type ForcedSignOutReason = 'forced' | 'invite' | SessionEndReason;

export interface AccessSubject {
  isAuthenticated: boolean;
  role: string | null;
  isSuperadmin: boolean;
  /** Set when the session just ended by force (lib/session); the login page explains it. */
  signOutReason?: ForcedSignOutReason | null;
}

export interface AccessLocation {
  pathname: string;
  search: string;
}

// SPEC.md §2: the only places a cliente (not superadmin) may be, subpaths included.
const CLIENT_ALLOWED_PATHS = ['/bank/verification', '/plaid', '/home'];
const ADMIN_PATHS = ['/admin'];
// SPEC.md §2: a forced sign-out on these pages is explained as an invitation that needs signing in.
const INVITE_PATHS = ['/bank/verification', '/plaid'];

function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

function isUnder(pathname: string, bases: readonly string[]): boolean {
  const path = normalizePath(pathname);
  return bases.some((base) => path === base || path.startsWith(`${base}/`));
}

export function buildLoginRedirect({ pathname, search }: AccessLocation): string {
  return `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** `invite` on bank verification, else `concurrency` (SPEC.md §2 redirect rules, §8 401). */
export function resolveSignOutReason(pathname: string): 'invite' | 'concurrency' {
  return isUnder(pathname, INVITE_PATHS) ? 'invite' : 'concurrency';
}

/**
 * /login after a forced sign-out: the reason first, then where to come back to. `forced` (no
 * better reason known) becomes `invite` on bank verification, else `concurrency` (SPEC.md §2).
 */
export function buildForcedLoginRedirect(location: AccessLocation, reason: ForcedSignOutReason): string {
  const resolved = reason === 'forced' ? resolveSignOutReason(location.pathname) : reason;
  return `/login?reason=${resolved}&next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/** Where a protected route sends this visitor instead of rendering, or null to render. */
export function resolveProtectedRedirect(location: AccessLocation, subject: AccessSubject): string | null {
  if (!subject.isAuthenticated) {
    return subject.signOutReason ? buildForcedLoginRedirect(location, subject.signOutReason) : buildLoginRedirect(location);
  }
  const roles = { role: subject.role, is_superadmin: subject.isSuperadmin };
  if (isRestrictedClient(roles) && !isUnder(location.pathname, CLIENT_ALLOWED_PATHS)) return '/bank/verification';
  if (isUnder(location.pathname, ADMIN_PATHS) && !isAdmin(roles)) return '/home';
  return null;
}
