import { isAdmin, screeningDecisionStatuses, type ScreeningDecision, type ScreeningDecisionStatus } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { controlClassName, Input, Select } from '@/components/ui/controls';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth-store';
import { toast } from '@/lib/toast';
import { DECISIONS_PAGE_SIZE, decisionsQueryOptions, useApproveDecision, useDecisions } from '../api/decisions-api';

/**
 * Loads the list's first page (no filter, as the page first asks for it) into the cache: the app's
 * start awaits it before the first render when the entry script has asked for it early
 * (app/signed-in-pages.ts). Never rejects.
 */
export function primeDecisionsData(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(decisionsQueryOptions({ page: 1, subject: '', status: '' }));
}

/** /due-diligence/decisions: the caller's decisions (admins: everybody's, pending approvals first, with Approve). */
export default function DecisionsPage() {
  const { t, i18n } = useTranslation('decisions');
  const session = useSession();
  const admin = isAdmin({ role: session.role, is_superadmin: session.isSuperadmin });
  const baseId = useId();
  const [page, setPage] = useState(1);
  const [subjectDraft, setSubjectDraft] = useState('');
  const [subject, setSubject] = useState('');
  const [status, setStatus] = useState<ScreeningDecisionStatus | ''>('');
  const query = useDecisions({ page, subject, status });
  const approve = useApproveDecision();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSubject(subjectDraft.trim());
  };
  const approveOne = async (row: ScreeningDecision) => {
    try {
      await approve.mutateAsync(row.id);
      toast.success(t('page.approved'));
    } catch (error) {
      toast.error(error instanceof ApiError && error.code !== 'FOUR_EYES' && error.detail ? error.detail : resolveErrorMessage(error));
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('page.intro')}</p>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label={t('page.filters')}>
        <div className="flex min-w-0 flex-1 flex-col sm:flex-none">
          <label htmlFor={`${baseId}-subject`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('page.subject')}
          </label>
          <Input id={`${baseId}-subject`} type="search" value={subjectDraft} maxLength={300} onChange={(event) => setSubjectDraft(event.target.value)} className={`mt-1 ${controlClassName}`} />
        </div>
        <div className="flex flex-col">
          <label htmlFor={`${baseId}-status`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('page.status')}
          </label>
          <Select
            id={`${baseId}-status`}
            value={status}
            onChange={(event) => {
              setPage(1);
              setStatus(event.target.value as ScreeningDecisionStatus | '');
            }}
            className={`mt-1 ${controlClassName}`}
          >
            <option value="">{t('page.anyStatus')}</option>
            {screeningDecisionStatuses.map((option) => (
              <option key={option} value={option}>
                {t(`statuses.${option}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="secondary">
          {t('page.apply')}
        </Button>
      </form>
      <DataTable
        query={query}
        rows={query.data?.items ?? []}
        rowKey={(row) => row.id}
        caption={t('page.caption')}
        minWidthClass="min-w-[44rem]"
        errorTitle={t('page.error')}
        retryLabel={t('page.retry')}
        emptyText={t('page.empty')}
        paging={{ page, pageSize: DECISIONS_PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage }}
        columns={[
          {
            key: 'subject',
            header: t('page.columns.subject'),
            cell: (row) => (
              <>
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100">{row.subject_name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{dateFormat.format(new Date(row.decided_at))}</p>
              </>
            ),
          },
          {
            key: 'entry',
            header: t('page.columns.entry'),
            cell: (row) => (
              <>
                <p>{row.entity_id}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{t('page.score', { score: `${Math.round(row.score * 100)} %` })}</p>
                {row.entry_changed ? <p className="text-xs font-semibold text-amber-800 dark:text-amber-300">{t('page.entryChanged')}</p> : null}
              </>
            ),
          },
          {
            key: 'decision',
            header: t('page.columns.decision'),
            cell: (row) => (
              <>
                <p className="font-medium">{t(`kinds.${row.decision}`)}</p>
                <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{row.note}</p>
              </>
            ),
          },
          {
            key: 'by',
            header: t('page.columns.by'),
            cell: (row) => (
              <>
                <p className="[overflow-wrap:anywhere]">{row.decided_by_email ?? '—'}</p>
                {row.approved_by_email ? <p className="text-xs text-slate-500 dark:text-slate-400">{t('control.approvedBy', { by: row.approved_by_email })}</p> : null}
              </>
            ),
          },
          {
            key: 'status',
            header: t('page.columns.status'),
            cell: (row) => (
              <span
                className={
                  row.status === 'pending_approval'
                    ? 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200'
                    : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                }
              >
                {t(`statuses.${row.status}`)}
              </span>
            ),
          },
          ...(admin
            ? [
                {
                  key: 'actions',
                  header: t('page.columns.actions'),
                  hiddenHeader: true,
                  className: 'text-right',
                  cell: (row: ScreeningDecision) =>
                    row.status !== 'pending_approval' ? null : row.decided_by !== null && row.decided_by === String(session.user?.id) ? (
                      <p className="text-xs text-slate-500 dark:text-slate-400">{t('page.ownDecision')}</p>
                    ) : (
                      <Button variant="primary" className="px-3 py-1 text-xs" disabled={approve.isPending} onClick={() => void approveOne(row)} aria-label={t('page.approveLabel', { name: row.subject_name })}>
                        {t('page.approve')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
