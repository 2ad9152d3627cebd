import { useTranslation } from 'react-i18next';
import { useServiceUnavailable } from '@/lib/maintenance';

/** Shown while the API answers 503 (SPEC.md §4, §8); the next successful answer hides it. */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const unavailable = useServiceUnavailable();
  if (!unavailable) return null;
  return (
    <div role="alert" className="sticky top-0 z-50 bg-amber-500 px-4 py-2 text-center text-sm font-semibold text-slate-950">
      {t('maintenance.banner')}
    </div>
  );
}
