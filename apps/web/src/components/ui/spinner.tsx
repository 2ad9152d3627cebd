import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'size-6' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** Shown while a lazy route or view loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3 p-8 text-slate-500 dark:text-slate-400">
      <Spinner />
      <span>{t('app.loading')}</span>
    </div>
  );
}
