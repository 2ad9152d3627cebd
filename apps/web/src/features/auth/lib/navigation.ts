import { isRestrictedClient } from '@fueldesk/contracts';

/**
 * The `next` query value when it is a path of this app; anything else (another origin, `//host`,
 * the auth pages themselves) is ignored so a link cannot send a user elsewhere after sign-in.
 */
export function readSafeNext(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = value.toLowerCase();
  if (['/login', '/register', '/auth/login'].some((base) => path === base || path.startsWith(`${base}?`) || path.startsWith(`${base}/`))) {
    return null;
  }
  return value;
}

/** Where a user lands after sign-in without `next`: a cliente on bank verification (SPEC.md §2), others /home. */
export function resolveLandingPath(subject: { role: string | null | undefined; is_superadmin?: boolean | null }): string {
  return isRestrictedClient(subject) ? '/bank/verification' : '/home';
}
