import { toIsoDate } from '@fueldesk/contracts';
import type { PriceObservation } from './types';
import { listUsBusinessDays } from './us-business-calendar';

/**
 * Generated demo history for a fresh install without real data: ten years of NYMEX business days
 * (no weekends, no US exchange holidays), so every range the chart offers has data. Crude follows a
 * seeded geometric random walk with crude's real daily volatility (about 2% a day), weakly pulled
 * toward a long-run level; Brent trades at a wandering premium to WTI; each refined product is
 * crude plus its own wandering crack spread (or a differential to a sister product), reflected so
 * that every crack stays positive; propane moves as a wandering share of crude. No value is ever
 * clamped, so no series sits flat at a bound. The seed is fixed, so every install shows the same
 * series. Everything it makes is stored with source `demo` and labelled as such.
 */

export const DEMO_SEED = 20_240_601;
export const DEMO_YEARS = 10;

const GALLONS_PER_BARREL = 42;
/** The smallest margin (USD/gal) a refined product keeps over crude. */
const MIN_CRACK = 0.08;

/** Spread (per gallon) of each refined product over crude, or over a sister product. */
interface SpreadSpec {
  code: string;
  /** The product this one is quoted against; null means crude (WTI / 42). */
  base: string | null;
  mean: number;
  /** Daily standard deviation of the spread, USD/gal. */
  volatility: number;
}

const SPREADS: SpreadSpec[] = [
  { code: 'GASOLINE_NYH', base: null, mean: 0.55, volatility: 0.028 },
  { code: 'GASOLINE_USGC', base: 'GASOLINE_NYH', mean: -0.09, volatility: 0.012 },
  { code: 'RBOB_LA', base: 'GASOLINE_NYH', mean: 0.38, volatility: 0.035 },
  { code: 'ULSD_NYH', base: null, mean: 0.75, volatility: 0.03 },
  { code: 'ULSD_USGC', base: 'ULSD_NYH', mean: -0.08, volatility: 0.012 },
  { code: 'ULSD_LA', base: 'ULSD_NYH', mean: 0.2, volatility: 0.025 },
  { code: 'HEATING_OIL_NYH', base: 'ULSD_NYH', mean: -0.12, volatility: 0.014 },
  { code: 'JET_USGC', base: 'ULSD_USGC', mean: -0.05, volatility: 0.014 },
];

/** The demo forward curves: the last this many business days, contracts 1–4 of each futures product. */
export const DEMO_CURVE_DAYS = 45;

/** Each futures product's front follows a spot product; `slope` is the mean step between contracts (negative: backwardation). */
const DEMO_FUTURES = [
  { code: 'WTI_FUT', base: 'WTI', slope: -0.006 },
  { code: 'RBOB_NYH_FUT', base: 'GASOLINE_NYH', slope: -0.01 },
  { code: 'HO_NYH_FUT', base: 'HEATING_OIL_NYH', slope: -0.008 },
  { code: 'NG_HH_FUT', base: 'HENRY_HUB', slope: 0.03 },
  { code: 'PROPANE_MB_FUT', base: 'PROPANE_MB', slope: 0.004 },
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

/** Ornstein-Uhlenbeck step: pulled back toward `mean`, shaken by `shock`. */
function revert(value: number, mean: number, speed: number, shock: number) {
  return value + speed * (mean - value) + shock;
}

/** Mirrors a value that fell under `floor` back above it (a walk that bounces, never sticks). */
function reflect(value: number, floor: number) {
  return value < floor ? 2 * floor - value : value;
}

function utc(year: number, month: number, day: number) {
  return new Date(Date.UTC(year, month, day));
}

/** Weekdays except US exchange holidays (no spot assessment): the business calendar the missing-day check uses too. */
export function listBusinessDays(from: Date, to: Date): string[] {
  return listUsBusinessDays(toIsoDate(from), toIsoDate(to));
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
  const end = utc(input.end.getUTCFullYear(), input.end.getUTCMonth(), input.end.getUTCDate());
  const start = new Date(end);
  start.setUTCFullYear(start.getUTCFullYear() - (input.years ?? DEMO_YEARS));
  const days = listBusinessDays(start, end);
  const wanted = new Map(input.products.map((product) => [product.code, product.decimalPlaces]));

  let logWti = Math.log(68);
  let brentPremium = 4;
  let propaneShare = 0.45;
  const spreads = new Map(SPREADS.map((spec) => [spec.code, spec.mean]));
  const observations: PriceObservation[] = [];
  // Natural gas and the futures curves draw from their own generator: the oil series stay as they were.
  const gasRandom = createRandom((input.seed ?? DEMO_SEED) + 1);
  let logGas = Math.log(3);
  const curveDays = new Set(days.slice(-DEMO_CURVE_DAYS));
  const slopes = new Map(DEMO_FUTURES.map((spec) => [spec.code, spec.slope]));

  for (const date of days) {
    // About 2.1% a day (crude's long-run volatility), a slow pull toward 75 USD/bbl.
    logWti = revert(logWti, Math.log(75), 0.004, 0.021 * random.normal());
    const wti = Math.exp(logWti);
    brentPremium = reflect(revert(brentPremium, 4, 0.03, 0.22 * random.normal()), 0.5);
    propaneShare = reflect(revert(propaneShare, 0.45, 0.01, 0.009 * random.normal()), 0.2);
    const crudePerGallon = wti / GALLONS_PER_BARREL;
    const levels = new Map<string, number>([
      ['WTI', wti],
      ['BRENT', wti + brentPremium],
      ['PROPANE_MB', crudePerGallon * propaneShare],
    ]);
    for (const spec of SPREADS) {
      const base = spec.base ? levels.get(spec.base)! : crudePerGallon;
      let spread = revert(spreads.get(spec.code)!, spec.mean, 0.03, spec.volatility * random.normal());
      // Every refined product keeps a positive crack over crude, whatever it is quoted against.
      spread = reflect(spread, crudePerGallon + MIN_CRACK - base);
      spreads.set(spec.code, spread);
      levels.set(spec.code, base + spread);
    }
    // Henry Hub: about 3.5% a day, pulled toward 3 USD/MMBtu.
    logGas = revert(logGas, Math.log(3), 0.01, 0.035 * gasRandom.normal());
    levels.set('HENRY_HUB', Math.exp(logGas));
    if (curveDays.has(date)) {
      for (const spec of DEMO_FUTURES) {
        const slope = revert(slopes.get(spec.code)!, spec.slope, 0.05, 0.002 * gasRandom.normal());
        slopes.set(spec.code, slope);
        const front = levels.get(spec.base)! * (1 + 0.004 * gasRandom.normal());
        const places = wanted.get(spec.code);
        if (places === undefined) continue;
        for (let contract = 1; contract <= 4; contract += 1) {
          const value = front * (1 + slope * (contract - 1));
          observations.push({ line: 0, productCode: spec.code, date, forwardPeriod: `C${contract}`, value: value.toFixed(places) });
        }
      }
    }
    for (const [code, level] of levels) {
      const places = wanted.get(code);
      if (places === undefined) continue;
      observations.push({ line: 0, productCode: code, date, forwardPeriod: '', value: level.toFixed(places) });
    }
  }
  return observations;
}
