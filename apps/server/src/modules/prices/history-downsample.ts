/** A point of a series in date order (YYYY-MM-DD). */
export interface DatedValue {
  date: string;
  value: string;
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;

/**
 * Min/max downsampling for a chart: the range from..to is cut into (maxPoints - 2) / 2 equal spans of
 * time, and each span keeps its lowest and its highest point, in date order (one point when they are the
 * same); the series' first and last points always stay. At most maxPoints points.
 * A line drawn through them has the same vertical extent in every span as the full series, so a
 * one-day spike stays visible where an average or every n-th point would lose it. A series with at
 * most maxPoints points is returned as it is. Points keep their own values (and day-over-day changes).
 */
export function downsampleMinMax<T extends DatedValue>(points: T[], from: string, to: string, maxPoints: number): T[] {
  if (points.length <= maxPoints) return points;
  // The first and last points always stay (a chart indexes to the first, a card compares with it).
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / 2));
  const first = dayNumber(from);
  const span = Math.max(1, dayNumber(to) - first + 1);
  const kept: T[] = [];
  let bucket = -1;
  let low: T | null = null;
  let high: T | null = null;
  let lowValue = 0;
  let highValue = 0;
  const flush = () => {
    if (!low || !high) return;
    if (low === high) kept.push(low);
    else if (low.date < high.date) kept.push(low, high);
    else kept.push(high, low);
  };
  for (const point of points) {
    const index = Math.min(buckets - 1, Math.max(0, Math.floor(((dayNumber(point.date) - first) * buckets) / span)));
    const value = Number(point.value);
    if (index !== bucket) {
      flush();
      bucket = index;
      low = high = point;
      lowValue = highValue = value;
      continue;
    }
    if (value < lowValue) {
      low = point;
      lowValue = value;
    }
    if (value > highValue) {
      high = point;
      highValue = value;
    }
  }
  flush();
  const head = points[0]!;
  const tail = points[points.length - 1]!;
  if (kept[0] !== head) kept.unshift(head);
  if (kept[kept.length - 1] !== tail) kept.push(tail);
  return kept;
}
