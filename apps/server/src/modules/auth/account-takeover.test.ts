import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { bearer, createUserWithPassword, lastMailTo, linkTokenFrom, loginOk, postLogin, uniqueEmail } from '../../../test/auth-helpers';
import { createAdminUser } from '../system/admin-bootstrap';

describe('account takeover paths stay closed', () => {
  const t = useTestContext();

  it('create-admin on an address someone registered replaces their password', async () => {
    const email = uniqueEmail('ops');
    await createUserWithPassword(t, 'Attacker-Pass1', { email, verified: false });
    await createAdminUser(t.ctx, { email, password: 'Operator-Pass1', firstName: 'Ops', lastName: null });
    expect((await postLogin(t, email, 'Attacker-Pass1')).statusCode).toBe(401);
    const login = await loginOk(t, email, 'Operator-Pass1');
    expect(login.user.role).toBe('admin');
  });

  it('a reset link mailed before an email change no longer works after the change is confirmed', async () => {
    const email = uniqueEmail('mover');
    await createUserWithPassword(t, 'Original-Pass1', { email });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const resetToken = linkTokenFrom(lastMailTo(t, email).text);
    const session = await loginOk(t, email, 'Original-Pass1');
    const newEmail = uniqueEmail('moved');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(session.access_token),
      payload: { email: newEmail, current_password: 'Original-Pass1' },
    });
    expect(put.statusCode).toBe(200);
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(lastMailTo(t, newEmail).text) } });
    expect(verify.json()).toEqual({ ok: true, email: newEmail });
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: resetToken, password: 'Changed-Pass1' } });
    expect(reset.statusCode).toBe(400);
  });
});

describe('an email change needs the password and both mailboxes', () => {
  const t = useTestContext();

  const changeEmail = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });

  it('a stolen access token alone cannot change the address', async () => {
    const email = uniqueEmail('victim');
    await createUserWithPassword(t, 'Victim-Pass1', { email });
    const session = await loginOk(t, email, 'Victim-Pass1');
    const attacker = uniqueEmail('attacker');
    const missing = await changeEmail(session.access_token, { email: attacker });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('current_password');
    const wrong = await changeEmail(session.access_token, { email: attacker, current_password: 'Guess-Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect(t.sentMail.some((mail) => mail.to === attacker)).toBe(false);
    expect((await postLogin(t, email, 'Victim-Pass1')).statusCode).not.toBe(401);
  });

  it('keeps the sign-in address until the new one is confirmed and tells the old one at once', async () => {
    const email = uniqueEmail('owner');
    await createUserWithPassword(t, 'Owner-Pass1', { email });
    const session = await loginOk(t, email, 'Owner-Pass1');
    const next = uniqueEmail('next');
    const answer = await changeEmail(session.access_token, { email: next, current_password: 'Owner-Pass1', bio: 'moving' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email, pending_email: next, bio: 'moving' });
    const notice = lastMailTo(t, email);
    expect(notice.text).toContain(next);
    expect(notice.text).toContain('/cancel-email-change?token=');
    // The old address still signs in; the new one does not exist yet.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token), payload: {} });
    expect((await postLogin(t, next, 'Owner-Pass1')).statusCode).toBe(404);
    const again = await loginOk(t, email, 'Owner-Pass1');

    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(lastMailTo(t, next).text) } });
    expect(verify.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(again.access_token) });
    expect(profile.json()).toMatchObject({ email: next, email_verified: true, pending_email: null });
  });

  it("the old address's cancel link undoes a confirmed change and signs every session out", async () => {
    const email = uniqueEmail('undo');
    await createUserWithPassword(t, 'Undo-Pass1', { email });
    const session = await loginOk(t, email, 'Undo-Pass1');
    const attacker = uniqueEmail('thief');
    expect((await changeEmail(session.access_token, { email: attacker, current_password: 'Undo-Pass1' })).statusCode).toBe(200);
    const cancelToken = linkTokenFrom(lastMailTo(t, email).text);
    await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(lastMailTo(t, attacker).text) } });

    const cancel = await t.app.inject({ method: 'POST', url: '/api/auth/email/change/cancel', payload: { token: cancelToken } });
    expect(cancel.json()).toEqual({ ok: true, email });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(401);
    expect((await postLogin(t, attacker, 'Undo-Pass1')).statusCode).toBe(404);
    await loginOk(t, email, 'Undo-Pass1');
  });

  it('a cancelled change can no longer be confirmed', async () => {
    const email = uniqueEmail('stop');
    await createUserWithPassword(t, 'Stop-Pass1', { email });
    const session = await loginOk(t, email, 'Stop-Pass1');
    const next = uniqueEmail('never');
    await changeEmail(session.access_token, { email: next, current_password: 'Stop-Pass1' });
    const cancel = await t.app.inject({ method: 'POST', url: '/api/auth/email/change/cancel', payload: { token: linkTokenFrom(lastMailTo(t, email).text) } });
    expect(cancel.statusCode).toBe(200);
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(lastMailTo(t, next).text) } });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().code).toBe('TOKEN_USED');
  });
});
