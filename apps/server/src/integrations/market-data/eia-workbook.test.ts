import * as XLSX from '@e965/xlsx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesOf } from '../../../test/eia-workbooks';
import { cellDecimal, cellDecimalByRounding, parsePriceWorkbook, type WorkbookProduct } from './eia-workbook';
import { inEnglish } from './import-messages';

const products: WorkbookProduct[] = [
  { code: 'WTI', eiaSeriesId: 'RWTC', fredSeriesId: 'DCOILWTICO', decimalPlaces: 2, futuresSeriesIds: [] },
  { code: 'BRENT', eiaSeriesId: 'RBRTE', fredSeriesId: null, decimalPlaces: 2, futuresSeriesIds: [] },
];

/** An EIA-shaped workbook: a "Data 1" sheet with the Sourcekey row, long names, then dated rows. */
function eiaWorkbook(ids: string[], rows: unknown[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([['Back to Contents', 'Data 1: Spot Prices'], ['Sourcekey', ...ids], ['Date', ...ids.map((id) => `${id} price`)], ...rows]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Data 1');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

const parse = async (bytes: Uint8Array) => inEnglish(await parsePriceWorkbook({ name: 'prices.xls', bytes, products }));

// 45293 is 2024-01-02 in Excel's 1900 system.
const JAN_2 = 45293;

describe('cellDecimal', () => {
  it('gives the reference text (rounded to 8 decimals, canonical) for any double', () => {
    const cases = fc.oneof(
      fc.double({ noNaN: true }),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
      fc.double({ min: -(2 ** 26), max: 2 ** 26, noNaN: true }),
      // Prices as typed: a few decimals, the shortest text of their double.
      fc.tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 8 })).map(([units, places]) => units / 10 ** places),
      fc.constantFrom(0, -0, 1e-7, -1e-9, 5e-9, 0.1 + 0.2, 2 ** 25, 2 ** 25 - 0.5, 2 ** 25 - 0.000123, 999999999999.99, 1e-6, 123456789012.34),
    );
    fc.assert(
      fc.property(cases, (value) => cellDecimal(value) === cellDecimalByRounding(value)),
      { numRuns: 20_000 },
    );
  });

  it("gives the reference text for every numeric cell of EIA's spot and futures workbooks", () => {
    let cells = 0;
    for (const file of ['eia-spot-workbook/PET_PRI_SPT_S1_D.xls', 'eia-futures/PET_PRI_FUT_S1_D.xls']) {
      const workbook = XLSX.read(bytesOf(file), { type: 'buffer', dense: true });
      for (const name of workbook.SheetNames) {
        for (const row of workbook.Sheets[name]!['!data'] ?? []) {
          for (const cell of row ?? []) {
            if (cell?.t !== 'n' || typeof cell.v !== 'number') continue;
            cells += 1;
            if (cellDecimal(cell.v) !== cellDecimalByRounding(cell.v)) expect(cellDecimal(cell.v), String(cell.v)).toBe(cellDecimalByRounding(cell.v));
          }
        }
      }
    }
    expect(cells).toBeGreaterThan(200_000);
  });
});

describe('parsePriceWorkbook: a date twice in one series', () => {
  it('reads a workbook whose series each have their dates in order, newest or oldest first, as they are', async () => {
    const parsed = await parse(
      eiaWorkbook(['RWTC', 'RBRTE'], [
        [JAN_2 + 1, 71.25, 76.5],
        [JAN_2, 70.38, null],
      ]),
    );
    expect(parsed).toMatchObject({ ok: true, rejected: [], skippedBlank: 1 });
    expect(parsed.ok && parsed.observations).toEqual([
      { line: 4, productCode: 'WTI', date: '2024-01-03', forwardPeriod: '', value: '71.25' },
      { line: 4, productCode: 'BRENT', date: '2024-01-03', forwardPeriod: '', value: '76.5' },
      { line: 5, productCode: 'WTI', date: '2024-01-02', forwardPeriod: '', value: '70.38' },
    ]);
  });

  it('keeps the first of a date repeated in a column and rejects the others, naming the first row', async () => {
    const parsed = await parse(
      eiaWorkbook(['RWTC', 'RBRTE'], [
        [JAN_2, 70.38, 76.1],
        [JAN_2 + 1, 71.25, 76.5],
        [JAN_2, 70.4, null],
      ]),
    );
    expect(parsed.ok && parsed.observations.map((observation) => [observation.productCode, observation.date, observation.value])).toEqual([
      ['WTI', '2024-01-02', '70.38'],
      ['BRENT', '2024-01-02', '76.1'],
      ['WTI', '2024-01-03', '71.25'],
      ['BRENT', '2024-01-03', '76.5'],
    ]);
    expect(parsed.rejected).toEqual([{ line: 6, reason: 'Repeats the date 2024-01-02 of row 4' }]);
  });

  it("takes a product's EIA and FRED columns as one series: a date in both is stored once", async () => {
    const parsed = await parse(
      eiaWorkbook(['RWTC', 'DCOILWTICO'], [
        [JAN_2, 70.38, 70.38],
        [JAN_2 + 1, null, 71.25],
      ]),
    );
    expect(parsed.ok && parsed.observations.map((observation) => [observation.line, observation.date, observation.value])).toEqual([
      [4, '2024-01-02', '70.38'],
      [5, '2024-01-03', '71.25'],
    ]);
    expect(parsed.rejected).toEqual([{ line: 4, reason: 'Repeats the date 2024-01-02 of row 4' }]);
  });
});

describe('parsePriceWorkbook: cells that are not prices', () => {
  it('skips blank and error cells as days without a value, rejects text and booleans, and names a value without a date', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Back to Contents', 'Data 1'],
      ['Sourcekey', 'RWTC', 'RBRTE'],
      ['Date', 'WTI', 'Brent'],
      [JAN_2, 70.38, 'n/a'],
      [JAN_2 + 1, null, null],
      [null, 71.5, null],
      ['2024-01-05', 72, 77],
    ]);
    // #N/A where the WTI price of 2024-01-03 would be, TRUE where Brent's would.
    sheet.B5 = { t: 'e', v: 0x2a };
    sheet.C5 = { t: 'b', v: true };
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Data 1');
    const parsed = await parse(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    expect(parsed.ok && parsed.observations.map((observation) => [observation.line, observation.productCode, observation.value])).toEqual([[4, 'WTI', '70.38']]);
    expect(parsed).toMatchObject({ skippedBlank: 1 });
    expect(parsed.rejected).toEqual([
      { line: 4, reason: 'Data 1, RBRTE: "n/a" is not a number' },
      { line: 5, reason: 'Data 1, RBRTE: "true" is not a number' },
      { line: 6, reason: 'Data 1: a value without a date' },
      { line: 7, reason: 'Data 1: "2024-01-05" is not an Excel date' },
    ]);
  });
});
