import type { SessionRecord } from '@fueldesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '@/components/ui/data-table';
import { PageLoader } from '@/components/ui/spinner';
import { useSessions } from '../api/get-sessions';
import { findLiveSessionId, formatDuration } from '../lib/profile-format';

/** Seconds elapsed since `since` changed, +1 every second (SPEC.md §4 session counter). */
function useTicker(since: unknown, active: boolean): number {
  const [state, setState] = useState({ since, ticks: 0 });
  if (state.since !== since) setState({ since, ticks: 0 });
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setState((current) => ({ ...current, ticks: current.ticks + 1 })), 1000);
    return () => clearInterval(timer);
  }, [active, since]);
  return state.since === since ? state.ticks : 0;
}

function StatusBadge({ session, live }: { session: SessionRecord; live: boolean }) {
  const { t } = useTranslation('profile');
  if (session.revoked_at) {
    return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t('sessions.ended')}</span>;
  }
  return (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
      {session.current ? t('sessions.current') : live ? t('sessions.live') : t('sessions.open')}
    </span>
  );
}

/** The Sessions tab: date, active time (hh:mm:ss and seconds), a total, the live session ticking. */
export function SessionsTab() {
  const { t, i18n } = useTranslation('profile');
  const query = useSessions();
  const sessions = useMemo(() => (query.isError ? [] : (query.data ?? [])), [query.isError, query.data]);
  const liveId = findLiveSessionId(sessions);
  const ticks = useTicker(query.dataUpdatedAt, liveId !== null);
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  if (query.isPending) return <PageLoader />;

  const secondsOf = (session: SessionRecord) => session.active_seconds + (session.id === liveId ? ticks : 0);
  const total = sessions.reduce((sum, session) => sum + secondsOf(session), 0);

  return (
    <div>
      {query.isError ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
          {t('sessions.failed')}
        </p>
      ) : null}
      {sessions.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('sessions.empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('sessions.caption')}</caption>
            <thead>
              <HeaderRow
                className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase dark:border-slate-700 dark:text-slate-400"
                cells={[
                  { label: t('sessions.date'), className: 'py-2 pr-4 font-semibold' },
                  { label: t('sessions.activeTime'), className: 'py-2 pr-4 font-semibold' },
                  { label: t('sessions.seconds'), className: 'hidden py-2 pr-4 text-right font-semibold sm:table-cell' },
                  { label: t('sessions.status'), className: 'py-2 font-semibold' },
                ]}
              />
            </thead>
            <tbody>
              {sessions.map((session) => {
                const seconds = secondsOf(session);
                return (
                  <tr key={session.id} data-testid={`session-${session.id}`} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-2 pr-4 text-slate-900 sm:whitespace-nowrap dark:text-slate-100">
                      <time dateTime={session.created_at}>{dateFormat.format(new Date(session.created_at))}</time>
                    </td>
                    <td className="py-2 pr-4 text-slate-900 tabular-nums dark:text-slate-100">
                      <span className="font-mono">{formatDuration(seconds)}</span>
                      <span className="block text-xs text-slate-500 sm:hidden dark:text-slate-400">{t('sessions.secondsValue', { count: seconds })}</span>
                    </td>
                    <td className="hidden py-2 pr-4 text-right text-slate-700 tabular-nums sm:table-cell dark:text-slate-300">{t('sessions.secondsValue', { count: seconds })}</td>
                    <td className="py-2">
                      <StatusBadge session={session} live={session.id === liveId} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="font-semibold text-slate-900 dark:text-slate-100">
                <th scope="row" className="py-3 pr-4 text-left">{t('sessions.total')}</th>
                <td data-testid="sessions-total" className="py-3 pr-4 tabular-nums">
                  <span className="font-mono">{formatDuration(total)}</span>
                  <span className="block text-xs font-normal text-slate-500 sm:hidden dark:text-slate-400">{t('sessions.secondsValue', { count: total })}</span>
                </td>
                <td className="hidden py-3 pr-4 text-right tabular-nums sm:table-cell">{t('sessions.secondsValue', { count: total })}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
