import { EIA_FUTURES_LAST_PUBLISHED, FUTURES_CODES, type ComparedCurve, type PriceCurveResponse } from '@fueldesk/contracts';
import clsx from 'clsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Select } from '@/components/ui/controls';
import { ApiError } from '@/lib/api-client';
import { usePriceCurve } from '../api/get-price-curve';
import { useProducts } from '../api/get-products';
import { usePricesLiveRefresh } from '../api/use-prices-live-refresh';
import { CurveChart, type CurveLine } from '../components/curve-chart';
import { DemoBadge } from '../components/demo-badge';
import { EmptyState, ErrorState, LoadingState, Panel } from '../components/state-views';
import { formatDay, formatPrice } from '../lib/format';
import { useProductLabels } from '../lib/product-labels';

const COLORS = { latest: '#f59e0b', week: '#3b82f6', month: '#64748b' };

function CurveView({ curve, name }: { curve: PriceCurveResponse; name: string }) {
  const { t } = useTranslation('analytics');
  const lines: CurveLine[] = [
    { id: 'latest', label: t('curve.latest', { date: formatDay(curve.date) }), color: COLORS.latest, points: curve.points },
  ];
  const earlier: Array<[string, ComparedCurve | null, string]> = [
    ['week', curve.week_earlier, 'curve.weekEarlier'],
    ['month', curve.month_earlier, 'curve.monthEarlier'],
  ];
  for (const [id, compared, key] of earlier) {
    if (compared) lines.push({ id, label: t(key, { date: formatDay(compared.date) }), color: COLORS[id as 'week' | 'month'], dashed: true, points: compared.points });
  }
  const contracts = curve.points.map((point) => point.contract);
  const contractLabel = (n: number) => t('curve.contractN', { n });
  return (
    <div className="flex flex-col gap-4">
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium dark:bg-slate-800" data-testid="curve-shape">
        {t(`curve.shape.${curve.shape}`)}
      </p>
      <CurveChart lines={lines} decimals={curve.decimal_places} label={t('curve.chartLabel', { product: name, date: formatDay(curve.date) })} contractLabel={contractLabel} />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={clsx('inline-block h-0.5 w-5', line.dashed && 'border-t-2 border-dashed bg-transparent')} style={{ backgroundColor: line.dashed ? undefined : line.color, borderColor: line.color }} />
            {line.label}
          </li>
        ))}
      </ul>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[18rem] text-sm">
          <caption className="sr-only">{t('curve.tableCaption')}</caption>
          <thead className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">{t('curve.contract')}</th>
              {lines.map((line) => (
                <th key={line.id} scope="col" className="px-2 py-2 text-right font-medium">{line.label}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {contracts.map((contract) => (
              <tr key={contract}>
                <th scope="row" className="px-2 py-2 text-left font-medium">{contractLabel(contract)}</th>
                {lines.map((line) => {
                  const point = line.points.find((candidate) => candidate.contract === contract);
                  return (
                    <td key={line.id} className="px-2 py-2 text-right tabular-nums">
                      {point ? formatPrice(point.value, curve.decimal_places) : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {curve.currency}/{curve.unit}
      </p>
    </div>
  );
}

/** /marketprice/curve?code=WTI_FUT: a futures product's forward curve against a week and a month earlier. */
export default function CurvePage() {
  usePricesLiveRefresh();
  const { t } = useTranslation('analytics');
  const labels = useProductLabels();
  const [searchParams, setSearchParams] = useSearchParams();
  const products = useProducts();
  const futures = useMemo(() => (products.data?.products ?? []).filter((product) => product.kind === 'futures'), [products.data]);
  const asked = (searchParams.get('code') ?? '').toUpperCase();
  const code = futures.some((product) => product.code === asked) ? asked : (futures[0]?.code ?? (FUTURES_CODES.includes(asked as never) ? asked : ''));
  const product = futures.find((candidate) => candidate.code === code);
  const name = product ? labels.name(product.code, product.name, product.name_es) : code;
  const curve = usePriceCurve(products.data ? code : '');

  let body;
  if (products.isPending || (curve.isPending && curve.fetchStatus !== 'idle')) {
    body = <LoadingState label={t('curve.loading')} className="min-h-80" />;
  } else if (products.isError) {
    body = <ErrorState error={products.error} title={t('curve.error')} onRetry={() => void products.refetch()} />;
  } else if (curve.isError && !(curve.error instanceof ApiError && curve.error.status === 404)) {
    body = <ErrorState error={curve.error} title={t('curve.error')} onRetry={() => void curve.refetch()} />;
  } else if (!curve.data) {
    body = <EmptyState title={t('curve.emptyTitle')}>{t('curve.emptyBody')}</EmptyState>;
  } else {
    body = (
      <Panel title={name} actions={curve.data.is_demo ? <DemoBadge /> : undefined}>
        <CurveView curve={curve.data} name={name} />
      </Panel>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">{t('curve.heading')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('curve.intro')}</p>
        {/* Honest dates: EIA's tables end there, whatever today is (demo curves are labelled as such). */}
        {curve.data && !curve.data.is_demo && curve.data.latest_date <= EIA_FUTURES_LAST_PUBLISHED ? (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300" role="note">
            {t('curve.eiaStopped')}
          </p>
        ) : null}
      </div>
      {futures.length > 0 ? (
        <label className="flex max-w-sm flex-col gap-1 text-sm font-medium">
          {t('curve.product')}
          <Select
            value={code}
            onChange={(event) => setSearchParams({ code: event.target.value }, { replace: true })}
          >
            {futures.map((item) => (
              <option key={item.code} value={item.code}>
                {labels.name(item.code, item.name, item.name_es)}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      {body}
    </section>
  );
}
