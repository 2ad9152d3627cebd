import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addNotification } from '@/lib/notifications';
import { stubPages } from '@/test/page-stubs';
import { mockOneUnreadPriceAlert } from '@/test/notifications-api';
import { renderApp, seedSession } from '@/test/render-app';

stubPages();

const email = 'ana@example.com';

// The header's menus load after the first paint (header.tsx); until then plain buttons stand in.
// This file's first test presses them before the menus' code has been asked for (a module loaded
// once stays loaded for the rest of the file).
describe('the header before its menus have loaded', () => {
  it('draws the bell with its unread dot, and a press opens the panel and marks everything read', async () => {
    seedSession({ email });
    addNotification(email, { text: 'Report ACME ready' });
    const { callsTo } = mockOneUnreadPriceAlert();
    const { user } = renderApp('/news');
    const bell = await screen.findByRole('button', { name: 'Notifications (unread)' });
    // The stand-in, not Radix's trigger (which carries data-state).
    expect(bell).not.toHaveAttribute('data-state');
    expect(screen.getByTestId('unread-dot')).toBeInTheDocument();
    const account = screen.getByRole('button', { name: 'Account menu for Ana Torres' });
    expect(account).not.toHaveAttribute('data-state');
    expect(account).toHaveTextContent('AT');
    // The server's list is the panel's to ask for (it loads after the first paint or on a press):
    // the stand-in sends nothing while the page's own code and data are on their way.
    expect(callsTo('GET /api/notifications')).toHaveLength(0);

    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByRole('button', { name: /^WTI Cushing rose/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Report ACME ready/ })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/notifications/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Account menu for Ana Torres' })).toHaveAttribute('data-state', 'closed');
  });
});
