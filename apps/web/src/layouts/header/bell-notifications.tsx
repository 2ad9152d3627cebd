import type { AppNotification } from '@/lib/notifications';
import { useNotifications } from '@/lib/notifications';
import { useSession } from '@/lib/auth-store';
import { useServerNotifications } from './server-notifications';

/** A notification of the panel: kept in this browser (SPEC.md §3), or by the server (price alerts, watchlist). */
export type PanelItem = AppNotification & { server: boolean };

/**
 * The bell's notifications, the server's merged in by time, newest first: for the panel
 * (notifications-menu.tsx) and for the bell drawn before the panel's code has arrived (header.tsx),
 * which shows the same unread dot.
 */
export function useBellNotifications() {
  const { user } = useSession();
  const owner = user?.email ?? null;
  const local = useNotifications(owner);
  // A restricted cliente (an invitee) has no server notifications: the API refuses it the list.
  const server = useServerNotifications(Boolean(user) && (user?.role !== 'cliente' || user.is_superadmin === true));
  const notifications: PanelItem[] = [
    ...local.map((item) => ({ ...item, server: false })),
    ...(server.data?.items ?? []).map((item) => ({
      id: `server:${item.id}`,
      text: item.text,
      time: item.created_at,
      contactName: null,
      openUrl: item.url,
      read: item.read_at !== null,
      server: true,
    })),
  ].sort((a, b) => b.time.localeCompare(a.time));
  return { owner, server, notifications, hasUnread: notifications.some((item) => !item.read) };
}

export const bellClassName =
  'focus-ring relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';

export function UnreadDot() {
  return (
    <span
      data-testid="unread-dot"
      aria-hidden="true"
      className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-slate-900"
    />
  );
}
