import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addNotification, readNotifications } from '@/lib/notifications';
import { stubPages } from '@/test/page-stubs';
import { currentPath, renderApp, seedSession } from '@/test/render-app';

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
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
  });

  it('shows an unread dot until the panel opens, then marks everything read', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ACME ready', contactName: 'ACME' });
    addNotification('someone@else.com', { text: 'Not mine' });
    const { bell, user } = await openPanel();
    expect(bell).toHaveAccessibleName('Notifications (unread)');
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
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
    await user.click(screen.getByRole('button', { name: 'Remove notification: First' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(readNotifications(email).map((item) => item.text)).toEqual(['Second']);
  });

  it('opens the due-diligence detail when the link carries a report id', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ready', contactName: 'ACME', openUrl: '/api/due/report/123' });
    const { bell, user, router } = await openPanel();
    await user.click(bell);
    await user.click(screen.getByRole('button', { name: /^Report ready/ }));
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
    await user.click(screen.getByRole('button', { name: /^Prices updated/ }));
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
    await user.click(screen.getByRole('button', { name: /^No link here/ }));
    expect(await screen.findByText('No identifier to open detail')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/news');
  });
});
