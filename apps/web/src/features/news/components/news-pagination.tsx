import { ROWS_PER_PAGE_OPTIONS } from '@fueldesk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Select } from '@/components/ui/controls';

interface NewsPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const arrowClass =
  'focus-ring inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';

/** Rows-per-page choice (SPEC.md §9), the visible range, and previous/next page. */
export function NewsPagination({ page, pageSize, total, totalPages, onPageChange, onPageSizeChange }: NewsPaginationProps) {
  const { t } = useTranslation('news');
  const selectId = useId();
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const lastPage = Math.max(1, totalPages);
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
      <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <label htmlFor={selectId}>{t('pagination.rowsPerPage')}</label>
        <Select
          id={selectId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="focus-ring rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        >
          {ROWS_PER_PAGE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
        <span aria-live="polite">{t('pagination.range', { from, to, total })}</span>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={arrowClass} disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label={t('pagination.previous')}>
          <Icon name="chevronLeft" />
        </button>
        <span className="min-w-24 text-center text-sm text-slate-700 dark:text-slate-200" aria-current="page">
          {t('pagination.pageOf', { page, total: lastPage })}
        </span>
        <button type="button" className={arrowClass} disabled={page >= lastPage} onClick={() => onPageChange(page + 1)} aria-label={t('pagination.next')}>
          <Icon name="chevronRight" />
        </button>
      </div>
    </nav>
  );
}
