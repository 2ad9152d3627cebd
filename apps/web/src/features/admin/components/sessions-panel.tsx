import type { AdminSessionRow, SessionStatus } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { PageLoader } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { useAdminSessions } from '../api/get-admin-sessions';
import { useRevokeAdminSession } from '../api/revoke-admin-session';
import { formatDuration } from './format';
import { Pager } from './pager';
import { cellClassName, controlClassName, headClassName } from './styles';

const PAGE_SIZE = 25;

function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation('admin');
  if (status === 'idle') {
    return (
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
        {t('sessions.statuses.idle')}
      </span>
    );
  }
  return status === 'active' ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
      {t('sessions.statuses.active')}
    </span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {t('sessions.statuses.revoked')}
    </span>
  );
}

/** All sessions with user, created, last seen, active time and status; revoke after confirmation. */
export function SessionsPanel() {
  const { t, i18n } = useTranslation('admin');
  const baseId = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<SessionStatus | ''>('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [pending, setPending] = useState<AdminSessionRow | null>(null);
  const query = useAdminSessions({ page, pageSize: PAGE_SIZE, status: status || undefined, q });
  const revoke = useRevokeAdminSession();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);

  const confirmRevoke = async () => {
    if (!pending) return;
    try {
      await revoke.mutateAsync(pending.id);
      toast.success(t('sessions.revoked', { email: pending.user_email }));
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    } finally {
      setPending(null);
    }
  };

  const items = query.data?.items ?? [];

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="sr-only">
        {t('tabs.sessions')}
      </h2>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQ(search.trim());
        }}
      >
        <div className="flex flex-col">
          <label htmlFor={`${baseId}-q`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('sessions.search')}
          </label>
          <input id={`${baseId}-q`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={`mt-1 ${controlClassName}`} />
        </div>
        <div className="flex flex-col">
          <label htmlFor={`${baseId}-status`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('sessions.status')}
          </label>
          <select
            id={`${baseId}-status`}
            value={status}
            onChange={(event) => {
              setPage(1);
              setStatus(event.target.value as SessionStatus | '');
            }}
            className={`mt-1 ${controlClassName}`}
          >
            <option value="">{t('sessions.statuses.all')}</option>
            <option value="active">{t('sessions.statuses.active')}</option>
            <option value="idle">{t('sessions.statuses.idle')}</option>
            <option value="revoked">{t('sessions.statuses.revoked')}</option>
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {t('sessions.apply')}
        </Button>
      </form>

      {query.isPending ? <PageLoader /> : null}
      {query.isError ? (
        <ErrorState title={t('sessions.failed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && items.length === 0 ? <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('sessions.empty')}</p> : null}
      {items.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">{t('sessions.caption')}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className={headClassName}>{t('sessions.user')}</th>
                <th scope="col" className={headClassName}>{t('sessions.created')}</th>
                <th scope="col" className={headClassName}>{t('sessions.lastSeen')}</th>
                <th scope="col" className={headClassName}>{t('sessions.activeTime')}</th>
                <th scope="col" className={headClassName}>{t('sessions.status')}</th>
                <th scope="col" className={headClassName}>
                  <span className="sr-only">{t('sessions.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className={cellClassName}>
                    <p className="font-medium text-slate-900 dark:text-slate-100">{row.user_name}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{row.user_email}</p>
                  </td>
                  <td className={`${cellClassName} whitespace-nowrap`}>{dateFormat.format(new Date(row.created_at))}</td>
                  <td className={`${cellClassName} whitespace-nowrap`}>{dateFormat.format(new Date(row.last_seen_at))}</td>
                  <td className={`${cellClassName} font-mono tabular-nums`}>{formatDuration(row.active_seconds)}</td>
                  <td className={cellClassName}>
                    <StatusBadge status={row.status} />
                    {row.revoked_reason ? (
                      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                        {t(`sessions.reasons.${row.revoked_reason}`, { defaultValue: row.revoked_reason })}
                      </p>
                    ) : null}
                  </td>
                  <td className={`${cellClassName} text-right`}>
                    {row.status !== 'revoked' ? (
                      row.current ? (
                        <span className="text-xs text-slate-500 dark:text-slate-400">{t('sessions.yours')}</span>
                      ) : (
                        <Button variant="danger" className="px-3 py-1.5" onClick={() => setPending(row)} aria-label={t('sessions.revokeFor', { email: row.user_email })}>
                          {t('sessions.revoke')}
                        </Button>
                      )
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {query.data && query.data.total > 0 ? <Pager page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={setPage} /> : null}

      <Modal open={pending !== null} title={t('sessions.confirmTitle')} description={pending ? t('sessions.confirmBody', { email: pending.user_email }) : undefined} onClose={() => setPending(null)}>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setPending(null)}>
            {t('cancel')}
          </Button>
          <Button variant="danger" disabled={revoke.isPending} onClick={() => void confirmRevoke()}>
            {t('sessions.confirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
