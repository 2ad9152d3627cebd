import { beforeAll, describe, expect, it } from 'vitest';
import { shiftIsoDate } from '@fueldesk/contracts';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { loadProductsByCode, storeObservations } from './price-import.service';
import { spreadDifference, spreadValueDecimal, type SpreadDefinition } from './spreads';

/**
 * The spreads' history answer to the last character: every date, value (all its decimals), change
 * (the first one against the spread's previous date before `from`) and demo flag, against a reference
 * computed here from the legs' own history answer with the decimal path alone. The legs have gaps of
 * their own (a holiday of one market), 0 to 4 decimals with trailing zeros kept ('2.600'), negative
 * values, and JET_USGC holds demo data before DEMO_UNTIL only.
 */
const LEGS = ['WTI', 'BRENT', 'GASOLINE_NYH', 'GASOLINE_USGC', 'ULSD_NYH', 'ULSD_USGC', 'ULSD_LA', 'JET_USGC'];
const SPREADS = ['BRENT_WTI', 'CRACK_321_NYH', 'CRACK_321_USGC', 'CRACK_GASOLINE_NYH', 'CRACK_ULSD_NYH', 'CRACK_JET_USGC', 'ARB_GASOLINE_NYH_USGC', 'ARB_ULSD_LA_USGC'];
const FIRST = '2022-11-01';
const FROM = '2023-01-09';
const DEMO_UNTIL = '2023-03-01';
const TO = '2024-02-29';

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

type Observations = Parameters<typeof storeObservations>[2]['observations'];

interface Point {
  date: string;
  value: string;
  diff_base_value: string | null;
}

const t = useTestContext();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await createSignedInUser(t.ctx)).headers;
  const random = generator(20_240_229);
  const real: Observations = [];
  const demo: Observations = [];
  for (const [legIndex, code] of LEGS.entries()) {
    // In hundredths: crude legs in $/bbl, products in $/gal (one leg around zero: negative values).
    let level = code === 'WTI' || code === 'BRENT' ? 7000 : code === 'ULSD_LA' ? 5 : 250;
    for (let date = FIRST; date <= TO; date = shiftIsoDate(date, { days: 1 })) {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || random() < 0.06) continue;
      level += Math.round((random() - 0.5) * 40);
      const text = (level / 100).toFixed((legIndex + Math.floor(random() * 3)) % 5);
      const observation = { line: 0, productCode: code, date, forwardPeriod: '', value: /^-0(\.0*)?$/.test(text) ? '0' : text };
      (code === 'JET_USGC' && date < DEMO_UNTIL ? demo : real).push(observation);
    }
  }
  const products = await loadProductsByCode(t.ctx);
  const store = (source: 'csv' | 'demo', observations: Observations) =>
    storeObservations(t.ctx, products, { file: source, format: source, source, observations, rejected: [], skippedBlank: 0, importedBy: null });
  // Real values first: an import removes the demo values of its products, a demo write removes nothing.
  await store('csv', real);
  await store('demo', demo);
}, 120_000);

async function history(codes: string[], from: string, to: string) {
  const response = await t.app.inject({ url: `/api/prices/history?codes=${codes.join(',')}&from=${from}&to=${to}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().series as { code: string; is_demo: boolean; points: Point[] }[];
}

/** The spreads' points from `from` to `to` and their demo flag, computed from the legs' values. */
async function expectedHistory(from: string, to: string) {
  const legSeries = await history(LEGS, FIRST, to);
  const legs = new Map(legSeries.map((series) => [series.code, new Map(series.points.map((point) => [point.date, point.value]))]));
  const definitions = (await t.app.inject({ url: '/api/prices/products', headers })).json().products as ({ code: string } & SpreadDefinition)[];
  return SPREADS.map((code) => {
    const definition = definitions.find((product) => product.code === code)!;
    const values = definition.legs.map((leg) => legs.get(leg.code)!);
    const points: Point[] = [];
    let previous: string | null = null;
    let demo = false;
    for (const date of [...values[0]!.keys()].sort()) {
      if (date > to || !values.every((byDate) => byDate.has(date))) continue;
      const value = spreadValueDecimal(definition, values.map((byDate) => byDate.get(date)!));
      if (date >= from) {
        points.push({ date, value, diff_base_value: previous === null ? null : spreadDifference(value, previous) });
        if (date < DEMO_UNTIL && definition.legs.some((leg) => leg.code === 'JET_USGC')) demo = true;
      }
      previous = value;
    }
    return { code, is_demo: demo, points };
  });
}

describe('the spreads’ history answer', () => {
  it('gives every date, value, change and demo flag the legs make', async () => {
    const actual = (await history(SPREADS, FROM, TO)).map(({ code, is_demo, points }) => ({ code, is_demo, points }));
    const expected = await expectedHistory(FROM, TO);
    expect(actual).toEqual(expected);
    expect(expected.every((series) => series.points.length > 200)).toBe(true);
    expect(expected.find((series) => series.code === 'CRACK_JET_USGC')!.is_demo).toBe(true);
    expect(expected.some((series) => series.points.some((point) => point.value.startsWith('-')))).toBe(true);
  });

  it('is not demo when a demo value only gives the first point its change', async () => {
    const actual = (await history(SPREADS, DEMO_UNTIL, TO)).map(({ code, is_demo, points }) => ({ code, is_demo, points }));
    const expected = await expectedHistory(DEMO_UNTIL, TO);
    expect(actual).toEqual(expected);
    expect(expected.some((series) => series.is_demo)).toBe(false);
    expect(expected.find((series) => series.code === 'CRACK_JET_USGC')!.points[0]!.diff_base_value).not.toBeNull();
  });

  it('flags the daily table’s spread rows whose legs hold demo values that day', async () => {
    for (const [date, demo] of [['2023-02-01', true], ['2023-06-01', false]] as const) {
      const response = await t.app.inject({ url: `/api/prices?date=${date}&category=spreads&page_size=100`, headers });
      const rows = response.json().rows as { code_id: string; is_demo: boolean }[];
      expect(rows.find((row) => row.code_id === 'CRACK_JET_USGC')?.is_demo, date).toBe(demo);
      expect(rows.find((row) => row.code_id === 'BRENT_WTI')?.is_demo, date).toBe(false);
    }
  });
});
