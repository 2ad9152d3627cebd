import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectPage, stubPages } from '@/test/page-stubs';
import { currentPath, futureExp, makeToken, renderApp, seedSession } from '@/test/render-app';
import { api } from '../api-client';
import { AUTH_TOKEN_KEY, LOGIN_TIMESTAMP_KEY, REFRESH_TOKEN_KEY, USER_KEY, captureTokenFromUrl } from '../auth-storage';
import { useServerEvent } from '../server-events';
import { SessionKeeper, SessionProvider, clearSignOutReason, reloadSessionFromStorage, startLoginLoader } from '.';
import { installFakeEventSource } from '../testing/fake-event-source';
import { jsonResponse, mockApi, type MockHandler } from '../testing/mock-api';
import { SETTLE_WAIT } from '@/test/waits';

stubPages();

const ok: MockHandler = () => ({ body: { ok: true, session_id: 's1', last_seen_at: new Date().toISOString(), active_seconds: 1 } });
const revoked: MockHandler = () => ({ status: 401, body: { code: 'SESSION_REVOKED', detail: 'Your session was closed because another session is active.' } });
const me: MockHandler = () => ({
  body: { id: '1', email: 'ana@example.com', name: 'Ana Torres', role: 'user', access: 'full', is_superadmin: false, plan_code: 'pro', plan_name: 'Pro' },
});
const eventsToken: MockHandler = () => ({ body: { token: 'stream-token', expires_in: 60 } });

function seedRefreshToken(value = 'refresh-1') {
  localStorage.setItem(REFRESH_TOKEN_KEY, value);
}

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(currentPath(router)).toBe(path));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('refresh and retry after a 401', () => {
  it('refreshes once for parallel 401s, stores the rotated tokens and retries each request once', async () => {
    seedSession();
    seedRefreshToken('old-refresh');
    const fresh = makeToken({ sub: '1', role: 'user', exp: futureExp() });
    const server = mockApi({
      'POST /api/auth/refresh': () => ({ body: { access_token: fresh, refresh_token: 'new-refresh' } }),
      'GET /api/news': ({ headers }) => (headers.get('Authorization') === `Bearer ${fresh}` ? { body: { items: [] } } : revoked({} as never)),
      'GET /api/prices': ({ headers }) => (headers.get('Authorization') === `Bearer ${fresh}` ? { body: [] } : revoked({} as never)),
    });
    render(<SessionProvider>{null}</SessionProvider>);

    await expect(Promise.all([api.get('/news'), api.get('/prices')])).resolves.toEqual([{ items: [] }, []]);
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/refresh')[0].body).toEqual({ refresh_token: 'old-refresh' });
    expect(server.callsTo('GET /api/news')).toHaveLength(2);
    expect(server.callsTo('GET /api/prices')).toHaveLength(2);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(fresh);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('new-refresh');
  });
});

describe('refresh shared between tabs', () => {
  it('uses the token another tab has just refreshed instead of spending the rotated refresh token again', async () => {
    seedSession();
    seedRefreshToken('rotated-by-other-tab');
    const newer = makeToken({ sub: '1', role: 'user', exp: futureExp() });
    const server = mockApi({
      'POST /api/auth/refresh': () => ({ status: 401, body: { code: 'SESSION_REVOKED', detail: 'reuse' } }),
      'GET /api/news': ({ headers }) => (headers.get('Authorization') === `Bearer ${newer}` ? { body: { items: [] } } : revoked({} as never)),
    });
    render(<SessionProvider>{null}</SessionProvider>);
    // The other tab wrote its new token; this tab's request still carried the old one.
    const request = api.get('/news');
    localStorage.setItem(AUTH_TOKEN_KEY, newer);
    await expect(request).resolves.toEqual({ items: [] });
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('rotated-by-other-tab');
  });
});

describe('forced sign-out', () => {
  it('sends a user whose refresh fails to /login?reason=concurrency, keeping where they were', async () => {
    seedSession();
    seedRefreshToken();
    const calls = mockApi({
      'POST /api/auth/ping': ok,
      'GET /api/auth/me': revoked,
      'POST /api/events/token': revoked,
      'POST /api/auth/refresh': revoked,
    });
    const { router } = renderApp('/news');
    await expectPath(router, `/login?reason=concurrency&next=${encodeURIComponent('/news')}`);
    await expectPage('login');
    expect(calls.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it('uses reason=invite when the user was on bank verification', async () => {
    seedSession({ role: 'cliente' });
    seedRefreshToken();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': revoked, 'POST /api/events/token': revoked, 'POST /api/auth/refresh': revoked });
    const { router } = renderApp('/bank/verification');
    await expectPath(router, `/login?reason=invite&next=${encodeURIComponent('/bank/verification')}`);
  });

  it('asks only for next on a later visit, once the login page has shown the reason', async () => {
    seedSession();
    seedRefreshToken();
    mockApi({ 'POST /api/auth/ping': revoked, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const { router } = renderApp('/news');
    await expectPath(router, `/login?reason=concurrency&next=${encodeURIComponent('/news')}`);
    act(() => clearSignOutReason());
    await act(() => router.navigate('/home'));
    await expectPath(router, `/login?next=${encodeURIComponent('/home')}`);
  });
});

describe('ping', () => {
  // These tests fake setInterval, which Testing Library's waitFor polls with, so it re-checked only
  // on DOM changes and missed requests made between them. vi.waitFor keeps polling (advancing the
  // faked timers by its 50 ms interval at each check).
  it('pings at once and every 15 s with the refresh token; network and server failures are ignored, 401 ends the session', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    seedSession();
    seedRefreshToken('refresh-9');
    const answers: Array<MockHandler> = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => ({ status: 500, body: { code: 'INTERNAL_ERROR', detail: 'boom' } }),
      () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', detail: 'down' } }),
      () => ({ status: 401, body: { code: 'TOKEN_INVALID', detail: 'The session token is not valid.' } }),
    ];
    const server = mockApi({
      'POST /api/auth/ping': (request) => answers.shift()!(request),
      'GET /api/auth/me': me,
      'POST /api/events/token': eventsToken,
    });
    const { router } = renderApp('/news');
    await expectPage('news-list');
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1), SETTLE_WAIT);
    expect(server.callsTo('POST /api/auth/ping')[0].body).toEqual({ refresh_token: 'refresh-9' });

    for (const expectedCalls of [2, 3]) {
      await act(async () => {
        vi.advanceTimersByTime(15_000);
      });
      await vi.waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(expectedCalls), SETTLE_WAIT);
      expect(currentPath(router)).toBe('/news');
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).not.toBeNull();
    }

    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    // An unknown refresh token is a session that ran out, not another sign-in.
    await expectPath(router, `/login?reason=expired&next=${encodeURIComponent('/news')}`);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it.each(['revoked', 'password', 'concurrency'])('sends the reason the server gives (%s) to the login page', async (reason) => {
    seedSession();
    seedRefreshToken();
    mockApi({
      'POST /api/auth/ping': () => ({ status: 401, body: { code: 'SESSION_REVOKED', detail: 'closed', reason } }),
      'GET /api/auth/me': me,
      'POST /api/events/token': eventsToken,
    });
    const { router } = renderApp('/news');
    await expectPath(router, `/login?reason=${reason}&next=${encodeURIComponent('/news')}`);
  });

  it('ends with reason concurrency even on bank verification when the ping says revoked', async () => {
    seedSession({ role: 'cliente' });
    seedRefreshToken();
    mockApi({ 'POST /api/auth/ping': revoked, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const { router } = renderApp('/bank/verification');
    await expectPath(router, `/login?reason=concurrency&next=${encodeURIComponent('/bank/verification')}`);
  });

  it('sends an empty body when only an access token is stored, and pings again when the window regains focus', async () => {
    seedSession();
    const server = mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    renderApp('/news');
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1), SETTLE_WAIT);
    expect(server.callsTo('POST /api/auth/ping')[0].body).toBeUndefined();
    expect(server.callsTo('POST /api/auth/ping')[0].headers.get('Authorization')).toMatch(/^Bearer /);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(2), SETTLE_WAIT);
  });
});

describe('second checker', () => {
  it('refreshes an access token that expires within a minute, every 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    seedSession();
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp(30) }));
    seedRefreshToken('refresh-old');
    reloadSessionFromStorage();
    const fresh = makeToken({ sub: '1', role: 'user', exp: futureExp() });
    const server = mockApi({
      'POST /api/auth/ping': ok,
      'GET /api/auth/me': me,
      'POST /api/events/token': eventsToken,
      'POST /api/auth/refresh': () => ({ body: { access_token: fresh, refresh_token: 'refresh-new' } }),
    });
    renderApp('/news');
    await expectPage('news-list');
    // The page can be on screen before the layout's effects have run: the keeper's first ping is
    // sent from the same effect that starts its intervals, so once it is seen the checker is running.
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1), { timeout: 10_000 });
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(fresh), SETTLE_WAIT);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-new');
  });

  it('follows another tab signing out through the shared storage', async () => {
    seedSession();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const { router } = renderApp('/news');
    await expectPage('news-list');
    localStorage.removeItem(AUTH_TOKEN_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY }));
    });
    await expectPath(router, `/login?next=${encodeURIComponent('/news')}`);
  });
});

describe('server events', () => {
  it('opens /api/events with the short-lived token and signs out at once on session_revoked', async () => {
    const EventSource = installFakeEventSource();
    seedSession();
    seedRefreshToken();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const { router } = renderApp('/news');
    await waitFor(() => expect(EventSource.latest()).toBeDefined());
    expect(EventSource.latest()!.url).toBe('/api/events?token=stream-token');

    act(() => EventSource.latest()!.emit('session_revoked', { session_id: 's1', reason: 'superseded' }));
    await expectPath(router, `/login?reason=concurrency&next=${encodeURIComponent('/news')}`);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(EventSource.latest()!.readyState).toBe(EventSource.CLOSED);
  });

  it('lets any feature listen with useServerEvent', async () => {
    const EventSource = installFakeEventSource();
    seedSession();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const received: unknown[] = [];
    function PricesListener() {
      useServerEvent('prices_updated', (data) => received.push(data));
      return null;
    }
    render(
      <SessionProvider>
        <SessionKeeper />
        <PricesListener />
      </SessionProvider>,
    );
    await waitFor(() => expect(EventSource.latest()).toBeDefined());
    act(() => EventSource.latest()!.emit('prices_updated', { date: '2026-01-05' }));
    expect(received).toEqual([{ date: '2026-01-05' }]);
  });
});

describe('token in the address bar', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('takes access_token from the fragment, stores it and strips it', () => {
    const token = makeToken({ sub: '7', role: 'user', exp: futureExp() });
    window.history.replaceState(null, '', `/home?tab=1#access_token=${token}&refresh_token=r-7&token_type=Bearer`);
    expect(captureTokenFromUrl()).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(token);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r-7');
    expect(Number(localStorage.getItem(LOGIN_TIMESTAMP_KEY))).toBeGreaterThan(0);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/home?tab=1');
  });

  it('takes `token` from the query too, but never a mailed link token', () => {
    const token = makeToken({ sub: '8', role: 'user', exp: futureExp() });
    window.history.replaceState(null, '', `/home?token=${token}&lng=es`);
    expect(captureTokenFromUrl()).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(token);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/home?lng=es');

    localStorage.clear();
    window.history.replaceState(null, '', '/verify-email?token=opaque-link-token');
    expect(captureTokenFromUrl()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.location.search).toBe('?token=opaque-link-token');
  });

  it('strips but does not store an expired token', () => {
    window.history.replaceState(null, '', `/home#access_token=${makeToken({ sub: '9', exp: 1 })}`);
    expect(captureTokenFromUrl()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(window.location.hash).toBe('');
  });
});

describe('restoring a session at start', () => {
  it('shows the overlay while one refresh runs, then opens the page', async () => {
    seedRefreshToken('stored-refresh');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: 1 }));
    const fresh = makeToken({ sub: '1', role: 'user', exp: futureExp() });
    let release: () => void = () => undefined;
    const server = mockApi({
      'POST /api/auth/refresh': () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, { access_token: fresh, refresh_token: 'rotated' }));
        }),
      'POST /api/auth/ping': ok,
      'GET /api/auth/me': me,
      'POST /api/events/token': eventsToken,
    });
    const { router } = renderApp('/news');
    expect(await screen.findByText('Restoring secure session…')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/news');
    act(() => release());
    await expectPage('news-list');
    expect(screen.queryByText('Restoring secure session…')).not.toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('rotated');
  });

  it('keeps the page mounted under the overlay when an open tab restores its expired token', async () => {
    seedSession();
    seedRefreshToken('r-wake');
    const fresh = makeToken({ sub: '1', role: 'user', exp: futureExp() });
    let release: () => void = () => undefined;
    mockApi({
      'POST /api/auth/ping': ok,
      'GET /api/auth/me': me,
      'POST /api/events/token': eventsToken,
      'POST /api/auth/refresh': () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, { access_token: fresh, refresh_token: 'r-woken' }));
        }),
    });
    const { router } = renderApp('/news');
    await expectPage('news-list');
    // The laptop slept past the token's lifetime; the next check finds it expired.
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: 1 }));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY })));
    expect(await screen.findByText('Restoring secure session…')).toBeInTheDocument();
    expect(screen.getByTestId('page')).toHaveTextContent('news-list');
    act(() => release());
    await waitFor(() => expect(screen.queryByText('Restoring secure session…')).not.toBeInTheDocument());
    expect(currentPath(router)).toBe('/news');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe(fresh);
  });

  it('asks to sign in, without a reason, when the stored refresh token no longer works', async () => {
    seedRefreshToken('stale');
    mockApi({ 'POST /api/auth/refresh': () => ({ status: 401, body: { code: 'TOKEN_INVALID', detail: 'no' } }) });
    const { router } = renderApp('/news');
    await expectPath(router, `/login?next=${encodeURIComponent('/news')}`);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});

describe('login loader', () => {
  it('is forced off after 10 s when nothing releases it', async () => {
    vi.useFakeTimers();
    render(<SessionProvider>{null}</SessionProvider>);
    act(() => startLoginLoader());
    expect(screen.getByText('Loading your dashboard…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(screen.getByText('Loading your dashboard…')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
  });

  it('goes away once the dashboard has loaded', async () => {
    seedSession();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    startLoginLoader();
    renderApp('/news');
    expect(screen.getByText('Loading your dashboard…')).toBeInTheDocument();
    await expectPage('news-list');
    await waitFor(() => expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument());
  });
});

describe('after sign-in', () => {
  it('reads /auth/me and shows its plan in the sidebar', async () => {
    seedSession();
    mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    renderApp('/news');
    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(USER_KEY)!)).toMatchObject({ plan_name: 'Pro', plan_code: 'pro' });
  });
});

describe('logout', () => {
  it('shows the loader, waits 1 s, posts the refresh token and the seconds since login, clears and goes home', async () => {
    seedSession();
    seedRefreshToken('refresh-out');
    localStorage.setItem(LOGIN_TIMESTAMP_KEY, String(Date.now() - 90_000));
    const server = mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken, 'POST /api/auth/logout': () => ({ body: { ok: true } }) });
    const { router, user } = renderApp('/news');
    await expectPage('news-list');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Signing you out…')).toBeInTheDocument();
    // The call waits behind the loader (1 s), the session is still there meanwhile.
    expect(server.callsTo('POST /api/auth/logout')).toHaveLength(0);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-out');
    // The router reaches '/' before React unmounts the dashboard layout, whose cleanup clears the
    // session: wait for both, not only the path.
    await waitFor(
      () => {
        expect(currentPath(router)).toBe('/');
        expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
      },
      { timeout: 3000 },
    );
    const [logout] = server.callsTo('POST /api/auth/logout');
    expect(logout.body).toMatchObject({ refresh_token: 'refresh-out' });
    expect((logout.body as { active_seconds: number }).active_seconds).toBeGreaterThanOrEqual(90);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LOGIN_TIMESTAMP_KEY)).toBeNull();
    expect(sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it('sends active_seconds of at least 1, even when the stored login time is ahead of this clock', async () => {
    seedSession();
    localStorage.setItem(LOGIN_TIMESTAMP_KEY, String(Date.now() + 60_000));
    const server = mockApi({ 'POST /api/auth/ping': ok, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken, 'POST /api/auth/logout': () => ({ body: { ok: true } }) });
    const { router, user } = renderApp('/news');
    await expectPage('news-list');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(server.callsTo('POST /api/auth/logout')[0].body).toMatchObject({ active_seconds: 1 });
  });
});
