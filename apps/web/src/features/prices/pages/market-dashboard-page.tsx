import { priceCategories, shiftIsoDate } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { usePriceHistory } from '../api/get-price-history';
import { priceMoversQueryOptions } from '../api/get-price-movers';
import { priceSummaryQueryOptions } from '../api/get-price-summary';
import { pricesQueryOptions, usePrices, type PriceTableParams } from '../api/get-prices';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { DemoBadge } from '../components/demo-badge';
import { LineChart, type ChartSeries } from '../components/line-chart';
import { MoversPanel } from '../components/movers-panel';
import { PriceChange } from '../components/price-change';
import { EmptyState, ErrorState, LoadingState, Panel } from '../components/state-views';
import { SummaryPanel } from '../components/summary-panel';
import { SERIES_COLORS } from '../lib/categories';
import { formatDay, formatPrice } from '../lib/format';
import { useProductLabels } from '../lib/product-labels';
import { PricePageHeader } from '../components/price-page-header';

const BENCHMARKS = ['WTI', 'BRENT'];
/** Every latest price, by category: the board. */
const LATEST_PARAMS: PriceTableParams = { page: 1, pageSize: 100, sort: 'category', order: 'asc' };
/** The movers panel's default size (MoversPanel). */
const MOVERS_LIMIT = 5;

/**
 * Loads the board, the movers and the summary into the cache, as the page and its panels ask for
 * them: the app's start awaits it before the first render when the entry script has asked for them
 * early (app/signed-in-pages.ts). Never rejects.
 */
export function primeMarketDashboardData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(pricesQueryOptions(LATEST_PARAMS)),
    queryClient.prefetchQuery(priceMoversQueryOptions({ limit: MOVERS_LIMIT })),
    queryClient.prefetchQuery(priceSummaryQueryOptions({})),
  ]);
}

/** /market-price: the whole market at a glance — latest prices by category, movers, summary, crude benchmarks. */
export default function MarketDashboardPage() {
  usePricesLiveRefresh();
  const { t } = useTranslation('prices');
  const labels = useProductLabels();
  const nameOf = labels.name;
  const latest = usePrices(LATEST_PARAMS);
  const to = latest.data?.latest_date ?? undefined;
  const crude = usePriceHistory({ codes: to ? BENCHMARKS : [], from: to ? shiftIsoDate(to, { months: -12 }) : undefined, to });

  const crudeSeries = useMemo<ChartSeries[]>(
    () =>
      (crude.data?.series ?? [])
        .filter((series) => series.points.length > 0)
        .map((series, index) => ({
          id: series.code,
          name: `${nameOf(series.code, series.name)} (${series.units})`,
          color: SERIES_COLORS[index]!,
          scale: 'right',
          decimals: series.decimal_places,
          points: series.points.map((point) => ({ date: point.date, value: Number(point.value) })),
        })),
    [crude.data, nameOf],
  );

  let board;
  // The board is a screen and more tall once loaded (a panel per category): while it loads it holds a
  // screen's height, so the movers and summary below, which often answer first, are not shown in view
  // and then pushed down out of it (Lighthouse measured a layout shift of 0.86 on a phone).
  if (latest.isPending) board = <LoadingState label={t('table.loading')} className="min-h-svh items-start" />;
  else if (latest.isError) board = <ErrorState error={latest.error} title={t('table.error')} onRetry={() => void latest.refetch()} />;
  else if (latest.data.rows.length === 0) board = <EmptyState title={t('empty.noPricesTitle')}>{t('empty.noPricesBody')}</EmptyState>;
  else
    board = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {priceCategories.map((category) => {
          const rows = latest.data.rows.filter((row) => row.category === category);
          if (rows.length === 0) return null;
          return (
            <Panel key={category} title={t(`categories.${category}`)}>
              <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((row) => (
                  <li key={row.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium break-words">{labels.name(row.code_id, row.product_name, row.product_name_es)}</span>
                      <span className="block text-xs break-words text-slate-500 dark:text-slate-400">{labels.delivery(row.code_id, row.delivery_mode_label)}</span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end">
                      <span className="tabular-nums">
                        {formatPrice(row.value, row.decimal_places)} <span className="text-xs text-slate-500">{row.units}</span>
                      </span>
                      <PriceChange diff={row.diff_base_value} percent={row.percent_change} decimals={row.decimal_places} className="text-xs" />
                    </span>
                  </li>
                ))}
              </ul>
            </Panel>
          );
        })}
      </div>
    );

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <PricePageHeader
        title={t('market.heading')}
        isDemo={latest.data?.is_demo}
        intro={latest.data?.date ? t('market.intro', { date: formatDay(latest.data.date, 'long') }) : t('market.introEmpty')}
        actions={
          <div className="flex flex-wrap gap-3 text-sm font-medium">
            <Link to="/marketprice" className="focus-ring inline-flex items-center gap-1 rounded text-amber-700 hover:underline dark:text-amber-400">
              <Icon name="list" className="size-4" />
              {t('market.openTable')}
            </Link>
            <Link to="/marketprice/graphics" className="focus-ring inline-flex items-center gap-1 rounded text-amber-700 hover:underline dark:text-amber-400">
              <Icon name="chart" className="size-4" />
              {t('table.openCharts')}
            </Link>
          </div>
        }
      />
      {board}
      <div className="grid gap-4 lg:grid-cols-2">
        <MoversPanel limit={MOVERS_LIMIT} />
        <SummaryPanel />
      </div>
      <Panel title={t('market.crudeTitle')} actions={crude.data?.is_demo ? <DemoBadge /> : null}>
        {crude.isError ? (
          <ErrorState error={crude.error} title={t('chart.error')} onRetry={() => void crude.refetch()} />
        ) : crudeSeries.length > 0 ? (
          <LineChart series={crudeSeries} height={280} drawNearView label={t('chart.label', { products: crudeSeries.map((item) => item.name).join(', ') })} />
        ) : to && crude.isPending ? (
          <LoadingState label={t('chart.loading')} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty.noData')}</p>
        )}
      </Panel>
    </section>
  );
}
