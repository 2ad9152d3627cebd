import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addNotification } from '@/lib/notifications';
import { useServerEvent } from '@/lib/server-events';
import { useSession } from '@/lib/auth-store';

export const INVITATION_UPDATED_EVENT = 'invitation_updated';
const notified = new Set(['ACCEPTED', 'REJECTED', 'EXPIRED']);

/** The inviter hears (notification panel) when an invitation is accepted, rejected or expires. */
export function useInvitationNotifications(): void {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const queryClient = useQueryClient();
  useServerEvent(INVITATION_UPDATED_EVENT, (data) => {
    const event = data as { id?: unknown; email?: unknown; status?: unknown } | null;
    void queryClient.invalidateQueries({ queryKey: ['sharing'] });
    if (!event || typeof event.id !== 'string' || typeof event.status !== 'string' || !notified.has(event.status)) return;
    addNotification(user?.email, {
      text: t(`invitationUpdated.${event.status}`, { email: typeof event.email === 'string' ? event.email : '' }),
      openUrl: `/bank/send-email/${event.id}`,
    });
  });
}
