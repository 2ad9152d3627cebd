import type { DueReport } from '@fueldesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRerunDueReport } from '../api/rerun-due-report';

/**
 * What makes the report reproducible (version, engine, threshold, list versions), the re-run
 * against the lists stored now, what changed since the previous version, and earlier ratings.
 */
export function ReportVersion({ report }: { report: DueReport }) {
  const { t } = useTranslation('decisions');
  const { t: tDue } = useTranslation('due');
  const navigate = useNavigate();
  const rerun = useRerunDueReport();
  const [error, setError] = useState<string | null>(null);
  const lists = (report.findings?.lists ?? []).map((list) => `${list.source}${list.version_id ? ` #${list.version_id}` : ''}`).join(', ') || '—';

  const start = async () => {
    setError(null);
    try {
      const next = await rerun.mutateAsync(report.id);
      toast.success(t('report.rerunStarted', { version: next.version }));
      void navigate(`/due-diligence/detail?id=${encodeURIComponent(next.id)}`);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.detail ? caught.detail : resolveErrorMessage(caught));
    }
  };

  const changes = report.changes;
  const refs = (items: NonNullable<DueReport['changes']>['new_matches']) =>
    items.length === 0 ? (
      <p>{t('report.none')}</p>
    ) : (
      <ul className="list-disc pl-5">
        {items.map((item) => (
          <li key={`${item.field}-${item.entity_id}`}>
            {tDue(`form.fields.${item.field}`, { defaultValue: item.field })}: {item.name} ↔ {item.matched_name} ({item.entity_id}, {Math.round(item.score * 100)} %)
          </li>
        ))}
      </ul>
    );

  return (
    <section className="rounded-xl border border-slate-200 p-4 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-200" aria-label={t('report.version', { version: report.version })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t('report.version', { version: report.version })}
          {report.previous_id ? (
            <>
              {' · '}
              <Link className="underline" to={`/due-diligence/detail?id=${encodeURIComponent(report.previous_id)}`}>
                {t('report.previousVersion')}
              </Link>
            </>
          ) : null}
        </p>
        {report.status !== 'processing' ? (
          <Button variant="secondary" className="print:hidden" onClick={() => void start()} disabled={rerun.isPending}>
            {rerun.isPending ? t('report.rerunning') : t('report.rerun')}
          </Button>
        ) : null}
      </div>
      {report.engine_version ? (
        <p className="mt-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
          {t('report.reproducible', { engine: report.engine_version, threshold: report.threshold ?? '—', lists })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {changes && report.previous_id ? (
        <div className="mt-3 flex flex-col gap-2">
          <h3 className="font-semibold">{t('report.changesTitle', { version: report.version - 1 })}</h3>
          <h4 className="font-semibold">{t('report.newMatches')}</h4>
          {refs(changes.new_matches)}
          <h4 className="font-semibold">{t('report.clearedMatches')}</h4>
          {refs(changes.cleared_matches)}
          <h4 className="font-semibold">{t('report.listVersions')}</h4>
          <ul className="list-disc pl-5">
            {changes.lists.map((list) => (
              <li key={list.source}>{t('report.listChange', { source: list.source, from: list.previous_version_id ?? '—', to: list.version_id ?? '—' })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.rating_history.length > 0 ? (
        <div className="mt-3">
          <h3 className="font-semibold">{t('report.history')}</h3>
          <ul className="list-disc pl-5">
            {report.rating_history.map((entry) => (
              <li key={`${entry.at}-${entry.rating}`}>{t('report.historyItem', { rating: tDue(`rating.${entry.rating}`, { defaultValue: entry.rating }), date: entry.at.slice(0, 10), reason: entry.reason })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
