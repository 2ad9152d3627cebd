import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithPassword, nextIp, postLogin, uniqueEmail } from '../../../test/auth-helpers';
import { testRedisUrl } from '../../../test/build-test-app';
import { useTestContext } from '../../../test/test-context';
import { createLibraryRateLimiter, type RateLimiter } from '../../lib/rate-limiter';

const password = 'Secret123';

describe.each([
  ['memory', () => createLibraryRateLimiter()],
  ['redis', () => createLibraryRateLimiter({ redisUrl: testRedisUrl, prefix: `fueldesk:test:${crypto.randomUUID()}:` })],
] as const)('%s rate limiter', (_name, create) => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = create();
  });
  afterAll(async () => {
    await limiter.close();
  });

  it('lets exactly one of two simultaneous hits at the limit through', async () => {
    const key = `k-${crypto.randomUUID()}`;
    for (let index = 0; index < 4; index += 1) expect((await limiter.hit(key, 5, 60_000)).allowed).toBe(true);
    const results = await Promise.all([limiter.hit(key, 5, 60_000), limiter.hit(key, 5, 60_000)]);
    expect(results.map((result) => result.allowed).sort()).toEqual([false, true]);
    const refused = results.find((result) => !result.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('peeks without counting', async () => {
    const key = `k-${crypto.randomUUID()}`;
    expect(await limiter.peek(key, 2, 60_000)).toMatchObject({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    await limiter.hit(key, 2, 60_000);
    expect(await limiter.peek(key, 2, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await limiter.peek(key, 2, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
    await limiter.hit(key, 2, 60_000);
    const full = await limiter.peek(key, 2, 60_000);
    expect(full.allowed).toBe(false);
    expect(full.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe.each(['memory', 'redis'] as const)('sign-in limits with the %s store', (store) => {
  const t = useTestContext({ rateLimiter: store, env: { REDIS_URL: testRedisUrl } });

  it('answers 429 with Retry-After after 5 failures of one account, even for the right password', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await postLogin(t, email, 'Wrong1234', ip)).statusCode).toBe(401);
    const blocked = await postLogin(t, email, password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', detail: 'Please wait 1 minute and try again.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('lets exactly one of two simultaneous attempts at the limit through', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const ip = nextIp();
    for (let attempt = 0; attempt < 4; attempt += 1) await postLogin(t, email, 'Wrong1234', ip);
    const results = await Promise.all([postLogin(t, email, 'Wrong1234', ip), postLogin(t, email, 'Wrong1234', ip)]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([401, 429]);
  });

  it('counts failures per IP across accounts: five a minute (DECISIONS.md)', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await postLogin(t, uniqueEmail('nobody'), password, ip)).statusCode).toBe(404);
    }
    expect((await postLogin(t, uniqueEmail('nobody'), password, ip)).statusCode).toBe(429);
  });

  it('a victim signs in from elsewhere after an attacker failed five times with their address', async () => {
    const email = uniqueEmail('victim');
    await createUserWithPassword(t, password, { email });
    const attacker = nextIp();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await postLogin(t, email, 'Wrong1234', attacker)).statusCode).toBe(401);
    expect((await postLogin(t, email, password, attacker)).statusCode).toBe(429);
    expect((await postLogin(t, email, password, nextIp())).statusCode).toBe(200);
  });

  it('right passwords from one address never lock out another account, whatever their outcome', async () => {
    const ip = nextIp();
    for (let index = 0; index < 12; index += 1) {
      const email = uniqueEmail('office');
      await createUserWithPassword(t, password, { email, verified: index % 2 === 0 });
      expect([200, 403]).toContain((await postLogin(t, email, password, ip)).statusCode);
    }
    const email = uniqueEmail('colleague');
    await createUserWithPassword(t, password, { email });
    expect((await postLogin(t, email, password, ip)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const ip = nextIp();
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await postLogin(t, email, password, ip);
      expect(response.statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: response.json().refresh_token } });
    }
  });

  it('limits forgot-password and resend-verification mail per address', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email, verified: false });
    const forgot = () => t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: nextIp() });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await forgot()).statusCode).toBe(200);
    const blocked = await forgot();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const resend = () => t.app.inject({ method: 'POST', url: '/api/auth/email/resend', payload: { email }, remoteAddress: nextIp() });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
  });
});

describe('window', () => {
  const t = useTestContext();

  it('opens again after a minute', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const start = new Date();
    // The store keeps time with Date.now(): move the clock for it and for the app alike.
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt += 1) await postLogin(t, email, 'Wrong1234', ip);
    expect((await postLogin(t, email, password, ip)).statusCode).toBe(429);
    vi.setSystemTime(start.getTime() + 61_000);
    try {
      expect((await postLogin(t, email, password, ip)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
