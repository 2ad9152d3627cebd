import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeaderRow } from '@/components/ui/data-table';
import { LinkButtons } from '@/components/ui/link-buttons';
import { QueryState } from '@/components/ui/query-state';
import { resolveErrorMessage } from '@/lib/api-client';
import { useDueReports } from '../api/get-due-reports';
import { useDueUsage } from '../api/get-due-usage';
import { ReportStatusBadge, RiskRatingBadge } from '../components/report-badges';
import { UsageMeter } from '../components/usage-meter';

const detailPath = (id: string) => `/due-diligence/detail?id=${encodeURIComponent(id)}`;

/** /due-diligence: the caller's reports, newest first, with status, risk and the month's usage. */
export default function DueDiligenceOverviewPage() {
  const { t, i18n } = useTranslation('due');
  const reports = useDueReports();
  const usage = useDueUsage();
  const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-6">
      <p className="text-slate-700 dark:text-slate-300">{t('overview.intro')}</p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <LinkButtons
          className="flex gap-3"
          links={[
            { to: '/due-diligence/create', label: t('overview.new'), variant: 'primary' },
            { to: '/due-diligence/screening', label: t('overview.screening'), variant: 'secondary' },
          ]}
        />
        {usage.data ? <UsageMeter usage={usage.data} /> : usage.isError ? <p className="text-sm text-red-700 dark:text-red-300">{t('usage.error')}</p> : null}
      </div>
      <QueryState query={reports} size="md" loadingText={t('overview.loading')} errorTitle={t('overview.error')} errorDetail={resolveErrorMessage} retryLabel={t('overview.retry')}>
        {(list) =>
          list.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-600">
              <p className="font-semibold text-slate-900 dark:text-slate-100">{t('overview.empty')}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('overview.emptyHint')}</p>
            </div>
          ) : (
            <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700">
              {/* `relative`: the hidden actions header stays inside this scrolling frame (see tableFrameClassName). */}
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">{t('overview.caption')}</caption>
                <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  <HeaderRow
                    cells={[
                      { label: t('overview.columns.title'), className: 'px-4 py-2' },
                      { label: t('overview.columns.status'), className: 'px-4 py-2' },
                      { label: t('overview.columns.rating'), className: 'px-4 py-2' },
                      { label: t('overview.columns.created'), className: 'px-4 py-2' },
                      { label: t('overview.columns.actions'), className: 'px-4 py-2', hidden: true },
                    ]}
                  />
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {list.map((report) => (
                    <tr key={report.id}>
                      <td className="px-4 py-2 font-medium text-slate-900 dark:text-slate-100">{report.title}</td>
                      <td className="px-4 py-2"><ReportStatusBadge status={report.status} /></td>
                      <td className="px-4 py-2">{report.rating ? <RiskRatingBadge rating={report.rating} /> : '—'}</td>
                      <td className="px-4 py-2 text-slate-700 dark:text-slate-300">
                        <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
                      </td>
                      <td className="px-4 py-2 text-right">
                        <Link
                          to={detailPath(report.id)}
                          state={{ reportId: report.id, title: report.title }}
                          aria-label={t('overview.openReport', { title: report.title })}
                          className="font-semibold text-amber-700 underline-offset-2 hover:underline dark:text-amber-400"
                        >
                          {t('overview.open')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </div>
  );
}
