import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, lastMailTo, linkTokenFrom, nextIp, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';

const t = useTestContext();

const password = 'Secret123';

function registration(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    password,
    password_confirmation: password,
    first_name: 'Ana',
    last_name: 'Ruiz',
    company: 'Ruiz Fuels',
    accept_terms: true,
    accept_privacy: true,
    ...extra,
  };
}

describe('registration → verification → login → ping → refresh → logout', () => {
  it('walks the whole path with the contracts field names', async () => {
    const email = uniqueEmail('ana');
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email), remoteAddress: nextIp() });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ email, verification_required: true });

    const unverified = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      detail: 'Your email address needs to be verified before you can log in. Please check your inbox for a verification link.',
      key: 'authErrors.emailNotVerified',
    });

    const mail = lastMailTo(t, email);
    expect(mail.subject).toContain('Verify');
    expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
    expect(mail.html).toContain('/verify-email?token=');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(mail.text) } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ ok: true, email });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: email.toUpperCase(), password }, remoteAddress: nextIp() });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { email, name: 'Ana Ruiz', role: 'user', access: 'full', is_superadmin: false },
    });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: body.user.id, role: 'user', is_superadmin: false });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(900);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, role: 'user', plan_code: 'starter', plan_name: 'Starter', first_name: 'Ana', last_name: 'Ruiz' });

    const start = t.ctx.now();
    t.setNow(new Date(start.getTime() + 15_000));
    const ping = await t.app.inject({ method: 'POST', url: '/api/auth/ping', payload: { refresh_token: body.refresh_token } });
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toMatchObject({ ok: true, session_id: claims.sid });
    expect(ping.json().active_seconds).toBeGreaterThanOrEqual(14);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: body.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.json();
    expect(rotated.refresh_token).not.toBe(body.refresh_token);
    expect(decodeJwt(rotated.access_token).sid).toBe(claims.sid);

    // Ping with an empty body and a bearer token (SPEC.md §7).
    t.setNow(new Date(start.getTime() + 30_000));
    const bearerPing = await t.app.inject({ method: 'POST', url: '/api/auth/ping', headers: bearer(rotated.access_token) });
    expect(bearerPing.statusCode).toBe(200);

    t.setNow(new Date(start.getTime() + 40_000));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(rotated.access_token),
      payload: { refresh_token: rotated.refresh_token, active_seconds: 38 },
    });
    expect(logout.statusCode).toBe(200);

    const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(rotated.access_token) });
    expect(sessions.statusCode).toBe(401);
    expect(sessions.json().code).toBe('SESSION_REVOKED');
    const afterLogout = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: rotated.refresh_token } });
    expect(afterLogout.json().code).toBe('SESSION_REVOKED');
    t.setNow(null);
  });

  it('stores the registration language and writes the verification mail in Spanish', async () => {
    const email = uniqueEmail('es');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      payload: registration(email),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(201);
    expect(lastMailTo(t, email).subject).toContain('Verifique su correo');
  });

  it('answers SPEC.md messages field by field and stores nothing on bad input', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nope', password: 'short', accept_terms: false },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        email: 'The email format is invalid',
        password: 'Password must be at least 8 characters',
        accept_terms: 'You must agree to the terms and conditions',
        accept_privacy: 'You must agree to the Privacy Policy',
      },
    });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(uniqueEmail(), { password_confirmation: 'Other1234' }),
      remoteAddress: nextIp(),
    });
    expect(mismatch.json().fields).toEqual({ password_confirmation: 'Passwords do not match' });
  });

  it('refuses a second account with the same email in another case', async () => {
    const email = uniqueEmail('dup');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email), remoteAddress: nextIp() })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email.toUpperCase()), remoteAddress: nextIp() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  it('ignores role, plan and superadmin sent at registration', async () => {
    const email = uniqueEmail('sneaky');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(email, { role: 'admin', is_superadmin: true, plan_code: 'premium_enterprise', email_verified_at: new Date().toISOString() }),
      remoteAddress: nextIp(),
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(lastMailTo(t, email).text) } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });
    expect(login.json().user).toMatchObject({ role: 'user', is_superadmin: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.json().access_token) });
    expect(me.json()).toMatchObject({ plan_code: 'starter', role: 'user', is_superadmin: false });
  });

  it('answers USER_NOT_FOUND and INVALID_PASSWORD so the web can show SPEC.md §8 messages', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('ghost'), password }, remoteAddress: nextIp() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'USER_NOT_FOUND', detail: 'User not found. Please check your email', key: 'authErrors.userNotFound' });

    const email = uniqueEmail('wrong');
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(email), remoteAddress: nextIp() });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Nope12345' }, remoteAddress: nextIp() });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_PASSWORD', detail: 'Incorrect password. Please try again.', key: 'authErrors.invalidPassword' });
  });
});
