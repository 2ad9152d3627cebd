import { describe, expect, it, beforeAll } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { readObservations, readSharedFile } from '../../../test/market-data';
import { importPriceFile } from './price-import.service';

/**
 * Data truth: every spread value the API gives equals its formula (DECISIONS.md) over the source
 * files' values, on every date where all legs have a value, and on no other date. The expected
 * values are computed here from ../shared/data with scaled integers (not the product's decimal
 * library) and compared at the display's decimals ($/bbl 2, $/gal 4).
 */
const LEG_FILES: Record<string, string> = {
  WTI: 'eia-brent-wti/wti-daily.csv',
  BRENT: 'eia-brent-wti/brent-daily.csv',
  GASOLINE_NYH: 'eia-product-spot-2020-2024/DGASNYH.csv',
  GASOLINE_USGC: 'eia-product-spot-2020-2024/DGASUSGULF.csv',
  ULSD_NYH: 'eia-product-spot-2020-2024/DDFUELNYH.csv',
  ULSD_USGC: 'eia-product-spot-2020-2024/DDFUELUSGULF.csv',
  ULSD_LA: 'eia-product-spot-2020-2024/DDFUELLA.csv',
  JET_USGC: 'eia-product-spot-2020-2024/DJFUELUSGULF.csv',
};

/** The formulas as DECISIONS.md writes them: [leg, multiplier] terms, then a divisor. */
const FORMULAS: Record<string, { terms: [string, bigint][]; divisor: bigint; places: number }> = {
  BRENT_WTI: { terms: [['BRENT', 1n], ['WTI', -1n]], divisor: 1n, places: 2 },
  CRACK_321_NYH: { terms: [['GASOLINE_NYH', 2n * 42n], ['ULSD_NYH', 42n], ['WTI', -3n]], divisor: 3n, places: 2 },
  CRACK_321_USGC: { terms: [['GASOLINE_USGC', 2n * 42n], ['ULSD_USGC', 42n], ['WTI', -3n]], divisor: 3n, places: 2 },
  CRACK_GASOLINE_NYH: { terms: [['GASOLINE_NYH', 42n], ['BRENT', -1n]], divisor: 1n, places: 2 },
  CRACK_ULSD_NYH: { terms: [['ULSD_NYH', 42n], ['BRENT', -1n]], divisor: 1n, places: 2 },
  CRACK_JET_USGC: { terms: [['JET_USGC', 42n], ['BRENT', -1n]], divisor: 1n, places: 2 },
  ARB_GASOLINE_NYH_USGC: { terms: [['GASOLINE_NYH', 1n], ['GASOLINE_USGC', -1n]], divisor: 1n, places: 4 },
  ARB_ULSD_LA_USGC: { terms: [['ULSD_LA', 1n], ['ULSD_USGC', -1n]], divisor: 1n, places: 4 },
};

const SCALE = 8;
function toUnits(value: string): bigint {
  const negative = value.startsWith('-');
  const [int, frac = ''] = value.replace(/^[-+]/, '').split('.') as [string, string?];
  const units = BigInt(int || '0') * 10n ** BigInt(SCALE) + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return negative ? -units : units;
}

/** units / 10^SCALE / divisor rounded half away from zero to `places` decimals, as text. */
function rounded(units: bigint, divisor: bigint, places: number): string {
  const denominator = divisor * 10n ** BigInt(SCALE - places);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const quotient = (magnitude * 2n + denominator) / (2n * denominator);
  const digits = quotient.toString().padStart(places + 1, '0');
  const text = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative && quotient !== 0n ? `-${text}` : text;
}

function displayed(value: string, places: number): string {
  return rounded(toUnits(value), 1n, places);
}

const FROM = '2020-01-01';
const TO = '2024-12-31';
const t = useTestContext();
let headers: Record<string, string>;
const fileValues = new Map<string, Map<string, string>>();

beforeAll(async () => {
  headers = (await createSignedInUser(t.ctx)).headers;
  for (const [code, file] of Object.entries(LEG_FILES)) {
    const text = readSharedFile(file);
    const report = await importPriceFile(t.ctx, { name: file, text });
    expect(report.refused, file).toBe(false);
    fileValues.set(code, new Map(readObservations(text).map((row) => [row.date, row.value])));
  }
}, 120_000);

describe('spreads equal their formulas over the source files', () => {
  for (const [code, formula] of Object.entries(FORMULAS)) {
    it(code, async () => {
      const response = await t.app.inject({ url: `/api/prices/history?codes=${code}&from=${FROM}&to=${TO}`, headers });
      expect(response.statusCode).toBe(200);
      const [series] = response.json().series;
      expect(series.kind).toBe('spread');
      expect(series.decimal_places).toBe(formula.places);
      const legs = formula.terms.map(([leg]) => fileValues.get(leg)!);
      const expected: [string, string][] = [];
      for (const date of [...legs[0]!.keys()].sort()) {
        if (date < FROM || date > TO || !legs.every((values) => values.has(date))) continue;
        const total = formula.terms.reduce((sum, [leg, multiplier]) => sum + multiplier * toUnits(fileValues.get(leg)!.get(date)!), 0n);
        expected.push([date, rounded(total, formula.divisor, formula.places)]);
      }
      expect(expected.length).toBeGreaterThan(1000);
      const actual = series.points.map((point: { date: string; value: string }) => [point.date, displayed(point.value, formula.places)]);
      expect(actual).toEqual(expected);
    });
  }

  it("shows the spreads in the daily table on a day all legs have a value, with the change against the spread's previous day", async () => {
    const response = await t.app.inject({ url: '/api/prices?date=2024-06-03&category=spreads&page_size=100', headers });
    const rows = response.json().rows as { code_id: string; value: string; diff_base_value: string; formula: string; kind: string; previous_date: string }[];
    expect(rows.map((row) => row.code_id).sort()).toEqual(Object.keys(FORMULAS).sort());
    const brentWti = rows.find((row) => row.code_id === 'BRENT_WTI')!;
    expect(brentWti.kind).toBe('spread');
    expect(brentWti.formula).toBe('BRENT − WTI');
    const brent = fileValues.get('BRENT')!;
    const wti = fileValues.get('WTI')!;
    expect(displayed(brentWti.value, 2)).toBe(rounded(toUnits(brent.get('2024-06-03')!) - toUnits(wti.get('2024-06-03')!), 1n, 2));
    const previous = brentWti.previous_date;
    const previousValue = toUnits(brent.get(previous)!) - toUnits(wti.get(previous)!);
    expect(displayed(brentWti.diff_base_value, 2)).toBe(rounded(toUnits(brent.get('2024-06-03')!) - toUnits(wti.get('2024-06-03')!) - previousValue, 1n, 2));
  });

  it('lists the spreads as products of kind spread with their formula and legs', async () => {
    const response = await t.app.inject({ url: '/api/prices/products', headers });
    const crack = response.json().products.find((product: { code: string }) => product.code === 'CRACK_321_NYH');
    expect(crack).toMatchObject({
      kind: 'spread',
      category: 'spreads',
      formula: '(2 × GASOLINE_NYH × 42 + ULSD_NYH × 42 − 3 × WTI) / 3',
      legs: [
        { code: 'GASOLINE_NYH', coefficient: '84' },
        { code: 'ULSD_NYH', coefficient: '42' },
        { code: 'WTI', coefficient: '-3' },
      ],
      divisor: '3',
      units: 'USD/bbl',
    });
  });
});
