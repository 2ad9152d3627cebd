import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { futureExp, makeToken } from '@/test/render-app';
import { api } from '../api-client';
import { mockApi } from '../testing/mock-api';
import {
  AUTH_TOKEN_KEY,
  LOGIN_TIMESTAMP_KEY,
  REFRESH_TOKEN_KEY,
  USER_KEY,
  decodeTokenPayload,
  isTokenExpired,
  readAccessToken,
} from '../auth-storage';
import { SessionProvider, reloadSessionFromStorage, useSession, type SessionUser } from '.';
import { setLoggingOut } from './overlays';
import { pingSession } from './session-requests';

const user: SessionUser = { id: 3, name: 'Luis', email: 'luis@example.com', role: 'user', access: null, is_superadmin: false };

function SessionProbe() {
  const session = useSession();
  return (
    <div>
      <p>authenticated: {String(session.isAuthenticated)}</p>
      <p>role: {session.role ?? 'none'}</p>
      <p>superadmin: {String(session.isSuperadmin)}</p>
      <p>plan: {session.user?.plan_name ?? 'none'}</p>
      <button onClick={() => session.signIn({ accessToken: makeToken({ exp: futureExp(), role: 'user' }), refreshToken: 'r1' }, user)}>
        sign in
      </button>
      <button onClick={() => session.updateUser({ plan_name: 'Pro' })}>plan</button>
      <button onClick={() => session.signOut()}>sign out</button>
    </div>
  );
}

function renderProbe() {
  reloadSessionFromStorage();
  return render(
    <SessionProvider>
      <SessionProbe />
    </SessionProvider>,
  );
}

describe('tokens', () => {
  it('decodes the payload of a JWT, including non-ASCII claims', () => {
    const token = makeToken({ sub: '9', role: 'cliente', is_superadmin: false, exp: 100, name: 'José Núñez' });
    expect(decodeTokenPayload(token)).toEqual({ sub: '9', role: 'cliente', is_superadmin: false, exp: 100, name: 'José Núñez' });
    expect(decodeTokenPayload('not-a-token')).toBeNull();
    expect(decodeTokenPayload('a.%%%.c')).toBeNull();
  });

  it('treats exp at or before now as expired', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired(makeToken({ exp: now / 1000 }), now)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: now / 1000 + 1 }), now)).toBe(false);
    expect(isTokenExpired(makeToken({ sub: 'no-exp' }), now)).toBe(false);
  });

  it('discards an expired stored token on read', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ exp: 1 }));
    expect(readAccessToken()).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});

describe('SessionProvider', () => {
  it('signs in, updates the user and signs out through storage', async () => {
    renderProbe();
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'sign in' }).click());
    expect(screen.getByText('authenticated: true')).toBeInTheDocument();
    expect(screen.getByText('role: user')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeTruthy();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(Number(localStorage.getItem(LOGIN_TIMESTAMP_KEY))).toBeGreaterThan(0);
    expect(JSON.parse(sessionStorage.getItem(USER_KEY)!)).toMatchObject({ email: 'luis@example.com' });

    act(() => screen.getByRole('button', { name: 'plan' }).click());
    expect(screen.getByText('plan: Pro')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(USER_KEY)!)).toMatchObject({ plan_name: 'Pro' });

    act(() => screen.getByRole('button', { name: 'sign out' }).click());
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOGIN_TIMESTAMP_KEY)).toBeNull();
    expect(sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it('reads role and superadmin from the token when no user is stored (another tab)', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ exp: futureExp(), role: ' Cliente ', is_superadmin: true }));
    renderProbe();
    expect(screen.getByText('role: cliente')).toBeInTheDocument();
    expect(screen.getByText('superadmin: true')).toBeInTheDocument();
  });

  describe('refresh after a 401', () => {
    it('refreshes once with the refresh token, stores the rotated tokens and retries', async () => {
      localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ exp: futureExp(), role: 'user' }));
      localStorage.setItem(REFRESH_TOKEN_KEY, 'old-refresh');
      const fresh = makeToken({ exp: futureExp(), role: 'user' });
      let refreshed = false;
      const server = mockApi({
        'GET /api/auth/me': () => (refreshed ? { body: { ok: true } } : { status: 401, body: { code: 'TOKEN_EXPIRED', detail: 'expired' } }),
        'POST /api/auth/refresh': () => {
          refreshed = true;
          return { body: { access_token: fresh, refresh_token: 'new-refresh' } };
        },
      });
      renderProbe();

      await expect(api.get('/auth/me')).resolves.toEqual({ ok: true });
      expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh', 'GET /api/auth/me']);
      const refreshCall = server.calls[1]!;
      expect(refreshCall.body).toEqual({ refresh_token: 'old-refresh' });
      expect(refreshCall.headers.has('Authorization')).toBe(false);
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(fresh);
      expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('new-refresh');
    });

    it('ends the session when the refresh fails', async () => {
      localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ exp: futureExp(), role: 'user' }));
      localStorage.setItem(REFRESH_TOKEN_KEY, 'reused');
      const revoked = () => ({ status: 401, body: { code: 'SESSION_REVOKED', detail: 'revoked' } });
      const server = mockApi({ 'GET /api/auth/me': revoked, 'POST /api/auth/refresh': revoked });
      renderProbe();
      expect(screen.getByText('authenticated: true')).toBeInTheDocument();

      await act(async () => {
        await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
      });
      expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh']);
      expect(screen.getByText('authenticated: false')).toBeInTheDocument();
      expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    });
  });
});

describe('pingSession', () => {
  it('sends nothing while the user is signing out, and pings again once that is over', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ exp: futureExp(), role: 'user' }));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-4');
    reloadSessionFromStorage();
    const server = mockApi({ 'POST /api/auth/ping': () => ({ status: 401, body: { code: 'SESSION_REVOKED', detail: 'closed' } }) });
    setLoggingOut(true);
    try {
      expect(await pingSession()).toBe('skipped');
      expect(server.callsTo('POST /api/auth/ping')).toHaveLength(0);
    } finally {
      setLoggingOut(false);
    }
    expect(await pingSession()).toBe('ended');
    expect(server.callsTo('POST /api/auth/ping')[0].body).toEqual({ refresh_token: 'refresh-4' });
  });
});
