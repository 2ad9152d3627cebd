import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadTextsIn } from '@/lib/i18n';
import { useDueReport } from '../api/get-due-report';
import { downloadDueReportPdf } from '../api/download-due-report-pdf';
import { ReportStatusBadge } from '../components/report-badges';
import { ReportFindings } from '../components/report-findings';
import { ReportVersion } from '../components/report-version';
import { prepareReportContent } from '../lib/report-content';

/** /due-diligence/detail?id=…: one report, its findings, PDF download and print. */
export default function DueDiligenceDetailPage() {
  const { t, i18n } = useTranslation('due');
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { reportId?: unknown; title?: unknown } | null;
  const id = params.get('id') ?? (typeof state?.reportId === 'string' ? state.reportId : null);
  const report = useDueReport(id);
  const [pdfFailed, setPdfFailed] = useState(false);
  const content = useMemo(() => (report.data?.content ? prepareReportContent(report.data.content) : ''), [report.data?.content]);
  // The findings are shown in the report's language: its texts may not be loaded when the interface speaks another.
  const reportLanguage = report.data?.language;
  const reportTexts = useQuery({
    queryKey: ['report-texts', reportLanguage],
    queryFn: () => loadTextsIn(reportLanguage!, ['due', 'lists']).then(() => true),
    enabled: Boolean(reportLanguage),
    staleTime: Infinity,
  });
  const back = (
    <Link to="/due-diligence" className={buttonClassName('ghost', 'self-start print:hidden')}>
      {t('detail.back')}
    </Link>
  );

  if (!id) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
        <p role="alert">{t('detail.noId')}</p>
        {back}
      </div>
    );
  }
  if (report.isPending) {
    return (
      <p role="status" className="flex items-center gap-3 p-6 text-slate-600 dark:text-slate-400">
        <Spinner className="size-5" />
        {t('detail.loading')}
      </p>
    );
  }
  if (report.isError) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
        {typeof state?.title === 'string' ? <h2 className="text-lg font-semibold">{state.title}</h2> : null}
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('detail.noPreview')}
        </p>
        {back}
      </div>
    );
  }

  const data = report.data;
  const download = async () => {
    setPdfFailed(false);
    try {
      await downloadDueReportPdf(data.id, `due-diligence-${data.id}.pdf`);
    } catch {
      setPdfFailed(true);
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-slate-100">{data.title}</h2>
        <ReportStatusBadge status={data.status} />
      </div>
      {data.description ? <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">{data.description}</p> : null}
      <p data-testid="report-language-name" className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t('detail.language', { language: t(`detail.languageName.${data.language}`) })}
      </p>
      {data.status === 'processing' ? (
        <p role="status" className="flex items-center gap-3 text-slate-700 dark:text-slate-300">
          <Spinner className="size-5" />
          {t('detail.processing')}
        </p>
      ) : null}
      {data.status === 'failed' ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('detail.failed', { reason: data.failure_reason ?? '' })}
        </p>
      ) : null}
      {data.status === 'ready' ? (
        <div className="flex gap-3 print:hidden">
          <Button onClick={() => void download()}>{t('detail.pdf')}</Button>
          <Button variant="secondary" onClick={() => window.print()}>
            {t('detail.print')}
          </Button>
        </div>
      ) : null}
      {pdfFailed ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{t('detail.pdfError')}</p> : null}
      {data.status !== 'processing' ? <ReportVersion report={data} /> : null}
      {data.status === 'ready' && data.language !== i18n.resolvedLanguage ? (
        <p data-testid="report-language" className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
          {t('detail.otherLanguage', { language: t(`detail.languageName.${data.language}`) })}
        </p>
      ) : null}
      {data.findings && reportTexts.isPending ? (
        <p role="status" className="flex items-center gap-3 text-slate-700 dark:text-slate-300">
          <Spinner className="size-5" />
          {t('detail.loading')}
        </p>
      ) : null}
      {data.findings && reportTexts.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('detail.textsError', { language: t(`detail.languageName.${data.language}`) })}
          <Button variant="secondary" onClick={() => void reportTexts.refetch()}>
            {t('detail.retry')}
          </Button>
        </div>
      ) : null}
      {data.findings && reportTexts.isSuccess ? (
        <div lang={data.language}>
          <ReportFindings findings={data.findings} reportId={data.id} language={data.language} />
        </div>
      ) : null}
      {content ? (
        <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <summary className="cursor-pointer font-semibold">{t('detail.content')}</summary>
          {/* Sanitized on the server when stored and again here (prepareReportContent). */}
          <div lang={data.language} className="prose prose-sm mt-3 max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: content }} />
        </details>
      ) : null}
      {back}
    </div>
  );
}
