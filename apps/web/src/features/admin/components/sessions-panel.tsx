import type { AdminSessionRow, SessionStatus } from '@fueldesk/contracts';
import { useId, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { resolveErrorMessage } from '@/lib/api-client';
import { useAdminSessions } from '../api/get-admin-sessions';
import { useRevokeAdminSession } from '../api/revoke-admin-session';
import { formatDuration } from './format';
import { SearchForm } from './search-form';
import { controlClassName } from './styles';
import { Select } from '@/components/ui/controls';

/** The sessions table's page size (its first page is primed by app/admin-sessions-route.tsx). */
export const SESSIONS_PAGE_SIZE = 25;
const PAGE_SIZE = SESSIONS_PAGE_SIZE;

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
      <SearchForm
        label={t('sessions.search')}
        submitLabel={t('sessions.apply')}
        onSearch={(text) => {
          setPage(1);
          setQ(text);
        }}
      >
        <div className="flex flex-col">
          <label htmlFor={`${baseId}-status`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('sessions.status')}
          </label>
          <Select
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
          </Select>
        </div>
      </SearchForm>

      <DataTable
        query={query}
        rows={items}
        rowKey={(row) => row.id}
        caption={t('sessions.caption')}
        minWidthClass="min-w-[48rem]"
        errorTitle={t('sessions.failed')}
        retryLabel={t('retry')}
        emptyText={t('sessions.empty')}
        paging={{ page, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            key: 'user',
            header: t('sessions.user'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 dark:text-slate-100">{row.user_name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{row.user_email}</p>
              </>
            ),
          },
          { key: 'created', header: t('sessions.created'), className: 'whitespace-nowrap', cell: (row) => dateFormat.format(new Date(row.created_at)) },
          { key: 'lastSeen', header: t('sessions.lastSeen'), className: 'whitespace-nowrap', cell: (row) => dateFormat.format(new Date(row.last_seen_at)) },
          { key: 'activeTime', header: t('sessions.activeTime'), className: 'font-mono tabular-nums', cell: (row) => formatDuration(row.active_seconds) },
          {
            key: 'status',
            header: t('sessions.status'),
            cell: (row) => (
              <>
                <StatusBadge status={row.status} />
                {row.revoked_reason ? (
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {t(`sessions.reasons.${row.revoked_reason}`, { defaultValue: row.revoked_reason })}
                  </p>
                ) : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: t('sessions.actions'),
            hiddenHeader: true,
            className: 'text-right',
            cell: (row) =>
              row.status !== 'revoked' ? (
                row.current ? (
                  <span className="text-xs text-slate-500 dark:text-slate-400">{t('sessions.yours')}</span>
                ) : (
                  <Button variant="danger" className="px-3 py-1.5" onClick={() => setPending(row)} aria-label={t('sessions.revokeFor', { email: row.user_email })}>
                    {t('sessions.revoke')}
                  </Button>
                )
              ) : null,
          },
        ]}
      />

      <ConfirmDialog
        open={pending !== null}
        title={t('sessions.confirmTitle')}
        description={pending ? t('sessions.confirmBody', { email: pending.user_email }) : undefined}
        cancelLabel={t('cancel')}
        confirmLabel={t('sessions.confirm')}
        busy={revoke.isPending}
        gap="gap-3"
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmRevoke()}
      />
    </section>
  );
}
