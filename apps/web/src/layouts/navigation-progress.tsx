import { useTranslation } from 'react-i18next';

/** A thin bar at the top while the next route's code or data loads. */
export function NavigationProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <div role="progressbar" aria-label={t('app.loading')} className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-amber-100">
      <div className="h-full w-1/3 animate-pulse bg-amber-500" />
    </div>
  );
}
