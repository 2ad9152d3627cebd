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
}

function compile(definition: SpreadDefinition): CompiledSpread {
  return {
    codes: definition.legs.map((leg) => leg.code),
    coefficients: definition.legs.map((leg) => new Exact(leg.coefficient)),
    divisor: new Exact(definition.divisor),
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

export interface LegPoint {
  date: string;
  value: string;
  source: string;
}

export interface SpreadPoint {
  date: string;
  value: string;
  /** True when a leg's value on the date is generated demo data. */
  demo: boolean;
}

/**
 * The spread's series from its legs' series (each sorted by date): one point per date on which
 * every leg has a value, in date order.
 */
export function computeSpreadSeries(definition: SpreadDefinition, legSeries: ReadonlyMap<string, readonly LegPoint[]>): SpreadPoint[] {
  const compiled = compile(definition);
  if (compiled.codes.length === 0) return [];
  const [first, ...others] = compiled.codes.map((code) => legSeries.get(code) ?? []);
  const byDate = others.map((series) => new Map(series.map((point) => [point.date, point])));
  const result: SpreadPoint[] = [];
  for (const point of first!) {
    const legPoints: LegPoint[] = [point];
    for (const map of byDate) {
      const found = map.get(point.date);
      if (!found) break;
      legPoints.push(found);
    }
    if (legPoints.length !== compiled.codes.length) continue;
    result.push({
      date: point.date,
      value: evaluate(
        compiled,
        legPoints.map((leg) => leg.value),
      ),
      demo: legPoints.some((leg) => leg.source === 'demo'),
    });
  }
  return result;
}
