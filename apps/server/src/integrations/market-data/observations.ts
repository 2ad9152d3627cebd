import { daysInMonth, isoEpochDay, priceImportMessages as m, withParams, type Message } from '@fueldesk/contracts';
import { normalizeDecimal } from './decimal';
import type { SeriesProduct } from './types';

/** Reading one observation's date and value, shared by the CSV readers; and series ids → products. */

const MAX_INTEGER_DIGITS = 12;
const MAX_FRACTION_DIGITS = 8;

/** YYYY-MM-DD (or EIA's M/D/YYYY) that exists → YYYY-MM-DD; anything else → null. */
export function parseObservationDate(text: string): string | null {
  // YYYY-MM-DD: contracts' epoch-day reading checks its shape, its digits and that the calendar has
  // the day (no pattern match and three strings for every row); the text itself orders as the date does.
  if (!Number.isNaN(isoEpochDay(text))) return text < FIRST_DATE || text > LAST_DATE ? null : text;
  const us = US_DATE.exec(text);
  if (!us) return null;
  const [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIRST_DATE = '1900-01-01';
const LAST_DATE = '2200-12-31';
/** The first and the last date parseObservationDate accepts, as days from 1970-01-01. */
export const FIRST_OBSERVATION_DAY = isoEpochDay(FIRST_DATE);
export const LAST_OBSERVATION_DAY = isoEpochDay(LAST_DATE);
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

type ValueResult = { kind: 'blank' } | { kind: 'value'; value: string } | { kind: 'error'; reason: Message };

/** `series` names the column in the reason (an EIA download's row holds several series). */
export function parseObservationValue(text: string, series?: string): ValueResult {
  if (text === '' || text === '.') return { kind: 'blank' };
  const value = normalizeDecimal(text.charCodeAt(0) === 36 ? text.slice(1) : text); // a leading '$'
  if (value === null) return { kind: 'error', reason: series ? withParams(m.seriesNotNumber, { series, value: text.slice(0, 40) }) : withParams(m.notNumber, { value: text.slice(0, 40) }) };
  // The canonical value is [-]digits[.digits]: its digits counted around the point.
  const point = value.indexOf('.');
  const intDigits = (point < 0 ? value.length : point) - (value.charCodeAt(0) === 45 ? 1 : 0);
  const fracDigits = point < 0 ? 0 : value.length - point - 1;
  if (intDigits > MAX_INTEGER_DIGITS || fracDigits > MAX_FRACTION_DIGITS) {
    return {
      kind: 'error',
      reason: series ? withParams(m.seriesTooManyDigits, { series, value: text.slice(0, 40) }) : withParams(m.tooManyDigits, { value: text.slice(0, 40) }),
    };
  }
  return { kind: 'value', value };
}

/**
 * The median gap between consecutive dates (YYYY-MM-DD, as parseObservationDate returns them); a
 * daily series stays below a week even across holidays. Days are counted from the epoch once per
 * date and sorted as numbers.
 */
export function medianGapDays(dates: string[]): number {
  return medianGapOfDays(Float64Array.from(dates, isoEpochDay));
}

/** medianGapDays of dates given as days from 1970-01-01 (sorted in place). */
export function medianGapOfDays(days: Float64Array): number {
  sortDays(days);
  // A daily series' gaps are a few whole days: counted, their median is read off the counts, where
  // sorting them was a third of this function's time (two sorts of the 22-file import's 83k dates
  // were 34 ms of its client CPU). Any other gap (a fraction, a long one, NaN) sorts them as before.
  const counts = new Uint32Array(SMALL_GAPS);
  let small = true;
  for (let i = 1; i < days.length; i += 1) {
    const gap = days[i]! - days[i - 1]!;
    if (gap >= 0 && gap < SMALL_GAPS && Number.isInteger(gap)) counts[gap] += 1;
    else {
      small = false;
      break;
    }
  }
  if (small) {
    // The element at floor(n / 2) of the n sorted gaps (none: 0).
    const rank = Math.floor((days.length - 1) / 2);
    let seen = 0;
    for (let gap = 0; gap < SMALL_GAPS; gap += 1) {
      seen += counts[gap]!;
      if (seen > rank) return gap;
    }
    return 0;
  }
  const gaps = new Float64Array(Math.max(0, days.length - 1));
  for (let i = 1; i < days.length; i += 1) gaps[i - 1] = days[i]! - days[i - 1]!;
  gaps.sort();
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
}

const SMALL_GAPS = 64;

/** Sorts ascending, as a typed array's sort does; a file's dates usually come in order, oldest or newest first: no sort then. */
function sortDays(days: Float64Array) {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < days.length && (ascending || descending); i += 1) {
    // NaN compares false both ways: such an array is sorted (NaN last, as sort puts it).
    if (!(days[i - 1]! <= days[i]!)) ascending = false;
    if (!(days[i - 1]! >= days[i]!)) descending = false;
  }
  if (ascending) return;
  if (descending) days.reverse();
  else days.sort();
}

export interface SeriesTarget {
  code: string;
  /** '' for a spot series, C1…C4 for a futures contract. */
  forwardPeriod: string;
}

/** Every series id a product answers to (EIA, FRED, futures contracts 1–4), upper-cased → where its values go. */
export function seriesTargets(products: readonly SeriesProduct[]): Map<string, SeriesTarget> {
  const targets = new Map<string, SeriesTarget>();
  for (const product of products) {
    if (product.eiaSeriesId) targets.set(product.eiaSeriesId.toUpperCase(), { code: product.code, forwardPeriod: '' });
    if (product.fredSeriesId) targets.set(product.fredSeriesId.toUpperCase(), { code: product.code, forwardPeriod: '' });
    product.futuresSeriesIds?.forEach((id, index) => targets.set(id.toUpperCase(), { code: product.code, forwardPeriod: `C${index + 1}` }));
  }
  return targets;
}
