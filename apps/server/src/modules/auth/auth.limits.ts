import { LOGIN_FAILURES_PER_MINUTE } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { checkLimits as checkLimitsIn, consumeLimits as consumeLimitsIn, type LimitKey } from '../../lib/rate-limiter';

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
  /** Reset-link checks from one address: a page load each, far from enough to guess a token. */
  linkCheckPerIp: 20,
} as const;


/** Counts one hit on every key (one minute windows); the 429 comes from lib/rate-limiter. */
export function consumeLimits(ctx: AppContext, keys: LimitKey[]): Promise<void> {
  return consumeLimitsIn(ctx.rateLimiter, keys, MINUTE_MS);
}

/** Refuses when any key has used its budget already, without counting (sign-in failures are counted after the fact). */
export function checkLimits(ctx: AppContext, keys: LimitKey[]): Promise<void> {
  return checkLimitsIn(ctx.rateLimiter, keys, MINUTE_MS);
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
