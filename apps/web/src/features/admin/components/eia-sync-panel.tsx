import type { EiaSyncRun } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useFormMessage } from '@/lib/use-form-message';
import { useEiaSyncStatus, useRequestEiaSync } from '../api/eia-sync';

const RUNS_LISTED = 5;

const badgeClass: Record<EiaSyncRun['status'], string> = {
  running: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  succeeded: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  interrupted: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

function StatusBadge({ status }: { status: EiaSyncRun['status'] }) {
  const { t } = useTranslation('analytics');
  return <span className={clsx('rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap', badgeClass[status])}>{t(`sync.status.${status}`)}</span>;
}

/**
 * The data desk's "Sources" panel: the scheduled EIA API v2 sync's last and next run, rows written,
 * the last error in words (with pg-boss's retry time), and "sync now".
 */
export function EiaSyncPanel() {
  const { t, i18n } = useTranslation('analytics');
  const message = useFormMessage();
  const baseId = useId();
  const query = useEiaSyncStatus();
  const request = useRequestEiaSync();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }), [i18n.language]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const at = (iso: string | null) => (iso ? `${dateFormat.format(new Date(iso))} UTC` : t('sync.none'));
  const errorText = (run: EiaSyncRun) => message(run.error_key ?? undefined, run.error_params ?? undefined) ?? run.error;

  const syncNow = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(t('sync.queued')),
    });

  const body = (
    <QueryState query={query} loadingText={t('sync.loading')} errorTitle={t('sync.loadFailed')} errorDetail={resolveErrorMessage} retryLabel={t('sync.retry')}>
      {(status) => {
        const last = status.runs[0];
        return (
          <div className="flex flex-col gap-3">
            {!status.configured ? (
              <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
                <p className="font-semibold">{t('sync.notConfigured')}</p>
                <p className="mt-1">{t('sync.howToConfigure')}</p>
              </div>
            ) : null}
            {last ? (
              <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
                <div className="rounded bg-slate-50 px-3 py-2 dark:bg-slate-800">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{t('sync.lastRun')}</dt>
                  <dd className="flex flex-wrap items-center gap-2">
                    <span>{at(last.started_at)}</span>
                    <StatusBadge status={last.status} />
                  </dd>
                </div>
                <div className="rounded bg-slate-50 px-3 py-2 dark:bg-slate-800">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{t('sync.rowsWritten')}</dt>
                  <dd className="tabular-nums">{numberFormat.format(last.rows_written)}</dd>
                </div>
                <div className="rounded bg-slate-50 px-3 py-2 dark:bg-slate-800">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{t('sync.nextRun')}</dt>
                  <dd>{at(status.next_run_at)}</dd>
                </div>
                <div className="rounded bg-slate-50 px-3 py-2 dark:bg-slate-800">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{t('sync.lastSuccess')}</dt>
                  <dd>{at(status.last_success_at)}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">{status.configured ? t('sync.neverRun', { next: at(status.next_run_at) }) : t('sync.neverRunUnconfigured')}</p>
            )}
            {last && (last.status === 'failed' || last.status === 'interrupted') ? (
              <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300">
                <p className="font-semibold">{t('sync.lastError', { attempt: last.attempt })}</p>
                <p className="mt-1 break-words">{errorText(last)}</p>
                {status.retry_at ? <p className="mt-1">{t('sync.retryAt', { at: at(status.retry_at) })}</p> : null}
              </div>
            ) : null}
            {status.runs.length > 1 ? (
              <details className="text-sm">
                <summary className="cursor-pointer text-slate-600 dark:text-slate-400">{t('sync.recent')}</summary>
                <ul className="mt-2 flex flex-col gap-1">
                  {status.runs.slice(0, RUNS_LISTED).map((run) => (
                    <li key={run.id} className="flex flex-wrap items-center gap-2">
                      <span>{at(run.started_at)}</span>
                      <StatusBadge status={run.status} />
                      <span className="text-slate-500 dark:text-slate-400">
                        {t(`sync.trigger.${run.trigger}`)} · {t('sync.rows', { formatted: numberFormat.format(run.rows_written) })}
                      </span>
                      {run.error_key ? <span className="basis-full break-words text-xs text-slate-600 dark:text-slate-400">{errorText(run)}</span> : null}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {request.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {resolveErrorMessage(request.error)}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={syncNow} disabled={!status.configured || status.busy || request.isPending}>
                {t('sync.now')}
              </Button>
              {status.busy ? (
                <span role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <Spinner className="size-4" />
                  {t('sync.busy')}
                </span>
              ) : null}
            </div>
          </div>
        );
      }}
    </QueryState>
  );

  return (
    <section aria-labelledby={`${baseId}-title`} className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={`${baseId}-title`} className="text-base font-semibold">
        {t('sync.heading')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('sync.intro')}</p>
      {body}
    </section>
  );
}
