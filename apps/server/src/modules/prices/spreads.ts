import { isoDateOfEpochDay, isoEpochDay } from '@fueldesk/contracts';
import Decimal from 'decimal.js';
import type { SpreadLegRecord } from '../../db/schema/prices';

/**
 * Spreads and cracks (DECISIONS.md "Spreads, forward curves, natural gas"): a spread's value on a
 * date is Σ coefficient × leg value / divisor over its legs' stored prices, on the dates where every
 * leg has a value. It is computed on reading, never stored, so it cannot be out of step with its
 * legs: an import or a correction of a leg clears the price cache and the next reading recomputes.
 * The arithmetic is decimal (decimal.js, 40 significant digits): the eight spreads' formulas have
 * exact results (the 3-2-1 crack's "/ 3" divides 84, 42 and 3), a divisor that does not divide is
 * cut at SPREAD_SCALE decimals. Rounding to the display's decimals happens only in the views.
 */
const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

/** Decimals kept of an inexact division (far below any display's 2 or 4). */
export const SPREAD_SCALE = 12;

export interface SpreadDefinition {
  legs: readonly SpreadLegRecord[];
  divisor: string;
}

interface CompiledSpread {
  codes: string[];
  coefficients: Decimal[];
  divisor: Decimal;
  /** The same numbers as scaled integers for the fast path; null when one does not fit. */
  fast: { coefficients: Scaled[]; divisor: Scaled } | null;
}

function compile(definition: SpreadDefinition): CompiledSpread {
  const coefficients = definition.legs.map((leg) => parseScaled(leg.coefficient));
  const divisor = parseScaled(definition.divisor);
  const fits = coefficients.every((item) => item !== null) && divisor !== null && divisor.units > 0;
  return {
    codes: definition.legs.map((leg) => leg.code),
    coefficients: definition.legs.map((leg) => new Exact(leg.coefficient)),
    divisor: new Exact(definition.divisor),
    fast: fits ? { coefficients: coefficients as Scaled[], divisor: divisor! } : null,
  };
}

function format(value: Decimal): string {
  const cut = value.decimalPlaces() > SPREAD_SCALE ? value.toDecimalPlaces(SPREAD_SCALE) : value;
  const text = cut.toFixed();
  return text === '-0' ? '0' : text;
}

function evaluate(compiled: CompiledSpread, legValues: readonly string[]): string {
  let total = new Exact(0);
  for (let index = 0; index < legValues.length; index += 1) {
    total = total.plus(compiled.coefficients[index]!.times(legValues[index]!));
  }
  return format(compiled.divisor.eq(1) ? total : total.dividedBy(compiled.divisor));
}

/** The spread's value from its legs' values by code; null when a leg has none. */
export function spreadValue(definition: SpreadDefinition, values: ReadonlyMap<string, string>): string | null {
  const compiled = compile(definition);
  const legValues: string[] = [];
  for (const code of compiled.codes) {
    const value = values.get(code);
    if (value === undefined) return null;
    legValues.push(value);
  }
  return evaluate(compiled, legValues);
}

/** The difference of two spread values (exact). */
export function spreadDifference(value: string, previous: string): string {
  return format(new Exact(value).minus(previous));
}

/** Percent change as the daily table shows it (2 decimals), null against zero. */
export function spreadPercentChange(value: string, previous: string): number | null {
  const base = new Exact(previous);
  if (base.isZero()) return null;
  return new Exact(value).minus(base).times(100).dividedBy(base.abs()).toDecimalPlaces(2).toNumber();
}

/** A decimal as units × 10^-scale, both safe integers. */
interface Scaled {
  units: number;
  scale: number;
}

const POW10 = Array.from({ length: 16 }, (_, index) => 10 ** index);

/**
 * The decimal text text[from, to) (PostgreSQL's numeric text: optional sign, digits, optional
 * fraction) as units × 10^-scale into units[at] and scales[at]; scale -1 when it is no such text or
 * has more than 15 digits. By character codes: no intermediate strings.
 */
function parseScaledInto(text: string, from: number, to: number, units: Float64Array, scales: Int8Array, at: number): void {
  let index = from;
  let negative = false;
  const head = from < to ? text.charCodeAt(from) : -1;
  if (head === 45 || head === 43) {
    negative = head === 45;
    index = from + 1;
  }
  let value = 0;
  let digits = 0;
  let scale = -1;
  for (; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46 && scale === -1 && digits > 0) {
      scale = 0;
      continue;
    }
    if (code < 48 || code > 57) {
      scales[at] = -1;
      return;
    }
    value = value * 10 + (code - 48);
    digits += 1;
    if (scale !== -1) scale += 1;
  }
  if (digits === 0 || digits > 15 || scale === 0) {
    scales[at] = -1;
    return;
  }
  units[at] = negative ? -value : value;
  scales[at] = scale === -1 ? 0 : scale;
}

function parseScaled(text: string): Scaled | null {
  const units = new Float64Array(1);
  const scales = new Int8Array(1);
  parseScaledInto(text, 0, text.length, units, scales, 0);
  return scales[0] === -1 ? null : { units: units[0]!, scale: scales[0]! };
}

/*
 * A spread value with at most SPREAD_SCALE decimals, exactly, as a pair of safe integers of the same
 * sign: whole + frac × 10^-12, |frac| < 10^12. The fast path hands its results back in these
 * variables rather than in a new object per point (a ten-year reading has tens of thousands).
 */
let resultWhole = 0;
let resultFrac = 0;

const FRAC_UNIT = 1e12;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

let quotient = 0;
let remainder = 0;

/** ⌊a / d⌋ into `quotient` and its remainder into `remainder`, for safe non-negative integers, exactly. */
function divide(a: number, d: number): void {
  let q = Math.floor(a / d);
  let r = a - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  quotient = q;
  remainder = r;
}

/**
 * Σ coefficient × leg value / divisor on scaled integers, rounded half away from zero at SPREAD_SCALE
 * decimals: the decimal path's result whenever it answers. It gives up (null) when a number would leave
 * the safe integers or the divisor's denominator exceeds 10^9 (then the 40-digit decimal path's double
 * rounding could differ); the caller then uses the decimal path.
 */
function evaluateFast(fast: NonNullable<CompiledSpread['fast']>, units: Float64Array, scales: Int8Array): boolean {
  const count = units.length;
  let scale = 0;
  for (let index = 0; index < count; index += 1) {
    const legScale = scales[index]!;
    if (legScale === -1) return false;
    const termScale = legScale + fast.coefficients[index]!.scale;
    if (termScale > scale) scale = termScale;
  }
  if (scale > 15) return false;
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    const coefficient = fast.coefficients[index]!;
    const term = coefficient.units * units[index]! * POW10[scale - scales[index]! - coefficient.scale]!;
    total += term;
    if (!(Math.abs(term) <= MAX_SAFE && Math.abs(total) <= MAX_SAFE)) return false;
  }
  // value = total × 10^-scale / (divisor.units × 10^-divisor.scale) = numerator / denominator
  let numerator = Math.abs(total);
  let denominator = fast.divisor.units;
  const shift = scale - fast.divisor.scale;
  if (shift >= 0) denominator *= POW10[shift] ?? Infinity;
  else numerator *= POW10[-shift] ?? Infinity;
  if (!(numerator <= 2 ** 52 && denominator <= 1e9)) return false;
  divide(numerator, denominator);
  let whole = quotient;
  let frac = 0;
  if (remainder !== 0) {
    divide(remainder * 1e6, denominator);
    const high = quotient;
    divide(remainder * 1e6, denominator);
    frac = high * 1e6 + quotient;
    if (remainder * 2 >= denominator) frac += 1;
    if (frac === FRAC_UNIT) {
      frac = 0;
      whole += 1;
    }
  }
  resultWhole = total < 0 ? -whole : whole;
  resultFrac = total < 0 ? -frac : frac;
  return true;
}

const ZEROS = '000000000000';

/** n (0 ≤ n < 10^6) as six decimals, without their trailing zeros when `trim` (n > 0 then): 340000 → '34'. */
function sixDecimals(n: number, trim: boolean): string {
  let digits = n;
  let places = 6;
  if (trim) {
    while (digits % 10 === 0) {
      digits /= 10;
      places -= 1;
    }
  }
  const text = String(digits);
  return text.length === places ? text : ZEROS.slice(0, places - text.length) + text;
}

/** The text of whole + frac × 10^-12 (same signs), as decimal.js's toFixed() writes it. */
function formatFast(whole: number, frac: number): string {
  const negative = whole < 0 || frac < 0;
  let text = String(Math.abs(whole));
  if (frac !== 0) {
    // The twelve decimals in two halves of six: a remainder of a number beyond 32 bits is a
    // floating-point one, and four of them per value were a third of a ten-year reading's
    // JavaScript time; the halves' are integer ones.
    const digits = Math.abs(frac);
    const high = Math.floor(digits / 1e6);
    const low = digits - high * 1e6;
    text += low === 0 ? `.${sixDecimals(high, true)}` : `.${sixDecimals(high, false)}${sixDecimals(low, true)}`;
  }
  return negative ? `-${text}` : text;
}

/** The text of (whole, frac) − (previousWhole, previousFrac), exactly; null when it would leave the safe integers. */
function formatDifference(whole: number, frac: number, previousWhole: number, previousFrac: number): string | null {
  let differenceWhole = whole - previousWhole;
  let differenceFrac = frac - previousFrac;
  if (differenceFrac >= FRAC_UNIT) {
    differenceWhole += 1;
    differenceFrac -= FRAC_UNIT;
  } else if (differenceFrac <= -FRAC_UNIT) {
    differenceWhole -= 1;
    differenceFrac += FRAC_UNIT;
  }
  if (differenceWhole > 0 && differenceFrac < 0) {
    differenceWhole -= 1;
    differenceFrac += FRAC_UNIT;
  } else if (differenceWhole < 0 && differenceFrac > 0) {
    differenceWhole += 1;
    differenceFrac -= FRAC_UNIT;
  }
  return Math.abs(differenceWhole) < MAX_SAFE ? formatFast(differenceWhole, differenceFrac) : null;
}

export interface LegPoint {
  date: string;
  value: string;
  source: string;
}

/**
 * A leg's series as the database lists it: its days (counted from 1970-01-01) ascending and their
 * values (PostgreSQL's numeric text), each comma-separated, in the same order, and the days whose value
 * is demo data (null when none). Parsed by character codes, never split: a ten-year reading of the
 * eight spreads' legs has 20,000 values, and a string per day and per value was a third of its
 * JavaScript time (most of it in the garbage collector).
 */
export interface LegLists {
  days: string;
  values: string;
  demoDays: string | null;
}

export interface SpreadPoint {
  date: string;
  value: string;
  /** True when a leg's value on the date is generated demo data. */
  demo: boolean;
}

export interface SpreadSeriesPoint extends SpreadPoint {
  /** The change against the series' previous point (null for its first). */
  diff: string | null;
  previousDate: string | null;
  previousValue: string | null;
}

/** A leg's series in columns, its values parsed once (shared by every spread using the leg). */
interface ParsedLeg {
  days: Int32Array;
  units: Float64Array;
  scales: Int8Array;
  /** The text of value i is values[valueStarts[i], valueStarts[i + 1] - 1). */
  values: string;
  valueStarts: Int32Array;
  demoDays: ReadonlySet<number> | null;
}

/** The integers of a comma-separated list (empty text: none). */
function parseDayList(text: string): Int32Array {
  if (text.length === 0) return new Int32Array(0);
  let count = 1;
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) === 44) count += 1;
  const days = new Int32Array(count);
  let at = 0;
  let value = 0;
  let negative = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 44) {
      days[at++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === 45) negative = true;
    else value = value * 10 + (code - 48);
  }
  days[at] = negative ? -value : value;
  return days;
}

function parseLeg(lists: LegLists): ParsedLeg {
  const days = parseDayList(lists.days);
  const { values } = lists;
  const units = new Float64Array(days.length);
  const scales = new Int8Array(days.length);
  const valueStarts = new Int32Array(days.length + 1);
  let start = 0;
  for (let index = 0; index < days.length; index += 1) {
    let end = values.indexOf(',', start);
    if (end === -1) end = values.length;
    valueStarts[index] = start;
    parseScaledInto(values, start, end, units, scales, index);
    start = end + 1;
  }
  valueStarts[days.length] = start;
  return { days, units, scales, values, valueStarts, demoDays: lists.demoDays === null ? null : new Set(parseDayList(lists.demoDays)) };
}

function valueText(leg: ParsedLeg, row: number): string {
  return leg.values.slice(leg.valueStarts[row]!, leg.valueStarts[row + 1]! - 1);
}

/**
 * The legs of one reading by code, each parsed once for all the spreads computed from them, and their
 * dates' YYYY-MM-DD texts, each written once (eight spreads over ten years share 2,600 dates).
 */
export interface SpreadLegs {
  legs: ReadonlyMap<string, ParsedLeg>;
  dateOf(day: number): string;
}

export function parseSpreadLegs(lists: ReadonlyMap<string, LegLists>): SpreadLegs {
  const legs = new Map<string, ParsedLeg>();
  let firstDay = 0;
  let lastDay = -1;
  for (const [code, leg] of lists) {
    const parsed = parseLeg(leg);
    legs.set(code, parsed);
    if (parsed.days.length === 0) continue;
    if (lastDay < firstDay) [firstDay, lastDay] = [parsed.days[0]!, parsed.days.at(-1)!];
    firstDay = Math.min(firstDay, parsed.days[0]!);
    lastDay = Math.max(lastDay, parsed.days.at(-1)!);
  }
  const texts = new Array<string | undefined>(Math.max(0, lastDay - firstDay + 1));
  return {
    legs,
    dateOf(day) {
      const index = day - firstDay;
      return (texts[index] ??= isoDateOfEpochDay(day));
    },
  };
}

const NO_LEG = parseLeg({ days: '', values: '', demoDays: null });

/** Receives each point of a spread's series in date order (its change against the previous point); -1: no previous day. */
type SpreadEmit = (day: number, value: string, diff: string | null, demo: boolean, previousDay: number, previousValue: string | null) => void;

/**
 * The spread's series from its legs (each sorted by day): one point per day on which every leg has a
 * value, in day order, with its change against the previous point. A merge join over the sorted
 * days; each value on scaled integers, or in decimal when the fast path gives up.
 */
function joinSpread(definition: SpreadDefinition, spreadLegs: SpreadLegs, emit: SpreadEmit): void {
  const compiled = compile(definition);
  const count = compiled.codes.length;
  if (count === 0) return;
  const legs = compiled.codes.map((code) => spreadLegs.legs.get(code) ?? NO_LEG);
  const first = legs[0]!;
  const cursors = new Int32Array(count);
  const units = new Float64Array(count);
  const scales = new Int8Array(count);
  const coefficients = compiled.fast;
  let previousDay = -1;
  let previousText: string | null = null;
  let previousExact = false;
  let previousWhole = 0;
  let previousFrac = 0;
  for (let row = 0; row < first.days.length; row += 1) {
    const day = first.days[row]!;
    cursors[0] = row;
    units[0] = first.units[row]!;
    scales[0] = first.scales[row]!;
    let complete = true;
    for (let index = 1; index < count; index += 1) {
      const leg = legs[index]!;
      let cursor = cursors[index]!;
      while (cursor < leg.days.length && leg.days[cursor]! < day) cursor += 1;
      cursors[index] = cursor;
      if (cursor === leg.days.length || leg.days[cursor] !== day) {
        complete = false;
        break;
      }
      units[index] = leg.units[cursor]!;
      scales[index] = leg.scales[cursor]!;
    }
    if (!complete) continue;
    const exact = coefficients !== null && evaluateFast(coefficients, units, scales);
    const value = exact ? formatFast(resultWhole, resultFrac) : evaluate(compiled, legs.map((leg, index) => valueText(leg, cursors[index]!)));
    let diff: string | null = null;
    if (previousText !== null) {
      diff = exact && previousExact ? formatDifference(resultWhole, resultFrac, previousWhole, previousFrac) : null;
      diff ??= spreadDifference(value, previousText);
    }
    let demo = false;
    for (let index = 0; index < count; index += 1) if (legs[index]!.demoDays?.has(day)) demo = true;
    emit(day, value, diff, demo, previousDay, previousText);
    previousDay = day;
    previousText = value;
    previousExact = exact;
    previousWhole = resultWhole;
    previousFrac = resultFrac;
  }
}

/** The spread's series from its legs, every point with its previous one. */
export function computeSpreadColumns(definition: SpreadDefinition, legs: SpreadLegs): SpreadSeriesPoint[] {
  const result: SpreadSeriesPoint[] = [];
  joinSpread(definition, legs, (day, value, diff, demo, previousDay, previousValue) => {
    result.push({ date: legs.dateOf(day), value, demo, diff, previousDate: previousDay === -1 ? null : legs.dateOf(previousDay), previousValue });
  });
  return result;
}

/** A point of a history chart, in the answer's shape (`diff_base_value`: the change against the previous point). */
export interface SpreadChartPoint {
  date: string;
  value: string;
  diff_base_value: string | null;
}

/**
 * The spread's points from `from` on in the history answer's shape, built once (a ten-year reading of
 * eight spreads has 20,000: no intermediate point per date), and whether one of them uses demo data.
 * The points before `from` only give the first one its change.
 */
export function computeSpreadChart(definition: SpreadDefinition, legs: SpreadLegs, from: string): { points: SpreadChartPoint[]; demo: boolean } {
  const points: SpreadChartPoint[] = [];
  const fromDay = isoEpochDay(from);
  let anyDemo = false;
  joinSpread(definition, legs, (day, value, diff, demo) => {
    if (day < fromDay) return;
    points.push({ date: legs.dateOf(day), value, diff_base_value: diff });
    if (demo) anyDemo = true;
  });
  return { points, demo: anyDemo };
}

/** A leg's points (sorted by date) as the database lists them. */
export function legListsOf(points: readonly LegPoint[]): LegLists {
  const demo = points.filter((point) => point.source === 'demo');
  return {
    days: points.map((point) => isoEpochDay(point.date)).join(','),
    values: points.map((point) => point.value).join(','),
    demoDays: demo.length > 0 ? demo.map((point) => isoEpochDay(point.date)).join(',') : null,
  };
}

/**
 * The spread's series from its legs' series (each sorted by date): one point per date on which
 * every leg has a value, in date order.
 */
export function computeSpreadSeries(definition: SpreadDefinition, legSeries: ReadonlyMap<string, readonly LegPoint[]>): SpreadPoint[] {
  const lists = new Map<string, LegLists>();
  for (const [code, points] of legSeries) lists.set(code, legListsOf(points));
  return computeSpreadColumns(definition, parseSpreadLegs(lists)).map(({ date, value, demo }) => ({ date, value, demo }));
}

/** The decimal path alone (the reference the fast path is tested against). */
export function spreadValueDecimal(definition: SpreadDefinition, legValues: readonly string[]): string {
  return evaluate(compile(definition), legValues);
}

/** The fast path alone: null where it gives up. */
export function spreadValueFast(definition: SpreadDefinition, legValues: readonly string[]): string | null {
  const compiled = compile(definition);
  const units = new Float64Array(legValues.length);
  const scales = new Int8Array(legValues.length);
  legValues.forEach((text, index) => parseScaledInto(text, 0, text.length, units, scales, index));
  return compiled.fast && evaluateFast(compiled.fast, units, scales) ? formatFast(resultWhole, resultFrac) : null;
}
