import { LOGIN_FAILURES_PER_MINUTE } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { rateLimited } from '../../lib/app-error';
import type { RateLimitResult } from '../../lib/rate-limiter';

const MINUTE_MS = 60_000;

/** Per-rule budgets. Mail-sending endpoints are tighter per address so nobody floods an inbox. */
export const authLimits = {
  /** Failed sign-ins for one account from one address (OWASP: an attacker elsewhere cannot lock the owner out). */
  loginPerAccount: LOGIN_FAILURES_PER_MINUTE,
  /** Failed sign-ins from one address across accounts: DECISIONS.md fixes 5 a minute per account and per IP. */
  loginPerIp: LOGIN_FAILURES_PER_MINUTE,
  mailPerAddress: 3,
  mailPerIp: 10,
  registerPerIp: 10,
} as const;


export interface LimitKey {
  key: string;
  limit: number;
}

/**
 * Counts one hit on every key at once and refuses when any is over its budget. The count and the
 * check are one atomic step in the store, so of two simultaneous requests at the limit only one passes.
 */
export async function consumeLimits(ctx: AppContext, keys: LimitKey[]): Promise<void> {
  const results = await Promise.all(keys.map(({ key, limit }) => ctx.rateLimiter.hit(key, limit, MINUTE_MS)));
  refuseIfAny(results);
}

/** Refuses when any key has used its budget already, without counting (sign-in failures are counted after the fact). */
export async function checkLimits(ctx: AppContext, keys: LimitKey[]): Promise<void> {
  refuseIfAny(await Promise.all(keys.map(({ key, limit }) => ctx.rateLimiter.peek(key, limit, MINUTE_MS))));
}

function refuseIfAny(results: RateLimitResult[]): void {
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) throw rateLimited(Math.max(...refused.map((result) => result.retryAfterSeconds)));
}

/** Sign-in failures are counted per address and per (address, account); successes are not counted. */
export function loginLimitKeys(email: string, ip: string): LimitKey[] {
  return [
    { key: `login:ip-account:${ip}:${email.trim().toLowerCase()}`, limit: authLimits.loginPerAccount },
    { key: `login:ip:${ip}`, limit: authLimits.loginPerIp },
  ];
}

export function mailLimitKeys(kind: 'forgot' | 'resend', email: string, ip: string): LimitKey[] {
  return [
    { key: `${kind}:address:${email.trim().toLowerCase()}`, limit: authLimits.mailPerAddress },
    { key: `${kind}:ip:${ip}`, limit: authLimits.mailPerIp },
  ];
}
