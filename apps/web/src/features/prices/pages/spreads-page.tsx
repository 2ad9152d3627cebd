import { shiftIsoDate, type HistorySeries, type Product } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartMaxPoints, usePriceHistory } from '../api/get-price-history';
import { useProducts } from '../api/get-products';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { DemoBadge } from '../components/demo-badge';
import { LineChart } from '../components/line-chart';
import { EmptyState, ErrorState, LoadingState, Panel } from '../components/state-views';
import { buildChartSeries } from '../lib/chart-series';
import { formatChange, formatDay, formatPrice, trendOf, trendTextClass } from '../lib/format';
import { useProductLabels } from '../lib/product-labels';

const RANGES = { '1Y': 1, '5Y': 5, '10Y': 10 } as const;
type RangeKey = keyof typeof RANGES;

function latestOf(products: Product[]): string | undefined {
  return products.reduce<string | undefined>((latest, product) => (product.last_date && (!latest || product.last_date > latest) ? product.last_date : latest), undefined);
}

function LatestTable({ series, products }: { series: HistorySeries[]; products: Product[] }) {
  const { t } = useTranslation('analytics');
  const labels = useProductLabels();
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="sr-only">{t('spreads.tableCaption')}</caption>
        <thead className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-2 py-2 font-medium">{t('spreads.spread')}</th>
            <th scope="col" className="px-2 py-2 text-right font-medium">{t('spreads.value')}</th>
            <th scope="col" className="px-2 py-2 text-right font-medium">{t('spreads.change')}</th>
            <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">{t('spreads.asOf')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {series.map((item) => {
            const last = item.points.at(-1);
            const product = products.find((candidate) => candidate.code === item.code);
            return (
              <tr key={item.code} className="align-top">
                <th scope="row" className="px-2 py-2 text-left font-medium">
                  <span className="flex flex-wrap items-center gap-2">
                    {labels.name(item.code, item.name)}
                    {item.is_demo ? <DemoBadge /> : null}
                  </span>
                  <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{item.formula ?? product?.formula}</span>
                  <span className="block text-xs font-normal text-slate-500 sm:hidden dark:text-slate-400">{last ? formatDay(last.date) : null}</span>
                </th>
                <td className="px-2 py-2 text-right tabular-nums">
                  {last ? formatPrice(last.value, item.decimal_places) : '—'} <span className="block text-xs text-slate-500 dark:text-slate-400">{item.units}</span>
                </td>
                <td className={clsx('px-2 py-2 text-right tabular-nums', trendTextClass[trendOf(last?.diff_base_value ?? null)])}>
                  {last?.diff_base_value ? formatChange(last.diff_base_value, item.decimal_places) : t('spreads.noChange')}
                </td>
                <td className="hidden px-2 py-2 text-xs text-slate-500 sm:table-cell dark:text-slate-400">{last ? formatDay(last.date) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** /marketprice/spreads: the cracks, Brent–WTI and the arbitrages, today's values and their history. */
export default function SpreadsPage() {
  usePricesLiveRefresh();
  const { t } = useTranslation('analytics');
  const [range, setRange] = useState<RangeKey>('1Y');
  const products = useProducts();
  const spreads = useMemo(() => (products.data?.products ?? []).filter((product) => product.kind === 'spread'), [products.data]);
  const end = latestOf(spreads);
  const history = usePriceHistory({
    codes: end ? spreads.map((product) => product.code) : [],
    from: end ? shiftIsoDate(end, { years: -RANGES[range] }) : undefined,
    to: end,
    maxPoints: chartMaxPoints(),
  });
  const labels = useProductLabels();
  const withPoints = useMemo(() => (history.data?.series ?? []).filter((item) => item.points.length > 0), [history.data]);
  const chartSeries = useMemo(() => buildChartSeries(withPoints, spreads, 'absolute', labels.name), [withPoints, spreads, labels.name]);

  let body;
  if (products.isPending || (history.isPending && history.fetchStatus !== 'idle')) {
    body = <LoadingState label={t('spreads.loading')} className="min-h-80" />;
  } else if (products.isError) {
    body = <ErrorState error={products.error} title={t('spreads.error')} onRetry={() => void products.refetch()} />;
  } else if (history.isError) {
    body = <ErrorState error={history.error} title={t('spreads.error')} onRetry={() => void history.refetch()} />;
  } else if (!end || withPoints.length === 0) {
    body = <EmptyState title={t('spreads.emptyTitle')}>{t('spreads.emptyBody')}</EmptyState>;
  } else {
    body = (
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Panel title={t('spreads.today')}>
          <LatestTable series={withPoints} products={spreads} />
        </Panel>
        <Panel
          title={t('spreads.history')}
          actions={
            <div role="group" aria-label={t('spreads.range')} className="flex gap-1">
              {(Object.keys(RANGES) as RangeKey[]).map((key) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={range === key}
                  onClick={() => setRange(key)}
                  className={clsx(
                    'focus-ring rounded-md px-2.5 py-1 text-xs font-medium',
                    range === key ? 'bg-amber-500 text-slate-950' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  )}
                >
                  {t(`spreads.ranges.${key}`)}
                </button>
              ))}
            </div>
          }
        >
          <LineChart series={chartSeries} height={340} label={t('spreads.chartLabel', { spreads: chartSeries.map((item) => item.name).join(', ') })} />
        </Panel>
      </div>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight sm:text-2xl">
          {t('spreads.heading')}
          {history.data?.is_demo ? <DemoBadge /> : null}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('spreads.intro')}</p>
      </div>
      {body}
    </section>
  );
}
