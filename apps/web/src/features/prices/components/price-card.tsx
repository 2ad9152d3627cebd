import type { HistorySeries } from '@fueldesk/contracts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatPrice, trendOf } from '../lib/format';
import { summariseSeries } from '../lib/series';
import { useProductLabels } from '../lib/product-labels';
import { DemoBadge } from './demo-badge';
import { PriceChange } from './price-change';
import { Sparkline } from './sparkline';
import { panelClass } from './state-views';

/** One followed product: latest value, change against its previous publication, a small trend line. */
export function PriceCard({ series }: { series: HistorySeries }) {
  const { t } = useTranslation('prices');
  const latest = summariseSeries(series.points);
  const name = useProductLabels().name(series.code, series.name);
  return (
    <article aria-label={name} className={`flex flex-col gap-2 p-4 ${panelClass}`}>
      <h3 className="text-sm font-semibold leading-tight">{name}</h3>
      {latest ? (
        <>
          <p className="text-2xl font-semibold tabular-nums">
            {formatPrice(latest.value, series.decimal_places)} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{series.units}</span>
          </p>
          <PriceChange diff={latest.diff} percent={latest.percent} decimals={series.decimal_places} />
          <Sparkline
            values={series.points.map((point) => Number(point.value))}
            trend={trendOf(Number(latest.value) - Number(series.points[0]!.value))}
            className="h-10 w-full"
          />
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-slate-500 dark:text-slate-400">{formatDay(latest.date)}</span>
            {series.is_demo ? <DemoBadge /> : null}
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('cards.noData')}</p>
      )}
    </article>
  );
}
