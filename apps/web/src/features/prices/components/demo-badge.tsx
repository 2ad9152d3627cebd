import { useTranslation } from 'react-i18next';

/** Shown wherever generated demo values are on screen, so nobody mistakes them for the market. */
export function DemoBadge() {
  const { t } = useTranslation('prices');
  return (
    <span
      title={t('demo.explain')}
      className="inline-flex items-center whitespace-nowrap rounded-full border border-amber-300 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/15 dark:text-amber-200"
    >
      {t('demo.badge')}
    </span>
  );
}
