import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState as SharedErrorState } from '@/components/ui/error-state';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { resolveErrorMessage } from '@/lib/api-client';

export const panelClass = 'rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

export function LoadingState({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex min-h-24 items-center justify-center gap-2 p-6 text-sm text-slate-500 dark:text-slate-400 ${className}`}>
      <Spinner className="size-4" />
      <span>{label}</span>
    </div>
  );
}

/** A failed price query: its title, the server's reason and a retry. */
export function ErrorState({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  const { t } = useTranslation('prices');
  return <SharedErrorState title={title} titleAs="h3" detail={resolveErrorMessage(error)} retryLabel={t('actions.retry')} onRetry={onRetry} />;
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={`flex flex-col items-center gap-3 px-6 py-10 text-center ${panelClass}`}>
      <span className="rounded-full bg-slate-100 p-3 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon name="chart" className="size-6" />
      </span>
      <h3 className="text-base font-semibold">{title}</h3>
      {children ? <div className="max-w-md text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
      {action}
    </div>
  );
}

/** A titled box on a dashboard. */
export function Panel({ title, actions, children, className = '' }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`flex min-w-0 flex-col gap-3 p-4 ${panelClass} ${className}`} aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
