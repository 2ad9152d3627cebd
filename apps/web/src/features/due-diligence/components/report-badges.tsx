import type { DueReportStatus, DueRiskRating } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

const statusColors: Record<DueReportStatus, string> = {
  processing: 'bg-sky-100 text-sky-900 dark:bg-sky-500/20 dark:text-sky-200',
  ready: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-500/20 dark:text-red-200',
};

const ratingColors: Record<DueRiskRating, string> = {
  low: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  high: 'bg-orange-200 text-orange-950 dark:bg-orange-500/20 dark:text-orange-200',
  critical: 'bg-red-600 text-white',
  incomplete: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

export function ReportStatusBadge({ status }: { status: DueReportStatus }) {
  const { t } = useTranslation('due');
  return <span className={clsx(badge, statusColors[status])}>{t(`status.${status}`)}</span>;
}

/** The rating's name, in the interface language or in a report's own (`language`). */
export function RiskRatingBadge({ rating, language }: { rating: DueRiskRating; language?: string }) {
  const { t } = useTranslation('due', language ? { lng: language } : undefined);
  return <span className={clsx(badge, ratingColors[rating])}>{t(`rating.${rating}`)}</span>;
}
