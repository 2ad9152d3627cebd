import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, storedPrices, workbookCells } from '../../../test/eia-workbooks';
import { createSignedInUser } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { queryRows } from '../../db/client';
import { pricePoints } from '../../db/schema';
import { importPriceFile } from './price-import.service';

/**
 * Data truth for EIA's CSV downloads: what the importer stores from them equals EIA's workbooks
 * (read here with SheetJS, the library the importer uses) on the same dates, and the workbooks'
 * dates inside a download's span are all in it. The importer is reached as the CLI and the upload
 * page reach it (the file's bytes) and through POST /admin/prices/import (a text/csv body).
 */
const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
});

const FUTURES_WORKBOOK = 'eia-futures/PET_PRI_FUT_S1_D.xls';

async function importShared(file: string) {
  return importPriceFile(t.ctx, { name: path.basename(file), text: '', bytes: bytesOf(file) });
}

/**
 * Compares what is stored with a workbook's column: every stored value on a workbook date equals
 * its cell. Where both run (the later first date to the earlier last date) they hold nearly the same
 * dates: EIA's download carries a few exchange-holiday rows repeating the day before (2022-01-17,
 * 2019-12-25…) that the workbook lacks, and lacks a few of its days (2019-11-29); together under 1 %.
 * Returns how many dates were compared.
 */
function expectSameOnCommonDates(actual: Map<string, string>, expected: Map<string, number>, label: string): number {
  const actualDates = [...actual.keys()].sort();
  const expectedDates = [...expected.keys()].sort();
  const from = actualDates[0]! > expectedDates[0]! ? actualDates[0]! : expectedDates[0]!;
  const to = actualDates.at(-1)! < expectedDates.at(-1)! ? actualDates.at(-1)! : expectedDates.at(-1)!;
  const inSpan = (date: string) => date >= from && date <= to;
  const common = actualDates.filter((date) => inSpan(date) && expected.has(date));
  const onlyStored = actualDates.filter((date) => inSpan(date) && !expected.has(date));
  const onlyWorkbook = expectedDates.filter((date) => inSpan(date) && !actual.has(date));
  expect(onlyStored.length + onlyWorkbook.length, `${label}: ${[...onlyStored, ...onlyWorkbook].slice(0, 8).join(', ')}`).toBeLessThan(common.length / 100);
  const wrong = common.filter((date) => Number(actual.get(date)) !== expected.get(date)).map((date) => [date, actual.get(date), expected.get(date)]);
  expect(wrong.slice(0, 5), label).toEqual([]);
  return common.length;
}

async function countPoints(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${pricePoints}`);
  return row!.n;
}

describe("EIA's oil futures download (oil_Futures_Prices.csv)", () => {
  beforeAll(async () => {
    await t.ctx.db.delete(pricePoints);
    const report = await importShared('eia-futures/oil_Futures_Prices.csv');
    expect(report).toMatchObject({ refused: false, rejected: 0, format: 'eia-csv-download' });
    expect(report.product_codes).toEqual(['HO_NYH_FUT', 'RBOB_NYH_FUT', 'WTI_FUT']);
  }, 120_000);

  const futures: Array<[string, (contract: number) => string]> = [
    ['WTI_FUT', (n) => `RCLC${n}`],
    ['RBOB_NYH_FUT', (n) => `EER_EPMRR_PE${n}_Y35NY_DPG`],
    ['HO_NYH_FUT', (n) => `EER_EPD2F_PE${n}_Y35NY_DPG`],
  ];
  it.each(futures)('%s: contracts 1–4 equal the futures workbook on every date both hold', async (code, series) => {
    const cells = workbookCells(FUTURES_WORKBOOK);
    for (let contract = 1; contract <= 4; contract += 1) {
      const compared = expectSameOnCommonDates(await storedPrices(t.ctx, code, `C${contract}`), cells.get(series(contract))!, `${code} C${contract}`);
      expect(compared, `${code} C${contract}`).toBeGreaterThan(4000);
    }
  });

  it('runs past the workbook: its newest row, 1/24/2023, is stored', async () => {
    expect((await storedPrices(t.ctx, 'WTI_FUT', 'C1')).get('2023-01-24')).toBe('80.13');
  });
});

describe("EIA's natural gas download (spot and futures)", () => {
  beforeAll(async () => {
    await t.ctx.db.delete(pricePoints);
    const report = await importShared('eia-futures/Natural_Gas_Spot_and_Futures_Prices_(NYMEX).csv');
    expect(report).toMatchObject({ refused: false, rejected: 0, format: 'eia-csv-download' });
    expect(report.product_codes).toEqual(['HENRY_HUB', 'NG_HH_FUT']);
  }, 120_000);

  it("NG_HH_FUT's contract 1 equals RNGC1d.xls and HENRY_HUB equals EIA's Henry Hub workbook", async () => {
    const futures = workbookCells('eia-futures/RNGC1d.xls').get('RNGC1')!;
    expect(expectSameOnCommonDates(await storedPrices(t.ctx, 'NG_HH_FUT', 'C1'), futures, 'NG_HH_FUT C1')).toBeGreaterThan(7000);
    const spot = workbookCells('eia-henry-hub/natural-gas-daily.xls').get('RNGWHHD')!;
    expect(expectSameOnCommonDates(await storedPrices(t.ctx, 'HENRY_HUB'), spot, 'HENRY_HUB')).toBeGreaterThan(6000);
  });
});

describe('POST /admin/prices/import with an EIA series download', () => {
  /** RNGC1d.xls's newest `rows` values written as EIA's series page downloads them. */
  function seriesDownload(rows: number): { text: string; expected: Map<string, number> } {
    const cells = workbookCells('eia-futures/RNGC1d.xls').get('RNGC1')!;
    const newest = [...cells].sort(([a], [b]) => (a < b ? 1 : -1)).slice(0, rows);
    const lines = [
      'Natural Gas Futures Contract 1 (Dollars per Million Btu)',
      'https://www.eia.gov/dnav/ng/hist/rngc1d.htm',
      '10:02:41 GMT-0500 (Eastern Standard Time)',
      'Source: U.S. Energy Information Administration',
      'Day,Natural Gas Futures Contract 1  Dollars per Million Btu',
      // m/d/Y without zero padding, newest first.
      ...newest.map(([date, value]) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}/${date.slice(0, 4)},${value}`),
    ];
    return { text: `${lines.join('\r\n')}\r\n`, expected: new Map(newest) };
  }

  function post(filename: string, text: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/prices/import?filename=${encodeURIComponent(filename)}`,
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: text,
    });
  }

  it("stores the workbook's values of every row, and again changes nothing", async () => {
    await t.ctx.db.delete(pricePoints);
    const { text, expected } = seriesDownload(300);
    expect(text).toMatch(/\r\n1\/30\/2024,/);
    const response = await post('RNGC1_download.csv', text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ format: 'eia-csv-download', product_codes: ['NG_HH_FUT'], inserted: 300, rejected: 0, refused: false });
    const stored = await storedPrices(t.ctx, 'NG_HH_FUT', 'C1');
    expect(stored.size).toBe(300);
    expect([...expected].filter(([date, value]) => Number(stored.get(date)) !== value)).toEqual([]);
    const again = await post('RNGC1_download.csv', text);
    expect(again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 300 });
  });

  it('refuses a download of a series no product has, with a clear message, and writes nothing', async () => {
    const before = await countPoints();
    const response = await post(
      'jet.csv',
      'Singapore Kerosene-Type Jet Fuel Spot Price FOB\r\nSource: U.S. Energy Information Administration\r\nDay,Singapore Kerosene-Type Jet Fuel Spot Price FOB  Dollars per Gallon\r\n1/3/2023,3.1\r\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/holds no series FuelDesk knows \(it has "Singapore Kerosene-Type Jet Fuel Spot Price FOB/);
    expect(await countPoints()).toBe(before);
  });
});
