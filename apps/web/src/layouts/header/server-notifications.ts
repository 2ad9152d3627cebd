import type { NotificationList } from '@fueldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { getCurrentLanguage } from '@/lib/i18n';
import { useServerEvent } from '@/lib/server-events';

// The bell's server side (GET and POST /api/notifications): the notifications menu is its one caller,
// so it lives beside it in the header rather than in lib/.

/** The server pushes this SSE event when it stores a notification for the signed-in user. */
const NOTIFICATION_EVENT = 'notification';

const serverNotificationKeys = { list: (language: string) => ['notifications', language] as const, all: ['notifications'] as const };

/** GET /api/notifications: what the server kept for the caller (price alerts, watchlist changes), newest first. */
export function getServerNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/notifications', { signal });
}

/**
 * The server's notifications, refreshed when one is pushed to this tab and when the tab comes back
 * into view, so that what fired overnight is in the panel in the morning. Off while signed out.
 */
export function useServerNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  const language = getCurrentLanguage();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: serverNotificationKeys.all }), [queryClient]);
  useServerEvent(NOTIFICATION_EVENT, refresh);
  return useQuery({
    queryKey: serverNotificationKeys.list(language),
    queryFn: ({ signal }) => getServerNotifications(signal),
    enabled,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}

/** POST /api/notifications/read {all: true}: read on every tab and device, since the server keeps the state. */
export function useMarkServerNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'read'],
    mutationFn: () => api.post<{ updated: number; unread: number }>('/notifications/read', { all: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: serverNotificationKeys.all }),
  });
}
