import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-storage';
import i18n from '@/lib/i18n';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { currentPath, futureExp, makeToken, renderApp, seedSession } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const keepAlive: Record<string, MockHandler> = {
  'POST /api/auth/ping': () => ({ body: { ok: true, session_id: 's', last_seen_at: new Date().toISOString(), active_seconds: 0 } }),
  'POST /api/events/token': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
};

describe('email verification page', () => {
  it('verifies the token once, then offers the sign-in page with the address', async () => {
    const server = mockApi({ 'POST /api/auth/email/verify': () => ({ body: { ok: true, email: 'ana@example.com' } }) });
    const { user, router } = renderApp('/auth/verify-email?token=tok-1');
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/email/verify')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/email/verify')[0].body).toEqual({ token: 'tok-1' });
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login?email=ana%40example.com'));
  });

  it('explains an expired link and sends a new one', async () => {
    const server = mockApi({
      'POST /api/auth/email/verify': () => ({ status: 400, body: { code: 'TOKEN_EXPIRED', detail: 'x' } }),
      'POST /api/auth/email/resend': () => ({ body: { ok: true } }),
    });
    const { user } = renderApp('/verify-email?token=old');
    expect(await screen.findByText('This link has expired. Please ask for a new one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification link is on its way to ana@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/email/resend')[0].body).toEqual({ email: 'ana@example.com' });
  });
});

describe('cancel email change page', () => {
  it('cancels once and tells the restored address', async () => {
    const server = mockApi({ 'POST /api/auth/email/change/cancel': () => ({ body: { ok: true, email: 'ana@example.com' } }) });
    renderApp('/cancel-email-change?token=tok-c');
    expect(await screen.findByText('The change was cancelled. Your sign-in address is ana@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/email/change/cancel')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/email/change/cancel')[0].body).toEqual({ token: 'tok-c' });
  });

  it('explains a used link', async () => {
    mockApi({ 'POST /api/auth/email/change/cancel': () => ({ status: 400, body: { code: 'TOKEN_USED', detail: 'x' } }) });
    renderApp('/cancel-email-change?token=old');
    expect(await screen.findByText('This link was already used.')).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('offers to sign up when the address is unknown', async () => {
    mockApi({ 'POST /api/auth/password/forgot': () => ({ status: 404, body: { code: 'USER_NOT_FOUND', detail: 'x' } }) });
    const { user } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We could not find an account with this email. Would you like to sign up?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('sets a new password of at least 6 characters from the mailed token', async () => {
    const server = mockApi({
      'POST /api/auth/password/reset/check': () => ({ body: { ok: true, expires_at: '2099-01-01T00:00:00.000Z' } }),
      'POST /api/auth/password/reset': () => ({ body: { ok: true } }),
    });
    const { user } = renderApp('/reset-password?token=reset-1');
    const password = await screen.findByLabelText('New password');
    await user.type(password, '12345');
    await user.type(screen.getByLabelText('Confirm password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/password/reset')).toHaveLength(0);

    await user.type(password, '6');
    await user.type(screen.getByLabelText('Confirm password'), '7');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm password'), '{Backspace}6');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/password/reset')[0].body).toEqual({ token: 'reset-1', password: '123456', password_confirmation: '123456' });
  });
});

describe('reset password page with a dead link', () => {
  for (const [language, code, text, forward] of [
    ['en', 'TOKEN_USED', 'This link was already used.', 'Ask for a new reset link'],
    ['es', 'TOKEN_EXPIRED', 'Este enlace ha caducado. Solicita uno nuevo.', 'Solicitar un nuevo enlace'],
  ] as const) {
    it(`says at once, before any form, that the link is ${code === 'TOKEN_USED' ? 'used' : 'expired'} and how to get a new one (${language})`, async () => {
      await i18n.changeLanguage(language);
      const server = mockApi({ 'POST /api/auth/password/reset/check': () => ({ status: 400, body: { code, detail: 'x' } }) });
      renderApp('/reset-password?token=reset-dead');
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: forward })).toHaveAttribute('href', '/reset-password');
      expect(screen.queryByLabelText(language === 'en' ? 'New password' : 'Nueva contraseña')).not.toBeInTheDocument();
      expect(server.callsTo('POST /api/auth/password/reset/check')[0].body).toEqual({ token: 'reset-dead' });
    });
  }
});

describe('first-time set password page', () => {
  it("says SPEC.md's message when saving fails", async () => {
    seedSession();
    mockApi({
      ...keepAlive,
      'GET /api/auth/me': () => ({ body: { id: '1', email: 'ana@example.com', has_password: false, role: 'user' } }),
      'POST /api/auth/password/set': () => ({ status: 500, body: { code: 'INTERNAL_ERROR', detail: 'x' } }),
    });
    const { user } = renderApp('/first-time-set-password');
    await user.type(await screen.findByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Failed to save password. You can set it later from your profile.')).toBeInTheDocument();
  });

  it('opens for a visitor without a link (a public page) and says how to get one', async () => {
    mockApi({});
    const { router } = renderApp('/first-time-set-password');
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/Open it from the link in your invitation email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sign in to set or change your password/ })).toHaveAttribute('href', '/login?next=%2Ffirst-time-set-password');
    expect(currentPath(router)).toBe('/first-time-set-password');
  });

  it('lets a visitor with an invitation link choose the password right there', async () => {
    const server = mockApi({
      'POST /api/auth/activation/details': () => ({
        body: { email: 'guest@example.com', first_name: 'Gus', last_name: 'Guest', role: 'cliente', invited_by: 'Demo Pro', expires_at: '2026-12-01T12:00:00.000Z' },
      }),
    });
    const { router } = renderApp('/first-time-set-password?token=act-2');
    expect(await screen.findByText('Demo Pro invited you to FuelDesk. Choose a password to activate your account.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/activation/details')[0].body).toEqual({ token: 'act-2' });
    expect(currentPath(router)).toBe('/first-time-set-password?token=act-2');
  });
});

describe('activation page', () => {
  it('shows the invitation, sets the password, signs in and opens bank verification for a cliente', async () => {
    const server = mockApi({
      ...keepAlive,
      'GET /api/auth/me': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
      'POST /api/auth/activation/details': () => ({
        body: { email: 'guest@example.com', first_name: 'Gus', last_name: 'Guest', role: 'cliente', invited_by: 'Demo Pro', expires_at: '2026-12-01T12:00:00.000Z' },
      }),
      'POST /api/auth/activation': () => ({ body: { ok: true, email: 'guest@example.com' } }),
      'POST /api/auth/login': () => ({
        body: {
          access_token: makeToken({ sub: 'g1', sid: 's1', role: 'cliente', is_superadmin: false, exp: futureExp() }),
          refresh_token: 'r-guest',
          token_type: 'Bearer',
          expires_in: 900,
          user: { id: 'g1', name: 'Gus Guest', email: 'guest@example.com', role: 'cliente', access: 'restricted', is_superadmin: false },
        },
      }),
    });
    const { user, router } = renderApp('/activate?token=act-1');
    expect(await screen.findByText('Demo Pro invited you to FuelDesk. Choose a password to activate your account.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('guest@example.com');
    expect(server.callsTo('POST /api/auth/activation/details')[0].body).toEqual({ token: 'act-1' });

    await user.type(screen.getByLabelText('New password'), 'guest-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'guest-pass');
    await user.click(screen.getByRole('button', { name: 'Activate and sign in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/bank/verification'));
    expect(server.callsTo('POST /api/auth/activation')[0].body).toEqual({ token: 'act-1', password: 'guest-pass', password_confirmation: 'guest-pass' });
    expect(server.callsTo('POST /api/auth/login')[0].body).toEqual({ email: 'guest@example.com', password: 'guest-pass' });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).not.toBeNull();
  });

  it('explains a used invitation link', async () => {
    mockApi({ 'POST /api/auth/activation/details': () => ({ status: 400, body: { code: 'TOKEN_USED', detail: 'x' } }) });
    renderApp('/activate?token=used');
    expect(await screen.findByText('This link was already used.')).toBeInTheDocument();
  });
});
