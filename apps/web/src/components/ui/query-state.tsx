import clsx from 'clsx';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

/** What QueryState reads of a TanStack query (a useQuery result fits). */
export interface StateQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  /** The failure, for `errorDetail`. */
  error?: unknown;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: StateQuery<T>;
  /** Said beside the spinner while the query loads. */
  loadingText: string;
  errorTitle: string;
  /** What went wrong beyond the title (e.g. the server's message, read from the query's error). */
  errorDetail?: (error: unknown) => ReactNode;
  retryLabel: string;
  /** Whether the loaded data has nothing to show; `emptyText` is shown instead of `children` then. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** `sm` for a part inside a page (a row's history), `md` for a page's own list. */
  size?: 'sm' | 'md';
  children: (data: T) => ReactNode;
}

/**
 * The states of a loaded part of a page, one way everywhere: a spinner with what loads (a status for
 * assistive technology), the failure with a retry, the empty text, else the data. A table uses DataTable.
 */
export function QueryState<T>({ query, loadingText, errorTitle, errorDetail, retryLabel, isEmpty, emptyText, size = 'sm', children }: QueryStateProps<T>) {
  const small = size === 'sm';
  if (query.isPending) {
    return (
      <p role="status" className={clsx('flex items-center text-slate-600 dark:text-slate-400', small ? 'gap-2 text-sm' : 'gap-3')}>
        <Spinner className={small ? 'size-4' : 'size-5'} />
        {loadingText}
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return <ErrorState title={errorTitle} detail={query.isError ? errorDetail?.(query.error) : undefined} retryLabel={retryLabel} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <p className={clsx('text-slate-600 dark:text-slate-400', small && 'text-sm')}>{emptyText}</p>;
  return <>{children(query.data)}</>;
}
