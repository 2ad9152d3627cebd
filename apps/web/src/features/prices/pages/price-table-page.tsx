import { priceCategories, priceSortFields, ROWS_PER_PAGE_OPTIONS, type PriceCategory, type PriceSortField } from '@fueldesk/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { resolveErrorMessage } from '@/lib/api-client';
import { useExportPrices } from '../api/export-prices';
import { usePriceDates } from '../api/get-price-dates';
import { usePrices, type PriceTableParams } from '../api/get-prices';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { DayCalendar } from '../components/day-calendar';
import { PriceTable } from '../components/price-table';
import { EmptyState, ErrorState, LoadingState } from '../components/state-views';
import { isPriceCategory } from '../lib/categories';
import { formatDay } from '../lib/format';
import { Select } from '@/components/ui/controls';
import { PricePageHeader } from '../components/price-page-header';

const DEFAULT_PAGE_SIZE = ROWS_PER_PAGE_OPTIONS[1];

/** /marketprice/gasoline, /marketprice/diesel and custom /marketprice/{category} sub-items fix the category. */
function useFixedCategory(): PriceCategory | undefined {
  const { slug } = useParams();
  const { pathname } = useLocation();
  const last = slug ?? pathname.split('/').filter(Boolean).at(-1);
  return last && last !== 'marketprice' && isPriceCategory(last) ? last : undefined;
}

function readParams(search: URLSearchParams, fixedCategory: PriceCategory | undefined): PriceTableParams {
  const date = search.get('date') ?? undefined;
  const category = search.get('category');
  const sort = search.get('sort');
  const pageSize = Number(search.get('page_size'));
  const page = Number(search.get('page'));
  return {
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    category: fixedCategory ?? (isPriceCategory(category) ? category : undefined),
    sort: (priceSortFields as readonly string[]).includes(sort ?? '') ? (sort as PriceSortField) : 'product_name',
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function writeParams(params: PriceTableParams, fixedCategory: PriceCategory | undefined): URLSearchParams {
  const search = new URLSearchParams();
  if (params.date) search.set('date', params.date);
  if (params.category && !fixedCategory) search.set('category', params.category);
  if (params.sort !== 'product_name') search.set('sort', params.sort);
  if (params.order !== 'asc') search.set('order', params.order);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.pageSize !== DEFAULT_PAGE_SIZE) search.set('page_size', String(params.pageSize));
  return search;
}

/** The daily price table: calendar filter (days with data only), category, sorting, rows per page and CSV export. */
export default function PriceTablePage() {
  usePricesLiveRefresh();
  const { t } = useTranslation('prices');
  const fixedCategory = useFixedCategory();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams, fixedCategory);
  const query = usePrices(params);
  const dates = usePriceDates();
  const exporter = useExportPrices();

  const apply = (changes: Partial<PriceTableParams>) => {
    setSearchParams(writeParams({ ...params, page: 1, ...changes }, fixedCategory));
  };

  const total = query.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / params.pageSize));
  useEffect(() => {
    if (query.data && params.page > totalPages) {
      setSearchParams(writeParams({ ...params, page: totalPages }, fixedCategory), { replace: true });
    }
  }, [query.data, params, totalPages, fixedCategory, setSearchParams]);

  const heading = fixedCategory ? t('table.headingCategory', { category: t(`categories.${fixedCategory}`) }) : t('table.heading');
  const shownDate = query.data?.date ?? params.date ?? null;

  let content;
  if (query.isPending) {
    content = <LoadingState label={t('table.loading')} className="rounded-xl border border-slate-200 dark:border-slate-800" />;
  } else if (query.isError && !query.data) {
    content = <ErrorState error={query.error} title={t('table.error')} onRetry={() => void query.refetch()} />;
  } else if (query.data.date === null) {
    content = <EmptyState title={t('empty.noPricesTitle')}>{t('empty.noPricesBody')}</EmptyState>;
  } else if (query.data.rows.length === 0) {
    content = (
      <EmptyState
        title={t('table.emptyDayTitle')}
        action={
          query.data.latest_date && query.data.latest_date !== query.data.date ? (
            <Button variant="secondary" onClick={() => apply({ date: undefined })}>
              {t('table.showLatest')}
            </Button>
          ) : null
        }
      >
        {t(params.category ? 'table.emptyDayCategory' : 'table.emptyDay', { date: formatDay(query.data.date, 'long') })}
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <PriceTable
          rows={query.data.rows}
          sort={params.sort}
          order={params.order}
          busy={query.isPlaceholderData}
          onSort={(field) => apply({ sort: field, order: params.sort === field && params.order === 'asc' ? 'desc' : 'asc' })}
        />
        <nav aria-label={t('table.pages')} className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
          <label className="flex items-center gap-2">
            {t('table.rowsPerPage')}
            <Select
              value={params.pageSize}
              onChange={(event) => apply({ pageSize: Number(event.target.value) })}
              className="focus-ring rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-800"
            >
              {ROWS_PER_PAGE_OPTIONS.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
          <div className="flex items-center gap-2">
            <Button variant="secondary" disabled={params.page <= 1} onClick={() => apply({ page: params.page - 1 })} aria-label={t('table.previousPage')}>
              <Icon name="chevronLeft" className="size-4" />
            </Button>
            <span>{t('table.pageOf', { page: Math.min(params.page, totalPages), total: totalPages })}</span>
            <Button variant="secondary" disabled={params.page >= totalPages} onClick={() => apply({ page: params.page + 1 })} aria-label={t('table.nextPage')}>
              <Icon name="chevronRight" className="size-4" />
            </Button>
          </div>
        </nav>
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <PricePageHeader
        title={heading}
        isDemo={query.data?.is_demo}
        intro={t('table.intro')}
        actions={
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/marketprice/graphics" className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-amber-700 hover:underline dark:text-amber-400">
              <Icon name="chart" className="size-4" />
              {t('table.openCharts')}
            </Link>
            <Link to="/marketprice/spreads" className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-amber-700 hover:underline dark:text-amber-400">
              <Icon name="chart" className="size-4" />
              {t('table.openSpreads')}
            </Link>
            <Link to="/marketprice/curve" className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-amber-700 hover:underline dark:text-amber-400">
              <Icon name="chart" className="size-4" />
              {t('table.openCurve')}
            </Link>
          </span>
        }
      />

      <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('calendar.label')}</span>
          {dates.isError ? (
            <p className="text-sm text-red-700 dark:text-red-300">{resolveErrorMessage(dates.error)}</p>
          ) : (
            <DayCalendar dates={dates.data?.dates ?? []} selected={shownDate} onSelect={(date) => apply({ date })} />
          )}
        </div>
        {fixedCategory ? null : (
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('table.categoryFilter')}
            <Select
              value={params.category ?? ''}
              onChange={(event) => apply({ category: isPriceCategory(event.target.value) ? event.target.value : undefined })}
              className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
            >
              <option value="">{t('categories.all')}</option>
              {priceCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </Select>
          </label>
        )}
        <div className="flex flex-col gap-1 md:ml-auto">
          <Button
            variant="secondary"
            disabled={!query.data?.rows.length || exporter.isPending}
            onClick={() =>
              exporter.mutate({
                params: { date: query.data?.date ?? undefined, category: params.category, sort: params.sort, order: params.order },
                filename: `fueldesk-prices-${query.data?.date ?? 'latest'}${params.category ? `-${params.category}` : ''}.csv`,
              })
            }
          >
            {exporter.isPending ? t('actions.exporting') : t('actions.exportCsv')}
          </Button>
          {exporter.isError ? <p role="alert" className="text-xs text-red-700 dark:text-red-300">{t('actions.exportFailed')}</p> : null}
        </div>
      </div>

      <p aria-live="polite" className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {query.data?.date && query.data.rows.length > 0
          ? `${t('table.showing', { date: formatDay(query.data.date, 'long'), count: query.data.total })}${query.isPlaceholderData ? ` · ${t('table.updating')}` : ''}`
          : null}
      </p>
      {content}
    </section>
  );
}
