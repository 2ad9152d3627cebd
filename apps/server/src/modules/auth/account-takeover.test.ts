import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/build-test-app';
import { bearer, createUserWithPassword, lastMailTo, linkTokenFrom, loginOk, postLogin, uniqueEmail } from '../../../test/auth-helpers';
import { createAdminUser } from '../system/admin-bootstrap';

describe('account takeover paths stay closed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('create-admin on an address someone registered replaces their password', async () => {
    const email = uniqueEmail('ops');
    await createUserWithPassword(t, 'Attacker-Pass1', { email, verified: false });
    await createAdminUser(t.ctx, { email, password: 'Operator-Pass1', firstName: 'Ops', lastName: null });
    expect((await postLogin(t, email, 'Attacker-Pass1')).statusCode).toBe(401);
    const login = await loginOk(t, email, 'Operator-Pass1');
    expect(login.user.role).toBe('admin');
  });

  it('a reset link mailed before an email change no longer works after it', async () => {
    const email = uniqueEmail('mover');
    await createUserWithPassword(t, 'Original-Pass1', { email });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const resetToken = linkTokenFrom(lastMailTo(t, email).text);
    const session = await loginOk(t, email, 'Original-Pass1');
    const newEmail = uniqueEmail('unproven');
    const put = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(session.access_token), payload: { email: newEmail } });
    expect(put.statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: resetToken, password: 'Changed-Pass1' } });
    expect(reset.statusCode).toBe(400);
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(session.access_token) });
    expect(profile.json().email_verified).toBe(false);
  });
});
