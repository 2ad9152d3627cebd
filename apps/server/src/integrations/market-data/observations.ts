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
  days.sort();
  const gaps = new Float64Array(Math.max(0, days.length - 1));
  for (let i = 1; i < days.length; i += 1) gaps[i - 1] = days[i]! - days[i - 1]!;
  gaps.sort();
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
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
