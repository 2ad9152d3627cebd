import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, lastMailTo, linkTokenFrom, nextIp, uniqueEmail } from './auth-helpers';
import { createSignedInUser } from './factories';
import { useTestContext } from './test-context';

/**
 * With JSON logging (the default outside a terminal and in the image), every log line of a whole
 * journey is kept; none may hold a token, a password, an API key or a screened name.
 */
describe('secrets and personal data in the log', () => {
  const t = useTestContext({ captureLogs: true });

  it('no log line of register, verify, login, refresh, reset, activation, screening search and bearer calls holds a secret', async () => {
    const secrets: string[] = [];
    const keep = (...values: string[]) => {
      for (const value of values) secrets.push(value, encodeURIComponent(value));
    };
    const inject = (options: InjectOptions) => t.app.inject(options);
    const email = uniqueEmail('logged');
    const password = 'Journey-Pass-1';
    const newPassword = 'Journey-Pass-2';
    keep(password, newPassword);

    expect((await inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextIp(), payload: { email, password, password_confirmation: password, first_name: 'Lia', last_name: 'Moss', accept_terms: true, accept_privacy: true } })).statusCode).toBe(201);
    const verification = linkTokenFrom(lastMailTo(t, email).text);
    keep(verification);
    // A wrong login first (a refusal is logged too), then the verification and the real one.
    expect((await inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password: 'Wrong-Pass-9' } })).statusCode).toBeGreaterThanOrEqual(400);
    keep('Wrong-Pass-9');
    expect((await inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: verification } })).statusCode).toBe(200);
    const login = (await inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password } })).json();
    keep(login.access_token, login.refresh_token);
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.access_token) })).statusCode).toBe(200);
    const refreshed = (await inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: login.refresh_token } })).json();
    keep(refreshed.access_token, refreshed.refresh_token);
    // A token in a query string (the event stream's) and a forged bearer.
    await inject({ method: 'GET', url: `/api/events?token=${encodeURIComponent(refreshed.access_token)}`, headers: { accept: 'application/json' } });
    keep('forged.bearer.token-abc');
    expect((await inject({ method: 'GET', url: '/api/auth/me', headers: bearer('forged.bearer.token-abc') })).statusCode).toBe(401);

    expect((await inject({ method: 'POST', url: '/api/auth/password/forgot', remoteAddress: nextIp(), payload: { email } })).statusCode).toBe(200);
    const reset = linkTokenFrom(lastMailTo(t, email).text);
    keep(reset);
    expect((await inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: reset, password: newPassword, password_confirmation: newPassword } })).statusCode).toBe(200);

    // Activation of an invited account: the old GET (kept for links), the POST the web uses, the password.
    const inviter = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    keep(inviter.headers.authorization!.replace(/^Bearer /, ''));
    const invitee = uniqueEmail('invited');
    expect((await inject({ method: 'POST', url: '/api/sharing/invitations', headers: inviter.headers, payload: { email: invitee, scopes: ['identity'] } })).statusCode).toBe(201);
    const activation = linkTokenFrom(lastMailTo(t, invitee).text);
    keep(activation, 'Activated-Pass-3');
    expect((await inject({ method: 'GET', url: `/api/auth/activation?token=${encodeURIComponent(activation)}` })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/auth/activation/details', payload: { token: activation } })).json().email).toBe(invitee);
    expect((await inject({ method: 'GET', url: '/api/auth/activation?token=not-a-real-token-123' })).statusCode).toBe(400);
    keep('not-a-real-token-123');
    expect((await inject({ method: 'POST', url: '/api/auth/activation', payload: { token: activation, password: 'Activated-Pass-3' } })).statusCode).toBe(200);

    // Screened names are personal data: the search term never reaches the log.
    const screened = ['Zyxandra Quilpova', 'Ivan Petrovich Sidorov-Kuznetsov'];
    keep(...screened);
    for (const name of screened) {
      const search = await inject({ method: 'GET', url: `/api/screening/search?q=${encodeURIComponent(name)}`, headers: inviter.headers });
      expect(search.statusCode).toBeLessThan(500);
    }
    const ApiKeyLike = 'fd_live_0123456789abcdef0123456789abcdef';
    keep(ApiKeyLike);
    await inject({ method: 'GET', url: `/api/auth/me?api_key=${ApiKeyLike}`, headers: { 'x-api-key': ApiKeyLike, authorization: `Bearer ${ApiKeyLike}` } });

    const lines = t.logLines;
    // The log was written: one request line per call at least, with the redacted search URL.
    expect(lines.length).toBeGreaterThan(15);
    expect(lines.some((line) => line.includes('/api/screening/search?q=[redacted]'))).toBe(true);
    expect(lines.some((line) => line.includes('/api/auth/activation?token=[redacted]'))).toBe(true);
    const leaks = lines.flatMap((line) => secrets.filter((secret) => secret.length >= 8 && line.includes(secret)).map((secret) => ({ secret, line })));
    expect(leaks).toEqual([]);
    expect(lines.filter((line) => /authorization|bearer /i.test(line))).toEqual([]);
  });
});
