/**
 * The suspect-value rule (issue 33 "Quality"): a value whose day-over-day move is more than
 * SUSPECT_FACTOR times the median absolute day-over-day change of the series over the
 * SUSPECT_WINDOW_DAYS calendar days before its date is stored but flagged suspect. With fewer than
 * SUSPECT_MIN_CHANGES changes in that window (a new series, a gap in the data) or a median of 0
 * (a flat series), nothing is flagged. Pure: the importer runs it over each series in memory.
 */

export const SUSPECT_FACTOR = 6;
export const SUSPECT_WINDOW_DAYS = 60;
export const SUSPECT_MIN_CHANGES = 20;

export interface SeriesPoint {
  /** YYYY-MM-DD */
  date: string;
  value: number;
}

export interface SuspectMove {
  /** Position of the flagged point in the series. */
  index: number;
  date: string;
  value: number;
  previousDate: string;
  previousValue: number;
  /** |value − previous value| */
  move: number;
  /** The median absolute change of the window before the date. */
  medianChange: number;
}

const digit = (text: string, index: number) => text.charCodeAt(index) - 48;

/** Days since 1970-01-01 of a YYYY-MM-DD date, by arithmetic (H. Hinnant's days_from_civil): no Date per point. */
function dayNumber(date: string): number {
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Index of the first element ≥ value in a sorted array. */
function lowerBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function median(sorted: number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The suspect moves of one series (sorted by date, one value a date). `isCandidate(i)` says which
 * points are judged (the ones an import just wrote); the others only feed the windows. One pass: the
 * window's changes are kept sorted (inserted and removed by binary search), so a series of n points
 * costs n small insertions, not a sort per point.
 */
export function findSuspectMoves(series: readonly SeriesPoint[], isCandidate: (index: number) => boolean = () => true): SuspectMove[] {
  const found: SuspectMove[] = [];
  if (series.length < SUSPECT_MIN_CHANGES + 2) return found;
  const days = series.map((point) => dayNumber(point.date));
  const changes = series.map((point, index) => (index === 0 ? 0 : Math.abs(point.value - series[index - 1]!.value)));
  /** The window: changes j (the move into point j, j ≥ 1) with days[j] in [days[i] − window, days[i]). */
  const window: number[] = [];
  let first = 1;
  for (let index = 1; index < series.length; index += 1) {
    // The change into the previous point joins the window; changes older than the window leave it.
    if (index >= 2) window.splice(lowerBound(window, changes[index - 1]!), 0, changes[index - 1]!);
    const since = days[index]! - SUSPECT_WINDOW_DAYS;
    while (first < index && days[first]! < since) {
      window.splice(lowerBound(window, changes[first]!), 1);
      first += 1;
    }
    if (window.length < SUSPECT_MIN_CHANGES || !isCandidate(index)) continue;
    const typical = median(window);
    if (typical === 0) continue;
    const move = changes[index]!;
    if (move > SUSPECT_FACTOR * typical) {
      const previous = series[index - 1]!;
      const point = series[index]!;
      found.push({ index, date: point.date, value: point.value, previousDate: previous.date, previousValue: previous.value, move, medianChange: typical });
    }
  }
  return found;
}
