import { isAdmin, isRestrictedClient } from '@fueldesk/contracts';

export interface AccessSubject {
  isAuthenticated: boolean;
  role: string | null;
  isSuperadmin: boolean;
}

export interface AccessLocation {
  pathname: string;
  search: string;
}

// SPEC.md §2: the only places a cliente (not superadmin) may be, subpaths included.
const CLIENT_ALLOWED_PATHS = ['/bank/verification', '/plaid', '/home'];
const ADMIN_PATHS = ['/admin'];

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

/** Where a protected route sends this visitor instead of rendering, or null to render. */
export function resolveProtectedRedirect(location: AccessLocation, subject: AccessSubject): string | null {
  if (!subject.isAuthenticated) return buildLoginRedirect(location);
  const roles = { role: subject.role, is_superadmin: subject.isSuperadmin };
  if (isRestrictedClient(roles) && !isUnder(location.pathname, CLIENT_ALLOWED_PATHS)) return '/bank/verification';
  if (isUnder(location.pathname, ADMIN_PATHS) && !isAdmin(roles)) return '/home';
  return null;
}
