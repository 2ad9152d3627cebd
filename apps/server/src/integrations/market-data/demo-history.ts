import { toIsoDate } from '@fueldesk/contracts';
import type { PriceObservation } from './types';

/**
 * Generated demo history for a fresh install without real data: about three years of business
 * days, crude on a mean-reverting random walk, refined products as crude plus their own
 * mean-reverting crack spreads, propane loosely tied to crude. The seed is fixed, so every install
 * shows the same series. Everything it makes is stored with source `demo` and labelled as such.
 */

export const DEMO_SEED = 20_240_601;
export const DEMO_YEARS = 3;

const GALLONS_PER_BARREL = 42;

/** Spread over crude (per gallon) of each refined product, and how it is tied to another one. */
interface SpreadSpec {
  code: string;
  /** The product this one is quoted against; null means crude (WTI / 42). */
  base: string | null;
  mean: number;
  volatility: number;
  min: number;
  max: number;
}

const SPREADS: SpreadSpec[] = [
  { code: 'GASOLINE_NYH', base: null, mean: 0.5, volatility: 0.03, min: 0.15, max: 1.1 },
  { code: 'GASOLINE_USGC', base: 'GASOLINE_NYH', mean: -0.09, volatility: 0.012, min: -0.3, max: 0.05 },
  { code: 'RBOB_LA', base: 'GASOLINE_NYH', mean: 0.38, volatility: 0.04, min: 0.05, max: 1.0 },
  { code: 'ULSD_NYH', base: null, mean: 0.75, volatility: 0.03, min: 0.35, max: 1.3 },
  { code: 'ULSD_USGC', base: 'ULSD_NYH', mean: -0.08, volatility: 0.012, min: -0.3, max: 0.05 },
  { code: 'ULSD_LA', base: 'ULSD_NYH', mean: 0.22, volatility: 0.03, min: -0.05, max: 0.7 },
  { code: 'HEATING_OIL_NYH', base: 'ULSD_NYH', mean: -0.12, volatility: 0.015, min: -0.4, max: 0.05 },
  { code: 'JET_USGC', base: 'ULSD_USGC', mean: -0.06, volatility: 0.015, min: -0.3, max: 0.1 },
];

/** Small deterministic PRNG (mulberry32). */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const normal = () => {
    const u = Math.max(uniform(), Number.EPSILON);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform());
  };
  return { uniform, normal };
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value));
}

/** Ornstein-Uhlenbeck step: pulled back toward `mean`, shaken by `shock`. */
function revert(value: number, mean: number, speed: number, shock: number) {
  return value + speed * (mean - value) + shock;
}

/** Weekdays except New Year's Day, Independence Day and Christmas (no spot assessment). */
export function listBusinessDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (cursor <= to) {
    const weekday = cursor.getUTCDay();
    const monthDay = toIsoDate(cursor).slice(5);
    if (weekday !== 0 && weekday !== 6 && monthDay !== '01-01' && monthDay !== '07-04' && monthDay !== '12-25') {
      days.push(toIsoDate(cursor));
    }
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}

export interface DemoHistoryInput {
  /** Products to generate: code → decimal places. Unknown codes are ignored. */
  products: ReadonlyArray<{ code: string; decimalPlaces: number }>;
  /** The history ends on the last business day up to this date. */
  end: Date;
  years?: number;
  seed?: number;
}

/** The demo observations of the given products, oldest first. */
export function generateDemoHistory(input: DemoHistoryInput): PriceObservation[] {
  const random = createRandom(input.seed ?? DEMO_SEED);
  const end = new Date(Date.UTC(input.end.getUTCFullYear(), input.end.getUTCMonth(), input.end.getUTCDate()));
  const start = new Date(end);
  start.setUTCFullYear(start.getUTCFullYear() - (input.years ?? DEMO_YEARS));
  const days = listBusinessDays(start, end);
  const wanted = new Map(input.products.map((product) => [product.code, product.decimalPlaces]));

  let wti = 74;
  let brentSpread = 4;
  let propane = 0.82;
  const spreads = new Map(SPREADS.map((spec) => [spec.code, spec.mean]));
  const observations: PriceObservation[] = [];

  for (const date of days) {
    const crudeShock = random.normal();
    wti = clamp(Math.exp(revert(Math.log(wti), Math.log(76), 0.01, 0.019 * crudeShock)), 60, 95);
    brentSpread = clamp(revert(brentSpread, 4, 0.05, 0.25 * random.normal()), 1.5, 7);
    propane = clamp(
      Math.exp(revert(Math.log(propane), Math.log(0.85), 0.015, 0.012 * crudeShock + 0.014 * random.normal())),
      0.6,
      1.2,
    );
    const levels = new Map<string, number>([
      ['WTI', wti],
      ['BRENT', clamp(wti + brentSpread, 62, 95)],
      ['PROPANE_MB', propane],
    ]);
    for (const spec of SPREADS) {
      const spread = clamp(revert(spreads.get(spec.code)!, spec.mean, 0.04, spec.volatility * random.normal()), spec.min, spec.max);
      spreads.set(spec.code, spread);
      const base = spec.base ? levels.get(spec.base)! : wti / GALLONS_PER_BARREL;
      levels.set(spec.code, clamp(base + spread, 1.8, 3.5));
    }
    for (const [code, level] of levels) {
      const places = wanted.get(code);
      if (places === undefined) continue;
      observations.push({ line: 0, productCode: code, date, forwardPeriod: '', value: level.toFixed(places) });
    }
  }
  return observations;
}
