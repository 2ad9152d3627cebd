import { DUE_POLL_INTERVAL_MS, DUE_POLL_LIMIT, DUE_REPORT_READY_EVENT, type DueReportListItem } from '@fueldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '@/lib/notifications';
import { useServerEvent } from '@/lib/server-events';
import { useSession } from '@/lib/auth-store';
import { dueKeys, getDueReports } from '../api/get-due-reports';
import { clearPendingContact, readNotifiedReports, readPendingContact, rememberNotifiedReport } from '../lib/pending-contact';

const detailUrl = (id: string) => `/due-diligence/detail?id=${encodeURIComponent(id)}`;

/**
 * SPEC.md §4: while a contact is pending, the latest 20 reports are checked every 6 s; a ready
 * report with that title, created at or after the pending time and with content, notifies once.
 * The server's `report_ready` event notifies at once where the event stream is open.
 */
export function DueReportWatcher() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const owner = user?.email ?? null;
  const queryClient = useQueryClient();

  const notify = useCallback(
    (id: string, title: string) => {
      if (readNotifiedReports().includes(id)) return;
      rememberNotifiedReport(id);
      addNotification(owner, { text: t('dueReportReady', { name: title }), contactName: title, openUrl: detailUrl(id) });
    },
    [owner, t],
  );

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const pending = readPendingContact();
      if (!pending) return;
      let reports: DueReportListItem[];
      try {
        reports = await getDueReports(DUE_POLL_LIMIT);
      } catch {
        return;
      }
      if (stopped) return;
      const ready = reports.find(
        (report) =>
          report.status === 'ready' &&
          !readNotifiedReports().includes(report.id) &&
          report.title === pending.contactName &&
          Date.parse(report.created_at) >= pending.timestamp &&
          report.content.trim() !== '',
      );
      if (!ready) return;
      notify(ready.id, ready.title);
      clearPendingContact();
      void queryClient.invalidateQueries({ queryKey: dueKeys.all });
    };
    const timer = setInterval(() => void check(), DUE_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [notify, queryClient]);

  useServerEvent(DUE_REPORT_READY_EVENT, (data) => {
    // The event's schema (and zod with it) is fetched with the first event, not with every
    // dashboard page that mounts this watcher. Should it fail to load, the poll above still finds
    // the report of the pending contact.
    void import('../lib/ready-event')
      .then(({ parseReadyEvent }) => {
        const event = parseReadyEvent(data);
        if (!event) return;
        void queryClient.invalidateQueries({ queryKey: dueKeys.all });
        if (event.status !== 'ready') return;
        notify(event.id, event.title);
        if (readPendingContact()?.contactName === event.title) clearPendingContact();
      })
      .catch(() => undefined);
  });

  return null;
}
