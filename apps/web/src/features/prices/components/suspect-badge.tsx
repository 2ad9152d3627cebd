import { useTranslation } from 'react-i18next';

/**
 * Marks a stored value an import flagged as suspect (issue 33 "Quality": a move far outside its recent
 * behaviour), until an admin confirms or corrects it. The full label is the tooltip and what a screen reader reads.
 */
export function SuspectBadge() {
  const { t } = useTranslation('prices');
  const label = t('suspect.label');
  return (
    <span
      title={label}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-orange-300 bg-orange-50 px-2 py-0.5 text-xs font-semibold text-orange-900 dark:border-orange-500/40 dark:bg-orange-500/15 dark:text-orange-200"
    >
      <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 4 2.5 20h19L12 4zM12 10v4M12 17.5v.01" />
      </svg>
      <span aria-hidden="true">{t('suspect.badge')}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
