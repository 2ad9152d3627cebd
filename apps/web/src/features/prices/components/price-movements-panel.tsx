import type { PriceHistoryResponse } from '@fueldesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS } from '../lib/categories';
import { formatDay } from '../lib/format';
import { indexSeries } from '../lib/series';
import { LineChart, type ChartSeries } from './line-chart';
import { Panel } from './state-views';

/** Price movements of the followed products, rebased to 100 so barrels and gallons compare. */
export function PriceMovementsPanel({ history }: { history: PriceHistoryResponse }) {
  const { t } = useTranslation('prices');
  const series = useMemo<ChartSeries[]>(
    () =>
      history.series
        .filter((item) => item.points.length > 1)
        .map((item, index) => ({
          id: item.code,
          name: item.name,
          color: SERIES_COLORS[index % SERIES_COLORS.length]!,
          scale: 'right',
          decimals: 1,
          points: indexSeries(item.points),
        })),
    [history],
  );
  return (
    <Panel title={t('movements.title')}>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('movements.explain', { from: formatDay(history.from), to: formatDay(history.to) })}
      </p>
      {series.length > 0 ? (
        <LineChart series={series} height={260} drawNearView label={t('chart.label', { products: series.map((item) => item.name).join(', ') })} />
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty.noData')}</p>
      )}
    </Panel>
  );
}
