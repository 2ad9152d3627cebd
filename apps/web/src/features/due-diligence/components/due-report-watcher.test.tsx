import type { DueReportListItem } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { readNotifications } from '@/lib/notifications';
import { SessionKeeper } from '@/lib/auth-store';
import { installFakeEventSource } from '@/lib/testing/fake-event-source';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { readPendingContact, writePendingContact } from '../lib/pending-contact';
import { readyReport } from '../testing/due-fixtures';
import { DueReportWatcher } from './due-report-watcher';

const ping: MockHandler = () => ({ body: { ok: true, session_id: 's1', last_seen_at: new Date().toISOString(), active_seconds: 1 } });
const me: MockHandler = () => ({ body: { id: 1, email: 'ana@example.com', role: 'user', plan_code: 'starter' } });
const eventsToken: MockHandler = () => ({ body: { token: 'stream-token', expires_in: 60 } });

function renderWatcher() {
  const user = seedSession();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionKeeper />
      <DueReportWatcher />
    </AppProviders>,
  );
  return user;
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  localStorage.clear();
});

describe('DueReportWatcher', () => {
  it('polls the latest 20 reports every 6 s and notifies once when the pending contact is ready', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stillProcessing = { ...readyReport, status: 'processing' as const, content: '' };
    let reports: DueReportListItem[] = [stillProcessing];
    const api = mockApi({ 'GET /api/due/reports': () => ({ body: reports }), 'POST /api/auth/ping': ping, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    writePendingContact('Dana Whitfield', Date.parse(readyReport.created_at) - 1000);
    const user = renderWatcher();

    await act(async () => vi.advanceTimersByTime(6_000));
    await waitFor(() => expect(api.callsTo('GET /api/due/reports')).toHaveLength(1));
    expect(api.callsTo('GET /api/due/reports')[0]!.url.searchParams.get('limit')).toBe('20');
    expect(readNotifications(user.email)).toHaveLength(0);

    reports = [readyReport];
    await act(async () => vi.advanceTimersByTime(6_000));
    await waitFor(() => expect(readNotifications(user.email)).toHaveLength(1));
    expect(readNotifications(user.email)[0]).toMatchObject({
      text: 'The due diligence report on Dana Whitfield is ready.',
      contactName: 'Dana Whitfield',
      openUrl: `/due-diligence/detail?id=${readyReport.id}`,
    });
    expect(readPendingContact()).toBeNull();

    await act(async () => vi.advanceTimersByTime(12_000));
    expect(readNotifications(user.email)).toHaveLength(1);
  });

  it("notifies on the server's report_ready event", async () => {
    const EventSource = installFakeEventSource();
    mockApi({ 'GET /api/due/reports': () => ({ body: [] }), 'POST /api/auth/ping': ping, 'GET /api/auth/me': me, 'POST /api/events/token': eventsToken });
    const user = renderWatcher();
    await waitFor(() => expect(EventSource.latest()).toBeDefined());
    act(() => EventSource.latest()!.emit('report_ready', { id: 'r-9', title: 'Ivor Peltomaa', status: 'ready' }));
    act(() => EventSource.latest()!.emit('report_ready', { id: 'r-9', title: 'Ivor Peltomaa', status: 'ready' }));
    // The event's schema loads with the first event; both events are handled once it is there.
    await waitFor(() => expect(readNotifications(user.email)).toHaveLength(1));
    act(() => EventSource.latest()!.emit('report_ready', { id: 'r-9', title: 'Ivor Peltomaa', status: 'ready' }));
    act(() => EventSource.latest()!.emit('report_ready', { id: 'r-10', title: 'Not a report', status: 'unknown' }));
    await act(() => import('../lib/ready-event'));
    expect(readNotifications(user.email)).toEqual([expect.objectContaining({ contactName: 'Ivor Peltomaa', openUrl: '/due-diligence/detail?id=r-9' })]);
  });
});
