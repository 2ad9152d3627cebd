import type { HistorySeries, Product } from '@fueldesk/contracts';
import type { ChartSeries } from '../components/line-chart';
import { SERIES_COLORS } from './categories';
import { indexSeries } from './series';

export type ChartMode = 'absolute' | 'indexed';

/** Absolute prices use two scales when barrels and gallons are mixed; indexed lines share one. */
export function buildChartSeries(
  history: HistorySeries[],
  products: Product[],
  mode: ChartMode,
  nameOf: (code: string, fallback: string) => string = (_code, fallback) => fallback,
): ChartSeries[] {
  const units = new Set(history.map((series) => series.units));
  return history
    .filter((series) => series.points.length > 0)
    .map((series, index) => {
      const product = products.find((item) => item.code === series.code);
      const color = SERIES_COLORS[index % SERIES_COLORS.length]!;
      if (mode === 'indexed') {
        return { id: series.code, name: nameOf(series.code, series.name), color, scale: 'right' as const, decimals: 1, points: indexSeries(series.points) };
      }
      const scale = units.size > 1 && product?.unit === 'bbl' ? ('left' as const) : ('right' as const);
      return {
        id: series.code,
        name: `${nameOf(series.code, series.name)} (${series.units})`,
        color,
        scale,
        decimals: series.decimal_places,
        points: series.points.map((point) => ({ date: point.date, value: Number(point.value) })),
      };
    });
}

