import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { seriesIdFromAddress } from './eia-csv-download';
import { parsePriceFile as parseKeys } from './eia-files';
import { inEnglish } from './import-messages';
import type { SeriesProduct } from './types';

/** The parser, its reasons read in English. */
const parsePriceFile = (input: Parameters<typeof parseKeys>[0]) => inEnglish(parseKeys(input));

/** ../shared/data, next to the repository (read in place, never copied into it). */
const readSharedFile = (relative: string) => readFileSync(new URL(`../../../../../../shared/data/${relative}`, import.meta.url), 'utf8');

const products: SeriesProduct[] = [
  { code: 'WTI', eiaSeriesId: 'RWTC', fredSeriesId: 'DCOILWTICO', decimalPlaces: 2 },
  { code: 'HENRY_HUB', eiaSeriesId: 'RNGWHHD', fredSeriesId: 'DHHNGSP', decimalPlaces: 2 },
  { code: 'WTI_FUT', eiaSeriesId: null, fredSeriesId: null, decimalPlaces: 2, futuresSeriesIds: ['RCLC1', 'RCLC2', 'RCLC3', 'RCLC4'] },
  { code: 'NG_HH_FUT', eiaSeriesId: null, fredSeriesId: null, decimalPlaces: 3, futuresSeriesIds: ['RNGC1', 'RNGC2', 'RNGC3', 'RNGC4'] },
  {
    code: 'RBOB_NYH_FUT',
    eiaSeriesId: null,
    fredSeriesId: null,
    decimalPlaces: 4,
    futuresSeriesIds: [1, 2, 3, 4].map((n) => `EER_EPMRR_PE${n}_Y35NY_DPG`),
  },
  {
    code: 'HO_NYH_FUT',
    eiaSeriesId: null,
    fredSeriesId: null,
    decimalPlaces: 4,
    futuresSeriesIds: [1, 2, 3, 4].map((n) => `EER_EPD2F_PE${n}_Y35NY_DPG`),
  },
];

/** The first rows of EIA's natural gas table download, as EIA writes them (CRLF, newest first, 01/9/2023). */
const NATURAL_GAS_TABLE = [
  'Day,Natural Gas Futures Contract 1 $/MMBTU,Natural Gas Futures Contract 2 $/MMBTU,Natural Gas Futures Contract 3 $/MMBTU,Natural Gas Futures Contract 4 $/MMBTU,Henry Hub Natural Gas Spot Price $/MMBTU',
  '01/10/2023,3.639,3.314,3.251,3.303,3.32',
  '01/9/2023,3.91,3.563,3.486,3.534,3.65',
  '1/6/2023,3.71,3.392,3.313,3.352,',
  '12/30/2022,4.475,4.104,3.917,3.931,3.52',
].join('\r\n');

describe('EIA CSV downloads', () => {
  it('reads a table download: non-padded m/d/Y dates, newest first, columns mapped by their EIA long names', () => {
    const parsed = parsePriceFile({ name: 'Natural_Gas_Spot_and_Futures_Prices_(NYMEX).csv', text: NATURAL_GAS_TABLE, products });
    expect(parsed).toMatchObject({ ok: true, format: 'eia-csv-download', rejected: [], skippedBlank: 1 });
    if (!parsed.ok) return;
    // The file's order is kept (newest first), each row's values on its own line number.
    expect([...new Set(parsed.observations.map((row) => `${row.line}:${row.date}`))]).toEqual([
      '2:2023-01-10',
      '3:2023-01-09',
      '4:2023-01-06',
      '5:2022-12-30',
    ]);
    expect(parsed.observations.filter((row) => row.line === 3).map((row) => [row.productCode, row.forwardPeriod, row.value])).toEqual([
      ['NG_HH_FUT', 'C1', '3.91'],
      ['NG_HH_FUT', 'C2', '3.563'],
      ['NG_HH_FUT', 'C3', '3.486'],
      ['NG_HH_FUT', 'C4', '3.534'],
      ['HENRY_HUB', '', '3.65'],
    ]);
  });

  it("reads a series page's download: the preamble's page address names the series, whatever the column is called", () => {
    const text = [
      'Cushing, OK Crude Oil Future Contract 1 (Dollars per Barrel)',
      'https://www.eia.gov/dnav/pet/hist/RCLC1d.htm',
      '10:02:41 GMT-0500 (Eastern Standard Time)',
      'Source: U.S. Energy Information Administration',
      'Day,Futures price  Dollars per Barrel',
      '1/24/2023,80.13',
      '1/23/2023,81.62',
    ].join('\n');
    const parsed = parsePriceFile({ name: 'download.csv', text, products });
    expect(parsed).toMatchObject({ ok: true, format: 'eia-csv-download' });
    if (parsed.ok) {
      expect(parsed.observations).toEqual([
        { line: 6, productCode: 'WTI_FUT', date: '2023-01-24', forwardPeriod: 'C1', value: '80.13' },
        { line: 7, productCode: 'WTI_FUT', date: '2023-01-23', forwardPeriod: 'C1', value: '81.62' },
      ]);
    }
  });

  it('takes a series id written as the column name', () => {
    const parsed = parsePriceFile({ name: 'x.csv', text: 'Day,RWTC,rclc2\n1/3/2023,76.93,77.2\n', products });
    expect(parsed.ok && parsed.observations.map((row) => [row.productCode, row.forwardPeriod, row.value])).toEqual([
      ['WTI', '', '76.93'],
      ['WTI_FUT', 'C2', '77.2'],
    ]);
  });

  it('rejects a bad line with its line number and reads the rest', () => {
    const text = [
      'Day,Cushing OK Crude Oil Future Contract 1 ($/bbl) $/bbl,Cushing OK Crude Oil Future Contract 2 ($/bbl) $/bbl',
      '01/24/2023,80.13,80.44',
      '13/2/2023,80,80',
      '01/20/2023,81.31,oops',
      '01/19/2023,80.33',
      '01/24/2023,80.2,80.5',
      '01/18/2023,79.48,79.8',
    ].join('\n');
    const parsed = parsePriceFile({ name: 'oil.csv', text, products });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rejected).toEqual([
      { line: 3, reason: '"13/2/2023" is not a date (m/d/Y)' },
      { line: 4, reason: 'RCLC2: "oops" is not a number' },
      { line: 5, reason: 'Expected 3 columns, found 2' },
      { line: 6, reason: 'Repeats the date 2023-01-24 of line 2' },
    ]);
    expect(parsed.observations.map((row) => [row.line, row.forwardPeriod, row.value])).toEqual([
      [2, 'C1', '80.13'],
      [2, 'C2', '80.44'],
      [7, 'C1', '79.48'],
      [7, 'C2', '79.8'],
    ]);
  });

  it('refuses a download of a series no product has, naming it', () => {
    const byName = parsePriceFile({ name: 'jet.csv', text: 'Day,Singapore Kerosene-Type Jet Fuel Spot Price FOB $/gal\n1/3/2023,3.1\n', products });
    expect(byName).toMatchObject({ ok: false, format: 'eia-csv-download', line: 1 });
    expect(!byName.ok && byName.reason).toBe(
      'The EIA download holds no series FuelDesk knows (it has "Singapore Kerosene-Type Jet Fuel Spot Price FOB $/gal"); an administrator can add the product with its EIA series id first',
    );
    // The page names a series FuelDesk knows (Gulf jet fuel) but no product carries its id here.
    const byAddress = parsePriceFile({
      name: 'jet.csv',
      text: 'U.S. Gulf Coast Kerosene-Type Jet Fuel Spot Price FOB\nhttps://www.eia.gov/dnav/pet/hist/EER_EPJK_PF4_RGC_DPGD.htm\nDay,U.S. Gulf Coast Kerosene-Type Jet Fuel Spot Price FOB  Dollars per Gallon\n1/3/2023,3.1\n',
      products,
    });
    expect(!byAddress.ok && byAddress.reason).toMatch(/^The EIA download holds no series FuelDesk knows \(it has EER_EPJK_PF4_RGC_DPG \("U\.S\. Gulf/);
  });

  it('refuses weekly data', () => {
    const rows = Array.from({ length: 12 }, (_, index) => {
      const date = new Date(Date.UTC(2023, 0, 6 - 7 * index));
      return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()},${70 + index}`;
    });
    const parsed = parsePriceFile({ name: 'w.csv', text: ['Day,Cushing OK WTI Spot Price FOB $/bbl', ...rows].join('\n'), products });
    expect(!parsed.ok && parsed.reason).toBe('Series RWTC is not daily (FuelDesk stores daily publications only)');
  });

  it("reads the series id of EIA's page addresses, daily only", () => {
    expect(
      [
        'https://www.eia.gov/dnav/pet/hist/RCLC1d.htm',
        'https://www.eia.gov/dnav/ng/hist/rngwhhdD.htm',
        'https://www.eia.gov/dnav/pet/hist/LeafHandler.ashx?n=PET&s=EER_EPMRR_PE1_Y35NY_DPG&f=D',
        'https://api.eia.gov/v2/seriesid/?series_id=PET.RWTC.D',
        'https://www.eia.gov/dnav/pet/hist/RWTCw.htm',
        'https://www.eia.gov/dnav/pet/hist/LeafHandler.ashx?n=PET&s=RWTC&f=M',
        'Source: U.S. Energy Information Administration',
      ].map(seriesIdFromAddress),
    ).toEqual(['RCLC1', 'RNGWHHD', 'EER_EPMRR_PE1_Y35NY_DPG', 'RWTC', null, null, null]);
  });

  it.each([
    ['eia-futures/oil_Futures_Prices.csv', ['HO_NYH_FUT', 'RBOB_NYH_FUT', 'WTI_FUT']],
    ['eia-futures/Natural_Gas_Spot_and_Futures_Prices_(NYMEX).csv', ['HENRY_HUB', 'NG_HH_FUT']],
  ])("reads EIA's real download %s whole: one observation per non-blank cell, nothing rejected", (file, codes) => {
    const text = readSharedFile(file);
    const parsed = parsePriceFile({ name: file, text, products });
    expect(parsed).toMatchObject({ ok: true, format: 'eia-csv-download', rejected: [] });
    if (!parsed.ok) return;
    // Counted independently of the importer, by csv-parse.
    const records: string[][] = parse(text, { bom: true, trim: true, from_line: 2 });
    const cells = records.reduce((sum, cells) => sum + cells.slice(1).filter((cell) => cell !== '').length, 0);
    expect(parsed.observations.length).toBe(cells);
    expect([...new Set(parsed.observations.map((row) => row.productCode))].sort()).toEqual(codes);
    // Newest first, as EIA writes them.
    expect(parsed.observations[0]!.date > parsed.observations.at(-1)!.date).toBe(true);
  });
});
