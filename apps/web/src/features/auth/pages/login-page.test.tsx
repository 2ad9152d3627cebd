import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, REFRESH_TOKEN_KEY, USER_KEY } from '@/lib/auth-storage';
import i18n from '@/lib/i18n';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { currentPath, futureExp, makeToken, renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

const keepAlive: Record<string, MockHandler> = {
  'POST /api/auth/ping': () => ({ body: { ok: true, session_id: 's', last_seen_at: new Date().toISOString(), active_seconds: 0 } }),
  'GET /api/auth/me': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
  'POST /api/events/token': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
};

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: /Sign in to FuelDesk|Inicie sesión en FuelDesk/ });
  return app;
}

async function submit(app: Awaited<ReturnType<typeof openLogin>>, email = 'ana@example.com', password = 'Secret-123') {
  await app.user.type(screen.getByLabelText(/^(Email|Correo electrónico)$/), email);
  await app.user.type(screen.getByLabelText(/^(Password|Contraseña)$/), password);
  await app.user.click(screen.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }));
}

const failures: Array<{ name: string; reply: MockHandler; texts: string[] }> = [
  {
    name: '409 ACTIVE_SESSION',
    reply: () => ({ status: 409, body: { code: 'ACTIVE_SESSION', detail: 'Active session on another device. Please wait 1 minute and try again.' } }),
    texts: ['Active session on another device.', 'Please wait 1 minute and try again.'],
  },
  { name: '429 RATE_LIMITED', reply: () => ({ status: 429, body: { code: 'RATE_LIMITED', detail: 'x' } }), texts: ['Please wait 1 minute and try again.'] },
  { name: '404 USER_NOT_FOUND', reply: () => ({ status: 404, body: { code: 'USER_NOT_FOUND', detail: 'x' } }), texts: ['User not found. Please check your email'] },
  { name: '401 INVALID_PASSWORD', reply: () => ({ status: 401, body: { code: 'INVALID_PASSWORD', detail: 'x' } }), texts: ['Incorrect password. Please try again.'] },
  {
    name: '403 EMAIL_NOT_VERIFIED',
    reply: () => ({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED', detail: 'x' } }),
    texts: ['Your email address needs to be verified before you can log in. Please check your inbox for a verification link.'],
  },
  { name: '500', reply: () => ({ status: 500, body: { code: 'INTERNAL_ERROR', detail: 'x' } }), texts: ['Server error. Please try again later or contact support.'] },
  { name: '502 without a body', reply: () => new Response('Bad gateway', { status: 502 }), texts: ['Server error. Please try again later or contact support.'] },
  { name: 'a network failure', reply: () => Promise.reject(new TypeError('Failed to fetch')), texts: ['An error occurred during login. Please try again.'] },
  { name: '400 with another code', reply: () => ({ status: 400, body: { code: 'VALIDATION_ERROR', detail: 'x' } }), texts: ['An unexpected error occurred. Please try again.'] },
  { name: '418 without a code', reply: () => ({ status: 418, body: {} }), texts: ['An unexpected error occurred. Please try again.'] },
];

describe('login errors', () => {
  it.each(failures)('maps $name to SPEC.md §8 texts', async ({ reply, texts }) => {
    const server = mockApi({ 'POST /api/auth/login': reply });
    const app = await openLogin();
    await submit(app);
    const alert = await screen.findByRole('alert');
    for (const text of texts) expect(alert).toHaveTextContent(text);
    // A wrong password is not an expired session: nothing is refreshed, nobody is signed in.
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(currentPath(app.router)).toBe('/login');
  });

  it('shows the Spanish side of the messages', async () => {
    await i18n.changeLanguage('es');
    mockApi({ 'POST /api/auth/login': () => ({ status: 409, body: { code: 'ACTIVE_SESSION', detail: 'x' } }) });
    const app = await openLogin();
    await submit(app);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sesión activa en otro dispositivo.');
    expect(alert).toHaveTextContent('Espere 1 minuto e inténtelo de nuevo.');
  });

  it('offers to resend the verification mail to an unverified address', async () => {
    const server = mockApi({
      'POST /api/auth/login': () => ({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED', detail: 'x' } }),
      'POST /api/auth/email/resend': () => ({ body: { ok: true } }),
    });
    const app = await openLogin();
    await submit(app, 'new@example.com');
    await app.user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new verification link is on its way to new@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/email/resend')[0].body).toEqual({ email: 'new@example.com' });
  });

  it('checks the fields before calling the server', async () => {
    const server = mockApi({});
    const app = await openLogin();
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Email'), 'not-an-email');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email format is invalid')).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/login')).toHaveLength(0);
  });
});

describe('login reasons', () => {
  it('explains a session closed by another one, in English and Spanish', async () => {
    await openLogin('/login?reason=concurrency');
    expect(screen.getByText('Session closed: another session is active')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Sesión cerrada: otra sesión activa')).toBeInTheDocument();
  });

  it.each([
    ['revoked', 'Session closed by an administrator', 'Sesión cerrada por un administrador'],
    ['password', 'Session closed: the password was changed', 'Sesión cerrada: la contraseña cambió'],
    ['expired', 'Your session has expired', 'Su sesión ha caducado'],
  ])('explains a session ended for reason %s, not as another sign-in', async (reason, english, spanish) => {
    await openLogin(`/login?reason=${reason}`);
    expect(screen.getByText(english)).toBeInTheDocument();
    expect(screen.queryByText('Session closed: another session is active')).not.toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText(spanish)).toBeInTheDocument();
  });

  it('explains an invitation that needs signing in', async () => {
    await openLogin('/login?reason=invite');
    expect(screen.getByText('Sign in to continue your bank verification')).toBeInTheDocument();
  });
});

describe('successful login', () => {
  const answer = (role: string) => ({
    access_token: makeToken({ sub: 'u1', sid: 's1', role, is_superadmin: false, exp: futureExp() }),
    refresh_token: 'refresh-new',
    token_type: 'Bearer',
    expires_in: 900,
    user: { id: 'u1', name: 'Ana Torres', email: 'ana@example.com', role, access: role === 'cliente' ? 'restricted' : 'full', is_superadmin: false },
  });

  it('stores the session and goes back to next', async () => {
    const server = mockApi({ ...keepAlive, 'POST /api/auth/login': () => ({ body: answer('user') }) });
    const app = await openLogin(`/login?next=${encodeURIComponent('/support?tab=2')}`);
    await submit(app);
    await waitFor(() => expect(currentPath(app.router)).toBe('/support?tab=2'));
    expect(server.callsTo('POST /api/auth/login')[0].body).toEqual({ email: 'ana@example.com', password: 'Secret-123' });
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-new');
    expect(JSON.parse(sessionStorage.getItem(USER_KEY)!)).toMatchObject({ email: 'ana@example.com', role: 'user' });
  });

  it('ignores a next that leaves the app, and sends a cliente to bank verification', async () => {
    mockApi({ ...keepAlive, 'POST /api/auth/login': () => ({ body: answer('cliente') }) });
    const app = await openLogin(`/login?next=${encodeURIComponent('//evil.example/steal')}`);
    await submit(app);
    await waitFor(() => expect(currentPath(app.router)).toBe('/bank/verification'));
  });
});
