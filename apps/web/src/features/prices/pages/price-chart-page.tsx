import { PRICE_HISTORY_MAX_PRODUCTS, shiftIsoDate, type PriceHistoryResponse, type Product } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useExportPrices } from '../api/export-prices';
import { chartMaxPoints, usePriceHistory } from '../api/get-price-history';
import { useProducts } from '../api/get-products';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { LineChart } from '../components/line-chart';
import { ProductPicker } from '../components/product-picker';
import { EmptyState, ErrorState, LoadingState, panelClass } from '../components/state-views';
import { formatDay } from '../lib/format';
import { buildChartSeries, type ChartMode as Mode } from '../lib/chart-series';
import { useProductLabels } from '../lib/product-labels';
import { Input } from '@/components/ui/controls';
import { PricePageHeader } from '../components/price-page-header';

const RANGES = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12, '5Y': 60, '10Y': 120 } as const;
type RangeKey = keyof typeof RANGES;
const DEFAULT_CODES = ['WTI', 'BRENT'];

function latestDate(products: Product[]): string | undefined {
  return products.reduce<string | undefined>((latest, product) => (product.last_date && (!latest || product.last_date > latest) ? product.last_date : latest), undefined);
}

/**
 * The first price shown, when it comes more than a week after the asked start (the range reaches
 * back before the data): the caption then says so, besides the period From and To name.
 */
function dataStartsLater(history: PriceHistoryResponse): string | undefined {
  const first = history.series.reduce<string | undefined>((earliest, item) => {
    const date = item.points[0]?.date;
    return date && (!earliest || date < earliest) ? date : earliest;
  }, undefined);
  return first && first > shiftIsoDate(history.from, { days: 7 }) ? first : undefined;
}

/** /marketprice/graphics: compare products over a range, in prices or indexed to 100. */
export default function PriceChartPage() {
  usePricesLiveRefresh();
  const { t } = useTranslation('prices');
  const [searchParams, setSearchParams] = useSearchParams();
  const products = useProducts();
  const exporter = useExportPrices();
  // What the trader typed in From/To; until then the boxes show the active period's own dates.
  const [draft, setDraft] = useState<{ from?: string; to?: string }>({});
  const [rangeError, setRangeError] = useState(false);

  const codes = (searchParams.get('codes') ?? DEFAULT_CODES.join(','))
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
    .slice(0, PRICE_HISTORY_MAX_PRODUCTS);
  const rangeParam = searchParams.get('range');
  const range: RangeKey | 'custom' = rangeParam === 'custom' ? 'custom' : rangeParam && rangeParam in RANGES ? (rangeParam as RangeKey) : '1Y';
  const mode: Mode = searchParams.get('mode') === 'absolute' ? 'absolute' : 'indexed';

  const list = useMemo(() => products.data?.products ?? [], [products.data]);
  const end = range === 'custom' ? searchParams.get('to') ?? undefined : latestDate(list.filter((product) => codes.includes(product.code))) ?? latestDate(list);
  const start = range === 'custom' ? searchParams.get('from') ?? undefined : end ? shiftIsoDate(end, { months: -RANGES[range] }) : undefined;
  // A hand-edited address can still carry From after To: ask nothing the server must refuse.
  const reversed = Boolean(start && end && start > end);
  const history = usePriceHistory({ codes: products.data && !reversed ? codes : [], from: start, to: end, maxPoints: chartMaxPoints() });
  const customFrom = draft.from ?? start ?? '';
  const customTo = draft.to ?? end ?? '';
  const editDraft = (changes: { from?: string; to?: string }) => {
    setDraft((current) => ({ ...current, ...changes }));
    setRangeError(false);
  };

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  };

  const labels = useProductLabels();
  const series = useMemo(() => buildChartSeries(history.data?.series ?? [], list, mode, labels.name), [history.data, list, mode, labels.name]);

  let chart;
  if (products.isPending || (history.isPending && codes.length > 0 && history.fetchStatus !== 'idle')) {
    chart = <LoadingState label={t('chart.loading')} className="min-h-80" />;
  } else if (products.isError) {
    chart = <ErrorState error={products.error} title={t('chart.error')} onRetry={() => void products.refetch()} />;
  } else if (history.isError) {
    chart = <ErrorState error={history.error} title={t('chart.error')} onRetry={() => void history.refetch()} />;
  } else if (reversed) {
    chart = <EmptyState title={t('chart.rangeReversedTitle')}>{t('chart.rangeReversed')}</EmptyState>;
  } else if (codes.length === 0) {
    chart = <EmptyState title={t('chart.pickTitle')}>{t('chart.pickBody')}</EmptyState>;
  } else if (series.length === 0) {
    chart = <EmptyState title={t('chart.emptyTitle')}>{t('chart.emptyBody')}</EmptyState>;
  } else {
    chart = <LineChart series={series} label={t('chart.label', { products: series.map((item) => item.name).join(', ') })} height={360} />;
  }

  const toggleClass = (active: boolean) =>
    clsx(
      'focus-ring rounded-md px-3 py-1.5 text-sm font-medium',
      active ? 'bg-amber-500 text-slate-950' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
    );

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6">
      <PricePageHeader title={t('chart.heading')} isDemo={history.data?.is_demo} intro={t('chart.intro')} />

      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <div role="group" aria-label={t('chart.range')} className="flex flex-wrap gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
          {(Object.keys(RANGES) as RangeKey[]).map((key) => (
            <button key={key} type="button" aria-pressed={range === key} className={toggleClass(range === key)} onClick={() => {
                setDraft({});
                setRangeError(false);
                update({ range: key, from: null, to: null });
              }}
            >
              {t(`chart.ranges.${key}`)}
            </button>
          ))}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!customFrom || !customTo) return;
            if (customFrom > customTo) {
              setRangeError(true);
              return;
            }
            setDraft({});
            update({ range: 'custom', from: customFrom, to: customTo });
          }}
          noValidate
        >
          <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('chart.from')}
            <Input
              type="date"
              value={customFrom}
              max={customTo || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? 'chart-range-error' : undefined}
              onChange={(event) => editDraft({ from: event.target.value })}
              className="focus-ring rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100" />
          </label>
          <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('chart.to')}
            <Input
              type="date"
              value={customTo}
              min={customFrom || undefined}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? 'chart-range-error' : undefined}
              onChange={(event) => editDraft({ to: event.target.value })}
              className="focus-ring rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100" />
          </label>
          <Button type="submit" variant="secondary" disabled={!customFrom || !customTo}>
            {t('chart.applyRange')}
          </Button>
          {rangeError ? (
            <p id="chart-range-error" role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
              {t('chart.rangeReversed')}
            </p>
          ) : null}
        </form>
        <div role="group" aria-label={t('chart.mode')} className="flex gap-1 rounded-lg border border-slate-200 p-1 lg:ml-auto dark:border-slate-700">
          <button type="button" aria-pressed={mode === 'absolute'} className={toggleClass(mode === 'absolute')} onClick={() => update({ mode: 'absolute' })}>
            {t('chart.absolute')}
          </button>
          <button type="button" aria-pressed={mode === 'indexed'} className={toggleClass(mode === 'indexed')} onClick={() => update({ mode: 'indexed' })}>
            {t('chart.indexed')}
          </button>
        </div>
      </div>

      <div className={`flex flex-col gap-3 p-4 ${panelClass}`}>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {history.data ? t('chart.period', { from: formatDay(history.data.from), to: formatDay(history.data.to) }) : '\u00a0'}
          {history.data && dataStartsLater(history.data) ? ` · ${t('chart.dataFrom', { date: formatDay(dataStartsLater(history.data)) })}` : ''}
          {mode === 'indexed' ? ` · ${t('chart.indexedExplain')}` : ''}
        </p>
        {chart}
        <div className="flex justify-end">
          <Button
            variant="secondary"
            disabled={series.length === 0 || exporter.isPending}
            onClick={() =>
              exporter.mutate({
                params: { codes, from: history.data?.from, to: history.data?.to },
                filename: `fueldesk-history-${history.data?.from ?? ''}-${history.data?.to ?? ''}.csv`,
              })
            }
          >
            {exporter.isPending ? t('actions.exporting') : t('actions.exportCsv')}
          </Button>
        </div>
      </div>

      <details className={`p-4 ${panelClass}`} open={codes.length === 0 || undefined}>
        <summary className="cursor-pointer text-sm font-semibold">{t('chart.choose')}</summary>
        <div className="mt-3">
          {products.data ? (
            <ProductPicker
              products={products.data.products}
              selected={codes}
              max={PRICE_HISTORY_MAX_PRODUCTS}
              limitKey="chart.pickerLimit"
              onChange={(next) => update({ codes: next.join(',') })}
            />
          ) : null}
        </div>
      </details>
    </section>
  );
}
