import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { bytesOf, expectSameValues, storedPrices, workbookCells } from '../../../test/eia-workbooks';
import { readObservations, readSharedFile } from '../../../test/market-data';
import { useTestContext } from '../../../test/test-context';
import { queryRows } from '../../db/client';
import { pricePoints } from '../../db/schema';
import { importPriceFile } from './price-import.service';

/**
 * Data truth for EIA's workbooks: every futures and Henry Hub value stored equals the workbook's
 * cell (read here with SheetJS, the library the importer uses, cell by cell), and EIA's spot
 * workbook stores exactly the FRED CSVs' values on their common dates.
 */
const t = useTestContext();

const stored = (code: string, forwardPeriod = '') => storedPrices(t.ctx, code, forwardPeriod);

describe('EIA futures workbook', () => {
  const file = 'eia-futures/PET_PRI_FUT_S1_D.xls';
  beforeAll(async () => {
    const report = await importPriceFile(t.ctx, { name: 'PET_PRI_FUT_S1_D.xls', text: '', bytes: bytesOf(file) });
    expect(report).toMatchObject({ refused: false, rejected: 0, format: 'eia-workbook' });
    expect(report.product_codes).toEqual(['HO_NYH_FUT', 'PROPANE_MB_FUT', 'RBOB_NYH_FUT', 'WTI_FUT']);
  }, 120_000);

  const futures: Array<[string, string]> = [
    ['WTI_FUT', 'RCLC'],
    ['RBOB_NYH_FUT', 'EER_EPMRR_PE#_Y35NY_DPG'],
    ['HO_NYH_FUT', 'EER_EPD2F_PE#_Y35NY_DPG'],
    ['PROPANE_MB_FUT', 'EER_EPLLPA_PE#_Y44MB_DPG'],
  ];
  it.each(futures)('%s: contracts 1–4 equal the workbook on every date', async (code, pattern) => {
    const cells = workbookCells(file);
    for (let contract = 1; contract <= 4; contract += 1) {
      const series = pattern.includes('#') ? pattern.replace('#', String(contract)) : `${pattern}${contract}`;
      expectSameValues(await stored(code, `C${contract}`), cells.get(series)!, `${code} C${contract}`);
    }
  });

  it('stores nothing of the series FuelDesk does not know (the old NYH unleaded contracts)', async () => {
    const [row] = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${pricePoints} where forward_period = ''`);
    expect(row!.n).toBe(0);
  });

  it("serves the latest curve with the week's and the month's before, and names the nearest dates when a date has none", async () => {
    const { headers } = await createSignedInUser(t.ctx);
    const cells = workbookCells(file);
    const response = await t.app.inject({ url: '/api/prices/curve?code=WTI_FUT', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 'WTI_FUT', date: '2022-02-15', unit: 'bbl', currency: 'USD', latest_date: '2022-02-15', is_demo: false });
    expect(body.points.map((point: { contract: number; forward_period: string; value: string }) => [point.contract, point.forward_period, Number(point.value)])).toEqual(
      [1, 2, 3, 4].map((contract) => [contract, `C${contract}`, cells.get(`RCLC${contract}`)!.get('2022-02-15')]),
    );
    // February 2022: every later contract cheaper.
    expect(body.shape).toBe('backwardation');
    expect(body.week_earlier.date).toBe('2022-02-08');
    expect(body.month_earlier.date).toBe('2022-01-14');

    const weekend = await t.app.inject({ url: '/api/prices/curve?code=WTI_FUT&date=2022-02-12', headers });
    expect(weekend.statusCode).toBe(404);
    expect(weekend.json().detail).toBe('WTI_FUT has no curve on 2022-02-12; the nearest dates with one are 2022-02-11 and 2022-02-14.');
    const spot = await t.app.inject({ url: '/api/prices/curve?code=WTI', headers });
    expect(spot.statusCode).toBe(400);
    expect(spot.json().detail).toMatch(/^WTI is not a futures product; forward curves exist for WTI_FUT, RBOB_NYH_FUT, HO_NYH_FUT, NG_HH_FUT, PROPANE_MB_FUT\.$/);
    const none = await t.app.inject({ url: '/api/prices/curve?code=NG_HH_FUT', headers });
    expect(none.statusCode).toBe(404);
  });
});

describe('Henry Hub workbooks', () => {
  beforeAll(async () => {
    await t.ctx.db.delete(pricePoints);
    for (const file of ['eia-henry-hub/natural-gas-daily.xls', 'eia-futures/RNGC1d.xls']) {
      const report = await importPriceFile(t.ctx, { name: path.basename(file), text: '', bytes: bytesOf(file) });
      expect(report, file).toMatchObject({ refused: false, rejected: 0 });
    }
  }, 120_000);

  it('HENRY_HUB equals the workbook on every date (1997-01-07 to 2026-08-18)', async () => {
    const expected = workbookCells('eia-henry-hub/natural-gas-daily.xls').get('RNGWHHD')!;
    expect(expected.size).toBe(7436);
    const actual = await stored('HENRY_HUB');
    expectSameValues(actual, expected, 'HENRY_HUB');
    expect([...actual.keys()].sort().at(-1)).toBe('2026-08-18');
  });

  it("NG_HH_FUT's contract 1 equals RNGC1d.xls, and the workbook agrees with FRED's DHHNGSP on their common dates", async () => {
    expectSameValues(await stored('NG_HH_FUT', 'C1'), workbookCells('eia-futures/RNGC1d.xls').get('RNGC1')!, 'RNGC1');
    const henryHub = await stored('HENRY_HUB');
    const fred = readObservations(readSharedFile('eia-product-spot-1986-2019/DHHNGSP.csv'));
    const common = fred.filter((row) => henryHub.has(row.date));
    expect(common.length).toBeGreaterThan(5000);
    expect(common.filter((row) => Number(henryHub.get(row.date)) !== Number(row.value)).slice(0, 5)).toEqual([]);
  });
});

describe("EIA's spot workbook against the FRED CSVs", () => {
  const FRED: Record<string, string[]> = {
    WTI: ['eia-product-spot-1986-2019/DCOILWTICO.csv', 'eia-product-spot-2020-2024/DCOILWTICO.csv'],
    BRENT: ['eia-product-spot-1986-2019/DCOILBRENTEU.csv', 'eia-product-spot-2020-2024/DCOILBRENTEU.csv'],
    GASOLINE_NYH: ['eia-product-spot-1986-2019/DGASNYH.csv', 'eia-product-spot-2020-2024/DGASNYH.csv'],
    GASOLINE_USGC: ['eia-product-spot-1986-2019/DGASUSGULF.csv', 'eia-product-spot-2020-2024/DGASUSGULF.csv'],
    RBOB_LA: ['eia-product-spot-1986-2019/DRGASLA.csv'],
    ULSD_NYH: ['eia-product-spot-1986-2019/DDFUELNYH.csv', 'eia-product-spot-2020-2024/DDFUELNYH.csv'],
    ULSD_USGC: ['eia-product-spot-1986-2019/DDFUELUSGULF.csv', 'eia-product-spot-2020-2024/DDFUELUSGULF.csv'],
    ULSD_LA: ['eia-product-spot-1986-2019/DDFUELLA.csv', 'eia-product-spot-2020-2024/DDFUELLA.csv'],
    HEATING_OIL_NYH: ['eia-product-spot-1986-2019/DHOILNYH.csv'],
    JET_USGC: ['eia-product-spot-1986-2019/DJFUELUSGULF.csv', 'eia-product-spot-2020-2024/DJFUELUSGULF.csv'],
    PROPANE_MB: ['eia-product-spot-1986-2019/DPROPANEMBTX.csv', 'eia-product-spot-2020-2024/DPROPANEMBTX.csv'],
  };

  beforeAll(async () => {
    await t.ctx.db.delete(pricePoints);
    const report = await importPriceFile(t.ctx, { name: 'PET_PRI_SPT_S1_D.xls', text: '', bytes: bytesOf('eia-spot-workbook/PET_PRI_SPT_S1_D.xls') });
    expect(report).toMatchObject({ refused: false, rejected: 0 });
    expect(report.product_codes).toEqual(Object.keys(FRED).sort());
  }, 120_000);

  it.each(Object.entries(FRED))('%s: the workbook values equal FRED on every common date, and fill 2019', async (code, files) => {
    const fromWorkbook = await stored(code);
    let common = 0;
    for (const file of files) {
      for (const row of readObservations(readSharedFile(file))) {
        const value = fromWorkbook.get(row.date);
        if (value === undefined) continue;
        common += 1;
        expect(Number(value), `${code} ${row.date}`).toBe(Number(row.value));
      }
    }
    expect(common).toBeGreaterThan(1000);
    if (code !== 'RBOB_LA' && code !== 'HEATING_OIL_NYH') expect([...fromWorkbook.keys()].some((date) => date.startsWith('2019-06'))).toBe(true);
  });
});
