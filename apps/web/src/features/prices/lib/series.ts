import type { HistoryPoint } from '@fueldesk/contracts';

/** The latest point of a series with its change and percent change against the previous publication. */
export function summariseSeries(points: readonly HistoryPoint[]) {
  const last = points.at(-1);
  if (!last) return null;
  const diff = last.diff_base_value;
  const previous = diff === null ? null : Number(last.value) - Number(diff);
  const percent = diff === null || previous === null || previous === 0 ? null : Math.round((Number(diff) / Math.abs(previous)) * 10_000) / 100;
  return { date: last.date, value: last.value, diff, percent };
}

/** A series rebased so that its first point is 100 (for comparing products in different units). */
export function indexSeries(points: readonly HistoryPoint[]): Array<{ date: string; value: number }> {
  const base = points.find((point) => Number(point.value) !== 0);
  if (!base) return [];
  const baseValue = Math.abs(Number(base.value));
  return points.map((point) => ({ date: point.date, value: (Number(point.value) / baseValue) * 100 }));
}
