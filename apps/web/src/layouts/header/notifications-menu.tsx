import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { markAllNotificationsRead, removeNotification, resolveNotificationTarget, type AppNotification } from '@/lib/notifications';
import { bellClassName, UnreadDot, useBellNotifications } from './bell-notifications';
import { useMarkServerNotificationsRead } from './server-notifications';

function formatTime(time: string, language: string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The bell with its unread dot and the panel (SPEC.md §4 "Notification"), the server's notifications merged in by time. */
export function NotificationsMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { owner, server, notifications, hasUnread } = useBellNotifications();
  const markServerRead = useMarkServerNotificationsRead();
  // Pressed before the menu's code had arrived (header.tsx): open from the start.
  const [open, setOpen] = useState(defaultOpen);
  // Items that were unread when the panel opened keep their highlight until it closes.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(() =>
    defaultOpen ? new Set(notifications.filter((item) => !item.read).map((item) => item.id)) : new Set(),
  );
  const headingId = useId();

  // Opened before the server's list had arrived (this panel asks for it when its code loads, after
  // the first paint or on the press that opened it): the list is marked read, and its unread items
  // highlighted, when it arrives while the panel is still open.
  const [awaitingServer, setAwaitingServer] = useState(defaultOpen && server.data === undefined);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setFreshIds(new Set(notifications.filter((item) => !item.read).map((item) => item.id)));
      markAllNotificationsRead(owner);
      if ((server.data?.unread ?? 0) > 0) markServerRead.mutate();
    }
    setAwaitingServer(next && server.data === undefined);
    setOpen(next);
  };

  // Opened from the start: marked read as a press marks them.
  useEffect(() => {
    if (!defaultOpen) return;
    markAllNotificationsRead(owner);
    if ((server.data?.unread ?? 0) > 0) markServerRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the opening at mount
  }, []);

  useEffect(() => {
    if (!awaitingServer || !server.data) return;
    setAwaitingServer(false);
    const unread = server.data.items.filter((item) => item.read_at === null).map((item) => `server:${item.id}`);
    if (unread.length > 0) setFreshIds((current) => new Set([...current, ...unread]));
    if (server.data.unread > 0) markServerRead.mutate();
  }, [awaitingServer, server.data, markServerRead]);

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
        className={bellClassName}
      >
        <Icon name="bell" />
        {hasUnread ? <UnreadDot /> : null}
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
