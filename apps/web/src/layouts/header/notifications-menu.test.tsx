import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addNotification, readNotifications } from '@/lib/notifications';
import { stubPages } from '@/test/page-stubs';
import { mockOneUnreadPriceAlert } from '@/test/notifications-api';
import { currentPath, renderApp, seedSession } from '@/test/render-app';
import { mockApi } from '@/lib/testing/mock-api';

stubPages();

const email = 'ana@example.com';

async function openPanel(path = '/home') {
  const app = renderApp(path);
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  return { ...app, bell };
}

describe('notifications menu', () => {
  it('shows the empty state', async () => {
    seedSession({ email });
    const { bell, user } = await openPanel();
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
    await user.click(bell);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
  });

  it('shows an unread dot until the panel opens, then marks everything read', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ACME ready', contactName: 'ACME' });
    addNotification('someone@else.com', { text: 'Not mine' });
    const { bell, user } = await openPanel();
    expect(bell).toHaveAccessibleName('Notifications (unread)');
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();

    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Report ACME ready')).toBeInTheDocument();
    expect(within(panel).queryByText('Not mine')).not.toBeInTheDocument();
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(readNotifications(email).every((item) => item.read)).toBe(true);
    expect(readNotifications('someone@else.com')[0].read).toBe(false);
  });

  it('removes notifications one by one', async () => {
    seedSession({ email });
    addNotification(email, { text: 'First' });
    addNotification(email, { text: 'Second' });
    const { bell, user } = await openPanel();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: 'Remove notification: First' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(readNotifications(email).map((item) => item.text)).toEqual(['Second']);
  });

  it('opens the due-diligence detail when the link carries a report id', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ready', contactName: 'ACME', openUrl: '/api/due/report/123' });
    const { bell, user, router } = await openPanel();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: /^Report ready/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/due-diligence/detail?id=123'));
    expect(router.state.location.state).toEqual({ reportId: '123', title: 'ACME' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('follows an internal link without an id, and opens an external one in a new tab', async () => {
    seedSession({ email });
    addNotification(email, { text: 'External', openUrl: 'https://www.eia.gov/petroleum/' });
    addNotification(email, { text: 'Prices updated', openUrl: '/marketprice/diesel' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { bell, user, router } = await openPanel();
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: /^Prices updated/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/marketprice/diesel'));

    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(screen.getByRole('button', { name: /^External/ }));
    expect(open).toHaveBeenCalledWith('https://www.eia.gov/petroleum/', '_blank', 'noopener,noreferrer');
  });

  it('says so when there is nothing to open', async () => {
    seedSession({ email });
    addNotification(email, { text: 'No link here' });
    const { bell, user, router } = await openPanel('/news');
    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: /^No link here/ }));
    expect(await screen.findByText('No identifier to open detail')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/news');
  });
});

describe('notifications kept by the server', () => {
  it('merges the server’s notifications by time, marks them read on the server when the panel opens, and opens their link', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ACME ready', time: '2026-06-01T08:00:00.000Z' });
    const { callsTo } = mockOneUnreadPriceAlert();
    const { bell, user, router } = await openPanel();
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications (unread)'));
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const texts = within(panel).getAllByRole('button', { name: /ready|rose/ }).map((button) => button.textContent);
    expect(texts[0]).toMatch(/^WTI Cushing rose/);
    expect(texts[1]).toMatch(/^Report ACME ready/);
    // A server notification cannot be removed here: only this browser's own ones can.
    expect(within(panel).queryByRole('button', { name: /^Remove notification: WTI/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/notifications/read')).toHaveLength(1));
    expect(callsTo('POST /api/notifications/read')[0]!.body).toEqual({ all: true });
    await user.click(within(panel).getByRole('button', { name: /^WTI Cushing rose/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/marketprice/alerts?alert=a1'));
  });
});

describe('a restricted cliente', () => {
  it('does not ask the server for notifications it may not read', async () => {
    seedSession({ email, role: 'cliente' });
    const { callsTo } = mockApi({}, { fallback: () => ({ status: 200, body: {} }) });
    renderApp('/bank/verification');
    await screen.findByRole('button', { name: /^Notifications/ });
    // Give the header's queries the time they take to start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo('GET /api/notifications')).toHaveLength(0);
  });
});
