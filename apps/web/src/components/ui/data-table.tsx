import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ErrorState } from './error-state';
import { PageLoader } from './spinner';

export const cellClassName = 'px-3 py-2 align-top';
/**
 * The frame a table wider than a phone scrolls in. `relative` makes it the containing block of
 * the table's screen-reader-only (absolutely positioned) texts: without it, the hidden header of a
 * last column positions itself against the page, past the frame's clip, and the whole page scrolls
 * sideways on a phone (found by the watching journey at 390 px).
 */
export const tableFrameClassName = 'focus-ring relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
const headClassName = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';

export interface DataColumn<T> {
  key: string;
  header: string;
  /** The header is read to screen readers only (an actions column). */
  hiddenHeader?: boolean;
  /** Extra class of the column's cells. */
  className?: string;
  cell: (row: T) => ReactNode;
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with "x–y of z". */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('pager.label')} className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
      <p>{t('pager.range', { from, to, total })}</p>
      <div className="flex gap-2">
        <Button variant="secondary" className="disabled:opacity-50" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button variant="secondary" className="disabled:opacity-50" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </Button>
      </div>
    </nav>
  );
}

/** What DataTable needs of a TanStack Query result. */
interface TableQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
}

interface DataTableProps<T> {
  query: TableQuery;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** Screen-reader caption of the table. */
  caption: string;
  /** Tailwind min-width class, so that narrow screens scroll the table instead of squeezing it. */
  minWidthClass: string;
  errorTitle: string;
  retryLabel: string;
  emptyText: string;
  /** Present for a paged list: the pager shows once there is at least one row in total. */
  paging?: PagerProps;
}

/** A loaded list as a table, with its loading, error (with retry) and empty states, and a pager. */
export function DataTable<T>({ query, rows, rowKey, columns, caption, minWidthClass, errorTitle, retryLabel, emptyText, paging }: DataTableProps<T>) {
  return (
    <>
      {query.isPending ? <PageLoader /> : null}
      {query.isError ? <ErrorState title={errorTitle} retryLabel={retryLabel} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && rows.length === 0 ? <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p> : null}
      {rows.length > 0 ? (
        // A table wider than a phone scrolls inside this frame; keyboard users reach the scroll through its focus.
        <div role="region" aria-label={caption} tabIndex={0} className={tableFrameClassName}>
          <table className={clsx('w-full text-sm', minWidthClass)}>
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={headClassName}>
                    {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  {columns.map((column) => (
                    <td key={column.key} className={clsx(cellClassName, column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {paging && paging.total > 0 ? <Pager {...paging} /> : null}
    </>
  );
}

export interface HeaderCell {
  label: ReactNode;
  className?: string;
  /** The header is read by screen readers only (an actions column). */
  hidden?: boolean;
}

/** A table's row of column headers (`th scope="col"`), for tables that draw their own body. */
export function HeaderRow({ cells, className }: { cells: readonly HeaderCell[]; className?: string }) {
  return (
    <tr className={className}>
      {cells.map((cell, index) => (
        <th key={index} scope="col" className={cell.className}>
          {cell.hidden ? <span className="sr-only">{cell.label}</span> : cell.label}
        </th>
      ))}
    </tr>
  );
}
