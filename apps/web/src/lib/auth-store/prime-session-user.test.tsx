import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { futureExp, makeToken } from '@/test/render-app';
import { AUTH_TOKEN_KEY } from '../auth-storage';
import { installFakeEventSource } from '../testing/fake-event-source';
import { mockApi, type MockHandler } from '../testing/mock-api';
import { SessionKeeper, primeSessionUser, reloadSessionFromStorage } from '.';
import { sessionStore } from './store';

// Its own file: whether a session keeper has mounted yet is state of the module, per page load.

const me: MockHandler = () => ({
  body: { id: '7', email: 'dana@example.com', name: 'Dana Pérez', role: 'user', access: 'full', is_superadmin: false, plan_code: 'pro', plan_name: 'Pro' },
});
const ok: MockHandler = () => ({ body: { ok: true, session_id: 's1', last_seen_at: new Date().toISOString(), active_seconds: 1 } });
const eventsToken: MockHandler = () => ({ body: { token: 'stream-token', expires_in: 60 } });

describe('primeSessionUser', () => {
  it('loads the signed-in user before the first render; the keeper leaves out only its first load', async () => {
    installFakeEventSource();
    // A new tab: the tokens are shared, the user object (sessionStorage) is not there yet.
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '7', sid: 'session-7', role: 'user', exp: futureExp() }));
    reloadSessionFromStorage();
    const server = mockApi({ 'GET /api/auth/me': me, 'POST /api/auth/ping': ok, 'POST /api/events/token': eventsToken });
    expect(sessionStore.get().user).toBeNull();

    await primeSessionUser();
    expect(sessionStore.get().user).toMatchObject({ id: '7', name: 'Dana Pérez', plan_name: 'Pro', plan_code: 'pro' });
    expect(server.callsTo('GET /api/auth/me')).toHaveLength(1);

    const first = render(<SessionKeeper />);
    await waitFor(() => expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1));
    expect(server.callsTo('GET /api/auth/me')).toHaveLength(1);
    first.unmount();

    // Mounted again later (the dashboard left and entered again): the user is loaded as before.
    render(<SessionKeeper />);
    await waitFor(() => expect(server.callsTo('GET /api/auth/me')).toHaveLength(2));
  });
});
