import type { SessionRecord } from '@fueldesk/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { buildProfile } from '../testing/profile-fixture';
import { renderProfilePanel } from '../testing/render-profile-panel';
import ProfileView from './profile-view';

function buildSession(overrides: Partial<SessionRecord>): SessionRecord {
  return {
    id: 's1',
    created_at: '2026-03-02T09:30:00.000Z',
    last_seen_at: '2026-03-02T10:32:00.000Z',
    revoked_at: null,
    revoked_reason: null,
    active_seconds: 0,
    user_agent: null,
    ip: null,
    current: false,
    ...overrides,
  };
}

const sessions = [
  buildSession({ id: 'live', active_seconds: 3725, current: true, last_seen_at: '2026-03-02T10:32:00.000Z' }),
  buildSession({ id: 'older-open', active_seconds: 10, last_seen_at: '2026-03-01T08:00:00.000Z', created_at: '2026-03-01T07:59:00.000Z' }),
  buildSession({ id: 'old', active_seconds: 59, revoked_at: '2026-02-01T10:00:00.000Z', revoked_reason: 'logout', created_at: '2026-02-01T09:00:00.000Z' }),
];

const ping: MockHandler = () => ({ body: { ok: true, session_id: 'live', last_seen_at: new Date().toISOString(), active_seconds: 1 } });

beforeEach(() => {
  seedSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openSessionsTab() {
  const app = renderProfilePanel(ProfileView);
  await app.user.click(await screen.findByRole('tab', { name: 'Sessions' }));
  return app;
}

function row(id: string) {
  return screen.getByTestId(`session-${id}`);
}

describe('profile tab', () => {
  it('shows the fields, "not registered" for a missing phone and a website derived from the company', async () => {
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile({ role: 'admin', linkedin: 'https://linkedin.com/in/ana' }) }) });
    renderProfilePanel(ProfileView);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('ana@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('not registered')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'acmefuels.com' })).toHaveAttribute('href', 'https://acmefuels.com');
    expect(within(panel).getByText('Administrator')).toBeInTheDocument();
    expect(within(panel).getByText('Pro')).toBeInTheDocument();
    expect(within(panel).getByText('Beta access')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://linkedin.com/in/ana');
  });

  it('shows a stored website as it is, and the user role label in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile({ website: 'https://fuel.example', phone: '+1 555 0100' }) }) });
    renderProfilePanel(ProfileView);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('link', { name: 'https://fuel.example' })).toBeInTheDocument();
    expect(within(panel).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(panel).getByText('Usuario')).toBeInTheDocument();
  });
});

describe('sessions tab', () => {
  it('formats active time as hh:mm:ss and seconds, with a total', async () => {
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }), 'GET /api/auth/sessions': () => ({ body: sessions }) });
    await openSessionsTab();
    expect(await screen.findByTestId('session-live')).toHaveTextContent('01:02:05');
    expect(row('live')).toHaveTextContent('3725 s');
    expect(row('live')).toHaveTextContent('This session');
    expect(row('older-open')).toHaveTextContent('00:00:10');
    expect(row('old')).toHaveTextContent('00:00:59');
    expect(row('old')).toHaveTextContent('Ended');
    expect(screen.getByTestId('sessions-total')).toHaveTextContent('01:03:14');
    expect(screen.getByRole('row', { name: /Total/ })).toHaveTextContent('3794 s');
  });

  it('ticks the most recently seen live session, and the total, once a second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }), 'GET /api/auth/sessions': () => ({ body: sessions }) });
    await openSessionsTab();
    await screen.findByTestId('session-live');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(row('live')).toHaveTextContent('01:02:08');
    expect(row('live')).toHaveTextContent('3728 s');
    expect(row('older-open')).toHaveTextContent('00:00:10');
    expect(row('old')).toHaveTextContent('00:00:59');
    expect(screen.getByTestId('sessions-total')).toHaveTextContent('01:03:17');
  });

  it('says "Failed to load sessions" and shows an empty list when the call fails', async () => {
    mockApi({
      'GET /api/auth/profile': () => ({ body: buildProfile() }),
      'GET /api/auth/sessions': () => ({ status: 500, body: { code: 'INTERNAL_ERROR', detail: 'x' } }),
    });
    await openSessionsTab();
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
    expect(screen.getByText('No session records found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "No session records found" when there are none', async () => {
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }), 'GET /api/auth/sessions': () => ({ body: [] }) });
    await openSessionsTab();
    expect(await screen.findByText('No session records found')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load sessions')).not.toBeInTheDocument();
  });
});

describe('profile screen ping', () => {
  it('pings every 15 s while open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem('refresh_token', 'r-profile');
    const server = mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }), 'POST /api/auth/ping': ping });
    const { unmount } = renderProfilePanel(ProfileView);
    await screen.findByRole('tabpanel');
    expect(server.callsTo('POST /api/auth/ping')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/ping')[0].body).toEqual({ refresh_token: 'r-profile' });
    unmount();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(server.callsTo('POST /api/auth/ping')).toHaveLength(1);
  });
});
