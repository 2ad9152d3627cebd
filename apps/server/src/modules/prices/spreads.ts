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

const DECIMAL_TEXT = /^[-+]?\d+(\.\d+)?$/;
const POW10 = Array.from({ length: 16 }, (_, index) => 10 ** index);

/** The decimal text as a scaled integer; null when it has more than 15 digits (or is no plain decimal). */
function parseScaled(text: string): Scaled | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const dot = text.indexOf('.');
  const digits = dot === -1 ? text : text.slice(0, dot) + text.slice(dot + 1);
  if (digits.replace(/^[-+]/, '').length > 15) return null;
  return { units: Number(digits), scale: dot === -1 ? 0 : text.length - dot - 1 };
}

/**
 * A spread value with at most SPREAD_SCALE decimals, exactly: sign × (whole + frac × 10^-12),
 * whole and frac (< 10^12) non-negative safe integers.
 */
interface FastValue {
  negative: boolean;
  whole: number;
  frac: number;
}

const FRAC_UNIT = 1e12;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** ⌊a / d⌋ and its remainder for safe non-negative integers, exactly. */
function divide(a: number, d: number): [number, number] {
  let q = Math.floor(a / d);
  let r = a - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return [q, r];
}

/**
 * Σ coefficient × leg value / divisor on scaled integers, rounded half away from zero at SPREAD_SCALE
 * decimals: the decimal path's result whenever it answers. It gives up (null) when a number would leave
 * the safe integers or the divisor's denominator exceeds 10^9 (then the 40-digit decimal path's double
 * rounding could differ); the caller then uses the decimal path.
 */
function evaluateFast(fast: NonNullable<CompiledSpread['fast']>, legs: readonly (Scaled | null)[]): FastValue | null {
  let scale = 0;
  for (let index = 0; index < legs.length; index += 1) {
    const leg = legs[index];
    if (!leg) return null;
    const termScale = leg.scale + fast.coefficients[index]!.scale;
    if (termScale > scale) scale = termScale;
  }
  if (scale > 15) return null;
  let total = 0;
  for (let index = 0; index < legs.length; index += 1) {
    const leg = legs[index]!;
    const coefficient = fast.coefficients[index]!;
    const term = coefficient.units * leg.units * POW10[scale - leg.scale - coefficient.scale]!;
    total += term;
    if (!(Math.abs(term) <= MAX_SAFE && Math.abs(total) <= MAX_SAFE)) return null;
  }
  // value = total × 10^-scale / (divisor.units × 10^-divisor.scale) = numerator / denominator
  let numerator = Math.abs(total);
  let denominator = fast.divisor.units;
  const shift = scale - fast.divisor.scale;
  if (shift >= 0) denominator *= POW10[shift] ?? Infinity;
  else numerator *= POW10[-shift] ?? Infinity;
  if (!(numerator <= 2 ** 52 && denominator <= 1e9)) return null;
  const [whole, rest] = divide(numerator, denominator);
  const [high, rest2] = divide(rest * 1e6, denominator);
  const [low, rest3] = divide(rest2 * 1e6, denominator);
  let frac = high * 1e6 + low;
  let wholePart = whole;
  if (rest3 * 2 >= denominator) frac += 1;
  if (frac === FRAC_UNIT) {
    frac = 0;
    wholePart += 1;
  }
  return { negative: total < 0, whole: wholePart, frac };
}

function formatFast(value: FastValue): string {
  const { negative, whole, frac } = value;
  let text = String(whole);
  if (frac !== 0) text += `.${String(frac).padStart(12, '0').replace(/0+$/, '')}`;
  return negative && (whole !== 0 || frac !== 0) ? `-${text}` : text;
}

/** a − b exactly (both with at most SPREAD_SCALE decimals); null when it would leave the safe integers. */
function differenceFast(a: FastValue, b: FastValue): FastValue | null {
  let whole = (a.negative ? -a.whole : a.whole) - (b.negative ? -b.whole : b.whole);
  let frac = (a.negative ? -a.frac : a.frac) - (b.negative ? -b.frac : b.frac);
  if (frac >= FRAC_UNIT) {
    whole += 1;
    frac -= FRAC_UNIT;
  } else if (frac <= -FRAC_UNIT) {
    whole -= 1;
    frac += FRAC_UNIT;
  }
  if (whole > 0 && frac < 0) {
    whole -= 1;
    frac += FRAC_UNIT;
  } else if (whole < 0 && frac > 0) {
    whole += 1;
    frac -= FRAC_UNIT;
  }
  if (!(Math.abs(whole) < MAX_SAFE)) return null;
  const negative = whole < 0 || frac < 0;
  return { negative, whole: Math.abs(whole), frac: Math.abs(frac) };
}

export interface LegPoint {
  date: string;
  value: string;
  source: string;
}

/** A leg's series in columns: dates ascending, their values, the dates holding demo data. */
export interface LegColumns {
  dates: readonly string[];
  values: readonly string[];
  demoDates: ReadonlySet<string> | null;
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
}

/** A leg's columns with its values parsed once (shared by every spread using the leg). */
interface ParsedLeg extends LegColumns {
  scaled: (Scaled | null)[];
}

const parsedLegs = new WeakMap<LegColumns, ParsedLeg>();

function parseLeg(columns: LegColumns): ParsedLeg {
  let parsed = parsedLegs.get(columns);
  if (!parsed) {
    parsed = { ...columns, scaled: columns.values.map(parseScaled) };
    parsedLegs.set(columns, parsed);
  }
  return parsed;
}

const NO_LEG: LegColumns = { dates: [], values: [], demoDates: null };

/**
 * The spread's series from its legs' columns (each sorted by date): one point per date on which every
 * leg has a value, in date order, with its change against the previous point. A merge join over the
 * sorted dates; each value on scaled integers, or in decimal when the fast path gives up.
 */
export function computeSpreadColumns(definition: SpreadDefinition, legColumns: ReadonlyMap<string, LegColumns>): SpreadSeriesPoint[] {
  const compiled = compile(definition);
  const count = compiled.codes.length;
  if (count === 0) return [];
  const legs = compiled.codes.map((code) => parseLeg(legColumns.get(code) ?? NO_LEG));
  const first = legs[0]!;
  const cursors = new Array<number>(count).fill(0);
  const scaled = new Array<Scaled | null>(count);
  const texts = new Array<string>(count);
  const result: SpreadSeriesPoint[] = [];
  let previousText: string | null = null;
  let previousFast: FastValue | null = null;
  for (let row = 0; row < first.dates.length; row += 1) {
    const date = first.dates[row]!;
    scaled[0] = first.scaled[row]!;
    texts[0] = first.values[row]!;
    let complete = true;
    for (let index = 1; index < count; index += 1) {
      const leg = legs[index]!;
      let cursor = cursors[index]!;
      while (cursor < leg.dates.length && leg.dates[cursor]! < date) cursor += 1;
      cursors[index] = cursor;
      if (cursor === leg.dates.length || leg.dates[cursor] !== date) {
        complete = false;
        break;
      }
      scaled[index] = leg.scaled[cursor]!;
      texts[index] = leg.values[cursor]!;
    }
    if (!complete) continue;
    const fast = compiled.fast ? evaluateFast(compiled.fast, scaled) : null;
    const value = fast ? formatFast(fast) : evaluate(compiled, texts);
    let diff: string | null = null;
    if (previousText !== null) {
      const change = fast && previousFast ? differenceFast(fast, previousFast) : null;
      diff = change ? formatFast(change) : spreadDifference(value, previousText);
    }
    let demo = false;
    for (const leg of legs) if (leg.demoDates?.has(date)) demo = true;
    result.push({ date, value, demo, diff });
    previousText = value;
    previousFast = fast;
  }
  return result;
}

/**
 * The spread's series from its legs' series (each sorted by date): one point per date on which
 * every leg has a value, in date order.
 */
export function computeSpreadSeries(definition: SpreadDefinition, legSeries: ReadonlyMap<string, readonly LegPoint[]>): SpreadPoint[] {
  const columns = new Map<string, LegColumns>();
  for (const [code, points] of legSeries) {
    const demo = points.filter((point) => point.source === 'demo').map((point) => point.date);
    columns.set(code, {
      dates: points.map((point) => point.date),
      values: points.map((point) => point.value),
      demoDates: demo.length > 0 ? new Set(demo) : null,
    });
  }
  return computeSpreadColumns(definition, columns).map(({ date, value, demo }) => ({ date, value, demo }));
}

/** The decimal path alone (the reference the fast path is tested against). */
export function spreadValueDecimal(definition: SpreadDefinition, legValues: readonly string[]): string {
  return evaluate(compile(definition), legValues);
}

/** The fast path alone: null where it gives up. */
export function spreadValueFast(definition: SpreadDefinition, legValues: readonly string[]): string | null {
  const compiled = compile(definition);
  const fast = compiled.fast ? evaluateFast(compiled.fast, legValues.map(parseScaled)) : null;
  return fast ? formatFast(fast) : null;
}
