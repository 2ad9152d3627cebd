import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ErrorStateProps {
  title: string;
  /** The title's element: a heading where the failed part has one in the page outline. */
  titleAs?: 'h2' | 'h3' | 'p';
  /** What went wrong, when there is more to say than the title (e.g. the server's detail). */
  detail?: ReactNode;
  retryLabel?: string;
  onRetry?: () => void;
  className?: string;
}

/** Data that could not be loaded: an alert with what failed and, where it helps, a retry. */
export function ErrorState({ title, titleAs: Title = 'p', detail, retryLabel, onRetry, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300',
        className,
      )}
    >
      <Title className="font-semibold text-red-900 dark:text-red-200">{title}</Title>
      {detail ? <p>{detail}</p> : null}
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
