import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import {
  markAllNotificationsRead,
  removeNotification,
  resolveNotificationTarget,
  useNotifications,
  type AppNotification,
} from '@/lib/notifications';
import { useSession } from '@/lib/auth-store';
import { useMarkServerNotificationsRead, useServerNotifications } from './server-notifications';

function formatTime(time: string, language: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A notification of the panel: kept in this browser (SPEC.md §3), or by the server (price alerts, watchlist). */
type PanelItem = AppNotification & { server: boolean };

/** The bell with its unread dot and the panel (SPEC.md §4 "Notification"), the server's notifications merged in by time. */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const owner = user?.email ?? null;
  const local = useNotifications(owner);
  // A restricted cliente (an invitee) has no server notifications: the API refuses it the list.
  const server = useServerNotifications(Boolean(user) && (user?.role !== 'cliente' || user.is_superadmin === true));
  const markServerRead = useMarkServerNotificationsRead();
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
  const [open, setOpen] = useState(false);
  // Items that were unread when the panel opened keep their highlight until it closes.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const headingId = useId();
  const hasUnread = notifications.some((item) => !item.read);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setFreshIds(new Set(notifications.filter((item) => !item.read).map((item) => item.id)));
      markAllNotificationsRead(owner);
      if ((server.data?.unread ?? 0) > 0) markServerRead.mutate();
    }
    setOpen(next);
  };

  const openNotification = (notification: AppNotification) => {
    const target = resolveNotificationTarget(notification.openUrl);
    if (target.kind === 'none') {
      toast.error(t('notifications.noIdentifier'));
      return;
    }
    setOpen(false);
    if (target.kind === 'report') {
      void navigate(`/due-diligence/detail?id=${encodeURIComponent(target.reportId)}`, {
        state: { reportId: target.reportId, title: notification.contactName },
      });
    } else if (target.kind === 'internal') {
      void navigate(target.path);
    } else {
      window.open(target.url, '_blank', 'noopener,noreferrer');
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={hasUnread ? t('notifications.buttonUnread') : t('notifications.button')}
        className="focus-ring relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="bell" />
        {hasUnread ? (
          <span
            data-testid="unread-dot"
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-white dark:ring-slate-900"
          />
        ) : null}
      </Popover.Trigger>
      {/* Radix's Popover closes it on Escape and on a press outside; a panel of links, so a region. */}
      <Popover.Content
        role="region"
        aria-labelledby={headingId}
        align="end"
        sideOffset={8}
        collisionPadding={16}
        className="z-30 w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-lg sm:w-80 dark:border-slate-700 dark:bg-slate-900"
      >
          <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold dark:border-slate-700">
            {t('notifications.title')}
          </h2>
          {notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('notifications.empty')}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
              {notifications.map((notification) => (
                <li
                  key={notification.id}
                  className={clsx('flex items-start gap-2 px-2 py-2', freshIds.has(notification.id) && 'bg-amber-50 dark:bg-amber-500/10')}
                >
                  <button
                    type="button"
                    onClick={() => openNotification(notification)}
                    className="focus-ring min-w-0 flex-1 rounded-md px-2 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                  >
                    <span className="block text-sm text-slate-900 dark:text-slate-100">{notification.text}</span>
                    <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                      {[notification.contactName, formatTime(notification.time, i18n.language)].filter(Boolean).join(' · ')}
                    </span>
                  </button>
                  {notification.server ? null : (
                    <button
                      type="button"
                      onClick={() => removeNotification(owner, notification.id)}
                      aria-label={t('notifications.remove', { text: notification.text })}
                      className="focus-ring rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200"
                    >
                      <Icon name="close" className="size-4" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
      </Popover.Content>
    </Popover.Root>
  );
}
