import { auditActions, type AuditAction, type AuditEntry } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { controlClassName, Input, Select } from '@/components/ui/controls';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AUDIT_PAGE_SIZE, auditEntriesQueryOptions, downloadAuditCsv, useAuditEntries, useVerifyAudit, type AuditFilter } from '../api/audit-api';

const emptyFilter: Omit<AuditFilter, 'page'> = { from: '', to: '', actor: '', action: '', q: '' };

/**
 * Loads the log's first page (no filter, as AuditLog first asks for it) into the cache: the app's
 * start awaits it before the first render when the entry script has asked for it early
 * (app/signed-in-pages.ts). Never rejects.
 */
export function primeAuditLog(queryClient: QueryClient, mode: 'admin' | 'mine'): Promise<void> {
  return queryClient.prefetchQuery(auditEntriesQueryOptions(mode, { ...emptyFilter, page: 1 }));
}

/** Details as short "key: value" text (list version ids, threshold, counts). */
function formatDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.slice(0, 10).join(', ') + (value.length > 10 ? ` (+${value.length - 10})` : '') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

/**
 * The audit log as a filtered, paged table: `admin` shows everybody's entries with the user filter,
 * CSV export and chain verification; `mine` the caller's own (My activity).
 */
export function AuditLog({ mode }: { mode: 'admin' | 'mine' }) {
  const { t, i18n } = useTranslation('decisions');
  const baseId = useId();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState(emptyFilter);
  const [filter, setFilter] = useState(emptyFilter);
  const [exporting, setExporting] = useState(false);
  const query = useAuditEntries(mode, { ...filter, page });
  const verify = useVerifyAudit();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), [i18n.language]);
  const actionLabel = (action: string) => t(`audit.actions.${action.replace('.', '_')}`, { defaultValue: action });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilter({ ...draft, q: draft.q.trim(), actor: draft.actor.trim() });
  };
  const field = (key: keyof typeof draft) => ({
    id: `${baseId}-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
    className: `mt-1 ${controlClassName}`,
  });
  const label = (key: string, text: string) => (
    <label htmlFor={`${baseId}-${key}`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
      {text}
    </label>
  );
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  const queryError = query.error instanceof ApiError && query.error.status === 400 ? (query.error.fields ? Object.values(query.error.fields).join(' ') : query.error.detail) : null;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{mode === 'admin' ? t('audit.introAdmin') : t('audit.introMine')}</p>
      <form onSubmit={apply} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <div className="flex flex-col">
          {label('from', t('audit.from'))}
          <Input type="date" {...field('from')} />
        </div>
        <div className="flex flex-col">
          {label('to', t('audit.to'))}
          <Input type="date" {...field('to')} />
        </div>
        {mode === 'admin' ? (
          <div className="flex flex-col">
            {label('actor', t('audit.user'))}
            <Input type="text" inputMode="text" spellCheck={false} maxLength={36} {...field('actor')} />
          </div>
        ) : null}
        <div className="flex flex-col">
          {label('action', t('audit.action'))}
          <Select {...field('action')} onChange={(event) => setDraft((current) => ({ ...current, action: event.target.value as AuditAction | '' }))}>
            <option value="">{t('audit.anyAction')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col">
          {label('q', t('audit.search'))}
          <Input type="search" maxLength={200} {...field('q')} />
        </div>
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
      </form>
      {mode === 'admin' ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t('audit.exporting') : t('audit.export')}
          </Button>
          <Button variant="secondary" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {verify.isPending ? t('audit.verifying') : t('audit.verify')}
          </Button>
          {verify.data ? (
            <p role="status" className={verify.data.ok ? 'text-sm font-semibold text-emerald-800 dark:text-emerald-300' : 'text-sm font-semibold text-red-700 dark:text-red-300'}>
              {verify.data.ok ? t('audit.verifyOk', { count: verify.data.entries }) : t('audit.verifyBad', { id: verify.data.first_bad_id, count: verify.data.entries })}
            </p>
          ) : null}
          {verify.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {resolveErrorMessage(verify.error)}
            </p>
          ) : null}
        </div>
      ) : null}
      {queryError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {queryError}
        </p>
      ) : null}
      {query.isSuccess ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('audit.total', { count: query.data.total })}</p> : null}
      <DataTable<AuditEntry>
        query={query}
        rows={query.data?.items ?? []}
        rowKey={(row) => String(row.id)}
        caption={t('audit.caption')}
        minWidthClass="min-w-[48rem]"
        errorTitle={t('audit.error')}
        retryLabel={t('audit.retry')}
        emptyText={t('audit.empty')}
        paging={{ page, pageSize: AUDIT_PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            key: 'at',
            header: t('audit.columns.at'),
            className: 'whitespace-nowrap',
            cell: (row) => (
              <>
                <p>{dateFormat.format(new Date(row.at))}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">#{row.id}</p>
              </>
            ),
          },
          { key: 'actor', header: t('audit.columns.actor'), cell: (row) => <span className="[overflow-wrap:anywhere]">{row.actor_email ?? t('audit.system')}</span> },
          { key: 'action', header: t('audit.columns.action'), cell: (row) => actionLabel(row.action) },
          { key: 'subject', header: t('audit.columns.subject'), cell: (row) => <span className="[overflow-wrap:anywhere]">{row.subject || '—'}</span> },
          {
            key: 'details',
            header: t('audit.columns.details'),
            cell: (row) => <span className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{formatDetails(row.details)}</span>,
          },
          { key: 'ip', header: t('audit.columns.ip'), className: 'whitespace-nowrap', cell: (row) => row.ip ?? '—' },
        ]}
      />
    </div>
  );
}
