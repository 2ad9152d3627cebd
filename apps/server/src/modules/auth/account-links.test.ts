import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, createUserWithPassword, lastMailTo, linkTokenFrom, loginOk, nextIp, postLogin, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';
import { createUser, signIn } from '../../../test/factories';
import type { AppEvent } from '../../integrations/events/event-bus';
import { inviteAccount } from './account-links.service';

const t = useTestContext();
const password = 'Secret123';

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });

describe('email verification links', () => {
  it('work once', async () => {
    const email = uniqueEmail();
    await createUser(t.ctx, { email, verified: false });
    expect((await post('/api/auth/email/resend', { email })).statusCode).toBe(200);
    const token = linkTokenFrom(lastMailTo(t, email).text);
    expect((await post('/api/auth/email/verify', { token })).statusCode).toBe(200);
    const again = await post('/api/auth/email/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_USED');
  });

  it('expire after 48 hours', async () => {
    const email = uniqueEmail();
    await createUser(t.ctx, { email, verified: false });
    const start = new Date();
    t.setNow(start);
    await post('/api/auth/email/resend', { email });
    const token = linkTokenFrom(lastMailTo(t, email).text);
    t.setNow(new Date(start.getTime() + 48 * 3_600_000 + 1_000));
    const late = await post('/api/auth/email/verify', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
  });

  it('stop working when a newer one is sent', async () => {
    const email = uniqueEmail();
    await createUser(t.ctx, { email, verified: false });
    await post('/api/auth/email/resend', { email });
    const older = linkTokenFrom(lastMailTo(t, email).text);
    await post('/api/auth/email/resend', { email });
    const newer = linkTokenFrom(lastMailTo(t, email).text);
    expect((await post('/api/auth/email/verify', { token: older })).statusCode).toBe(400);
    expect((await post('/api/auth/email/verify', { token: newer })).statusCode).toBe(200);
  });

  it('answers unknown tokens, unknown and already verified addresses precisely', async () => {
    expect((await post('/api/auth/email/verify', { token: 'made-up' })).json().code).toBe('TOKEN_INVALID');
    expect((await post('/api/auth/email/verify', {})).statusCode).toBe(400);
    expect((await post('/api/auth/email/resend', { email: uniqueEmail() })).json().code).toBe('USER_NOT_FOUND');
    const verified = await createUser(t.ctx, { email: uniqueEmail() });
    expect((await post('/api/auth/email/resend', { email: verified.email })).json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });
});

describe('password reset', () => {
  it('sets the new password once, within 1 hour, and revokes every session of the user', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const login = await loginOk(t, email, password);
    const events: AppEvent[] = [];
    const unsubscribe = t.ctx.events.subscribe((event) => events.push(event));

    expect((await post('/api/auth/password/forgot', { email })).statusCode).toBe(200);
    const mail = lastMailTo(t, email);
    expect(mail.text).toContain('/reset-password?token=');
    const token = linkTokenFrom(mail.text);
    const short = await post('/api/auth/password/reset', { token, password: '12345' });
    expect(short.json().fields).toEqual({ password: 'Password must be at least 6 characters' });
    expect((await post('/api/auth/password/reset', { token, password: 'newpass' })).statusCode).toBe(200);
    unsubscribe();

    expect(events.some((event) => event.type === 'session_revoked' && event.userId === login.user.id)).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.access_token) });
    expect(old.json()).toMatchObject({ code: 'SESSION_REVOKED', reason: 'password' });
    expect((await postLogin(t, email, password)).json().code).toBe('INVALID_PASSWORD');
    expect((await postLogin(t, email, 'newpass')).statusCode).toBe(200);
    expect((await post('/api/auth/password/reset', { token, password: 'another' })).json().code).toBe('TOKEN_USED');
  });

  it('expires after 1 hour', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const start = new Date();
    t.setNow(start);
    await post('/api/auth/password/forgot', { email });
    const token = linkTokenFrom(lastMailTo(t, email).text);
    t.setNow(new Date(start.getTime() + 3_600_000 + 1));
    expect((await post('/api/auth/password/reset', { token, password: 'newpass' })).json().code).toBe('TOKEN_EXPIRED');
  });

  it('checks a reset link without spending it: usable, then used, expired or unknown, each said at once', async () => {
    const email = uniqueEmail();
    await createUserWithPassword(t, password, { email });
    const start = new Date();
    t.setNow(start);
    await post('/api/auth/password/forgot', { email });
    const token = linkTokenFrom(lastMailTo(t, email).text);
    const check = () => post('/api/auth/password/reset/check', { token });
    const usable = await check();
    expect(usable.statusCode).toBe(200);
    expect(usable.json()).toEqual({ ok: true, expires_at: new Date(start.getTime() + 3_600_000).toISOString() });
    // Checking twice spends nothing: the link still resets the password.
    expect((await check()).statusCode).toBe(200);
    t.setNow(new Date(start.getTime() + 3_600_000 + 1));
    expect((await check()).json().code).toBe('TOKEN_EXPIRED');
    t.setNow(start);
    expect((await post('/api/auth/password/reset', { token, password: 'newpass' })).statusCode).toBe(200);
    const used = await check();
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('TOKEN_USED');
    expect((await post('/api/auth/password/reset/check', { token: 'no-such-token-at-all' })).json().code).toBe('TOKEN_INVALID');
    expect((await post('/api/auth/password/reset/check', {})).statusCode).toBe(400);
  });

  it('tells an unknown address so the web can offer sign-up', async () => {
    const response = await post('/api/auth/password/forgot', { email: uniqueEmail() });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('USER_NOT_FOUND');
  });
});

describe('set password (signed in)', () => {
  it('needs the current password to change it and revokes every other session', async () => {
    const email = uniqueEmail();
    const user = await createUserWithPassword(t, password, { email });
    const current = await loginOk(t, email, password);
    // A second live session (the sign-in rule would have revoked it, so it is made directly).
    const other = await signIn(t.ctx, user);

    const missing = await post('/api/auth/password/set', { password: 'changed1' }, bearer(current.access_token));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ current_password: 'Current password is required' });
    const wrong = await post('/api/auth/password/set', { password: 'changed1', current_password: 'nope' }, bearer(current.access_token));
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: other.headers })).statusCode).toBe(200);

    const ok = await post('/api/auth/password/set', { password: 'changed1', current_password: password }, bearer(current.access_token));
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(current.access_token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: other.headers })).json().code).toBe('SESSION_REVOKED');
  });

  it('sets a first password without a current one', async () => {
    const user = await createUser(t.ctx, { email: uniqueEmail() });
    const session = await signIn(t.ctx, user);
    const response = await post('/api/auth/password/set', { password: 'first1', password_confirmation: 'first1' }, session.headers);
    expect(response.statusCode).toBe(200);
    await post('/api/auth/logout', { refresh_token: session.refreshToken });
    expect((await postLogin(t, user.email, 'first1')).statusCode).toBe(200);
  });
});

describe('activation of invited accounts', () => {
  it('shows the invitation, sets the password once and lets the cliente sign in', async () => {
    const email = uniqueEmail('invitee');
    const result = await inviteAccount(t.ctx, { email, firstName: 'Iván', invitedBy: 'Ruiz Fuels', language: 'es' });
    expect(result).toMatchObject({ created: true, activationSent: true });
    const mail = lastMailTo(t, email);
    expect(mail.subject).toContain('invitado');
    expect(mail.text).toContain('/activate?token=');
    const token = linkTokenFrom(mail.text);

    const details = await t.app.inject({ method: 'GET', url: `/api/auth/activation?token=${encodeURIComponent(token)}` });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ email, first_name: 'Iván', role: 'cliente', invited_by: 'Ruiz Fuels' });

    expect((await postLogin(t, email, 'whatever')).json().code).toBe('PASSWORD_NOT_SET');
    expect((await post('/api/auth/activation', { token, password: 'abc123' })).statusCode).toBe(200);
    expect((await post('/api/auth/activation', { token, password: 'abc123' })).json().code).toBe('TOKEN_USED');
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/activation?token=${encodeURIComponent(token)}` })).json().code).toBe('TOKEN_USED');

    const login = await loginOk(t, email, 'abc123');
    expect(login.user).toMatchObject({ role: 'cliente', access: 'restricted' });
    expect(decodeJwt(login.access_token).role).toBe('cliente');
  });

  it('expires after 7 days', async () => {
    const email = uniqueEmail('late');
    const start = new Date();
    t.setNow(start);
    await inviteAccount(t.ctx, { email });
    const token = linkTokenFrom(lastMailTo(t, email).text);
    t.setNow(new Date(start.getTime() + 7 * 24 * 3_600_000 + 1_000));
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/activation?token=${token}` })).json().code).toBe('TOKEN_EXPIRED');
    expect((await post('/api/auth/activation', { token, password: 'abc123' })).json().code).toBe('TOKEN_EXPIRED');
  });

  it('sends no activation to an address that already has a password', async () => {
    const email = uniqueEmail('existing');
    await createUserWithPassword(t, password, { email });
    const before = t.sentMail.length;
    expect(await inviteAccount(t.ctx, { email })).toMatchObject({ created: false, activationSent: false });
    expect(t.sentMail.length).toBe(before);
  });
});
