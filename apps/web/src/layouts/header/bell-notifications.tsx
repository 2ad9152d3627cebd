import type { AppNotification } from '@/lib/notifications';
import { useNotifications } from '@/lib/notifications';
import { useSession } from '@/lib/auth-store';
import { useServerNotifications } from './server-notifications';

/** A notification of the panel: kept in this browser (SPEC.md §3), or by the server (price alerts, watchlist). */
export type PanelItem = AppNotification & { server: boolean };

/**
 * The bell's notifications, the server's merged in by time, newest first: for the panel
 * (notifications-menu.tsx) and for the bell drawn before the panel's code has arrived (header.tsx),
 * which shows the same unread dot. Only the panel asks the server (`askServer`): it loads 2 s after
 * the first paint, or at once when the bell is pointed at, focused or pressed
 * (lib/deferred-module.ts), so the server's list is not one of the requests a page sends while its
 * own code and data are still on a phone's link (Lighthouse's traces: the bell's GET, sent with the
 * layout's first render, was the last request before the largest paint on 17 of the 33 signed-in
 * pages). The bell drawn before it shows this browser's notifications and any list already fetched.
 */
export function useBellNotifications({ askServer = true }: { askServer?: boolean } = {}) {
  const { user } = useSession();
  const owner = user?.email ?? null;
  const local = useNotifications(owner);
  // A restricted cliente (an invitee) has no server notifications: the API refuses it the list.
  const server = useServerNotifications(askServer && Boolean(user) && (user?.role !== 'cliente' || user.is_superadmin === true));
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
