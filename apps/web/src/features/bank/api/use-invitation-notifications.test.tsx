import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { readNotifications } from '@/lib/notifications';
import { startServerEvents } from '@/lib/server-events';
import { installFakeEventSource } from '@/lib/testing/fake-event-source';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { useInvitationNotifications } from './use-invitation-notifications';

function Listener() {
  useInvitationNotifications();
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe('useInvitationNotifications', () => {
  it('adds a notification when an invitation is accepted, rejected or expires, not for other statuses', async () => {
    await i18n.changeLanguage('en');
    const EventSourceStub = installFakeEventSource();
    mockApi({ 'POST /api/events/token': () => ({ body: { token: 't', expires_in: 60 } }) });
    seedSession({ email: 'tomas@example.com' });
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Listener />
      </AppProviders>,
    );
    const stop = startServerEvents();
    await waitFor(() => expect(EventSourceStub.latest()).toBeDefined());
    EventSourceStub.latest()!.emit('invitation_updated', { id: 'i1', email: 'buyer@example.com', status: 'ACCEPTED' });
    EventSourceStub.latest()!.emit('invitation_updated', { id: 'i2', email: 'buyer@example.com', status: 'REVOKED' });
    EventSourceStub.latest()!.emit('invitation_updated', { id: 'i3', email: 'late@example.com', status: 'EXPIRED' });
    await waitFor(() => expect(readNotifications('tomas@example.com')).toHaveLength(2));
    expect(readNotifications('tomas@example.com').map((item) => [item.text, item.openUrl])).toEqual([
      ['Your data-sharing invitation to late@example.com expired.', '/bank/send-email/i3'],
      ['buyer@example.com accepted your data-sharing invitation.', '/bank/send-email/i1'],
    ]);
    stop();
  });
});
