import { listIsoDays, shiftIsoDate } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import { formatCsv, formatCsvCell, splitCsvRecord } from './csv';
import { averageDecimals, compareDecimals, normalizeDecimal, roundDecimal, subtractDecimals } from './decimal';
import { generateDemoHistory, listBusinessDays } from './demo-history';
import { parsePriceFile as parseKeys } from './eia-files';
import { inEnglish } from './import-messages';
import type { SeriesProduct } from './types';

/** The parser, its reasons read in English. */
const parsePriceFile = (input: Parameters<typeof parseKeys>[0]) => inEnglish(parseKeys(input));

const products: SeriesProduct[] = [
  { code: 'WTI', eiaSeriesId: 'RWTC', fredSeriesId: 'DCOILWTICO', decimalPlaces: 2 },
  { code: 'BRENT', eiaSeriesId: 'RBRTE', fredSeriesId: 'DCOILBRENTEU', decimalPlaces: 2 },
  { code: 'GASOLINE_NYH', eiaSeriesId: 'EER_EPMRU_PF4_Y35NY_DPG', fredSeriesId: 'DGASNYH', decimalPlaces: 3 },
];

function dailyRows(count: number, start = '2024-01-01') {
  return listIsoDays(start, shiftIsoDate(start, { days: count - 1 }));
}

describe('parsePriceFile', () => {
  it('reads EIA Date,Price files named after the datahub file, with CRLF endings', () => {
    const parsed = parsePriceFile({ name: 'data/wti-daily.csv', text: 'Date,Price\r\n2024-01-02,70.38\r\n2024-01-03,72.7\r\n', products });
    expect(parsed).toMatchObject({ ok: true, format: 'eia-date-price' });
    if (!parsed.ok) return;
    expect(parsed.observations).toEqual([
      { line: 2, productCode: 'WTI', date: '2024-01-02', forwardPeriod: '', value: '70.38' },
      { line: 3, productCode: 'WTI', date: '2024-01-03', forwardPeriod: '', value: '72.7' },
    ]);
  });

  it("treats FRED's '.' and blank values as days without an observation", () => {
    const parsed = parsePriceFile({ name: 'DGASNYH.csv', text: 'DATE,VALUE\n2019-01-01,.\n2019-01-02,1.385\n2019-01-03,\n', products });
    expect(parsed).toMatchObject({ ok: true, format: 'fred-date-value', skippedBlank: 2 });
    if (parsed.ok) expect(parsed.observations.map((row) => row.productCode)).toEqual(['GASOLINE_NYH']);
  });

  it('takes the series of observation_date files from the header, whatever the file name', () => {
    const parsed = parsePriceFile({ name: 'upload.csv', text: 'observation_date,DCOILBRENTEU\n2020-01-02,67.05\n', products });
    expect(parsed).toMatchObject({ ok: true, format: 'fred-observation' });
    if (parsed.ok) expect(parsed.observations[0]!.productCode).toBe('BRENT');
  });

  it('maps EIA series ids and the EIA daily download name (RWTCd)', () => {
    for (const name of ['RWTC.csv', 'rwtcd.csv', 'DCOILWTICO.csv']) {
      const parsed = parsePriceFile({ name, text: 'DATE,VALUE\n2024-01-02,70.38\n', products });
      expect(parsed.ok && parsed.observations[0]!.productCode).toBe('WTI');
    }
  });

  it('rejects malformed rows with their line numbers and keeps the rest', () => {
    const text = ['Date,Price', '2024-01-02,70.38', '2024-13-02,71', '2024-01-04,abc', '', '2024-01-02,70.5', '2024-01-05,1,2', '2024-01-08,"72.1"'].join('\n');
    const parsed = parsePriceFile({ name: 'wti-daily.csv', text, products });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.observations.map((row) => [row.line, row.value])).toEqual([
      [2, '70.38'],
      [8, '72.1'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: '"2024-13-02" is not a date (YYYY-MM-DD)' },
      { line: 4, reason: '"abc" is not a number' },
      { line: 6, reason: 'Repeats the date 2024-01-02 of line 2' },
      { line: 7, reason: 'Expected 2 columns, found 3' },
    ]);
  });

  it("tells a repeated date however it is written, down to the first and the last day it accepts; a daily series newest first is daily", () => {
    const text = ['Date,Price', '1900-01-01,1', '2200-12-31,2', '1/2/1900,3', '01/01/1900,4', '12/31/2200,5', '2200-12-31,6'].join('\n');
    const parsed = parsePriceFile({ name: 'wti-daily.csv', text, products });
    expect(parsed.ok && parsed.observations.map((row) => [row.line, row.date])).toEqual([
      [2, '1900-01-01'],
      [3, '2200-12-31'],
      [4, '1900-01-02'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 5, reason: 'Repeats the date 1900-01-01 of line 2' },
      { line: 6, reason: 'Repeats the date 2200-12-31 of line 3' },
      { line: 7, reason: 'Repeats the date 2200-12-31 of line 3' },
    ]);
    // 20 weekdays newest first (gaps of 1 and 3 days): daily; every third of them only: not daily.
    const weekdays = dailyRows(28).filter((date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())).reverse();
    expect(parsePriceFile({ name: 'RBRTE.csv', text: ['Date,Price', ...weekdays.map((date) => `${date},80`)].join('\n'), products }).ok).toBe(true);
    const sparse = dailyRows(80).filter((_, index) => index % 6 === 0);
    expect(parsePriceFile({ name: 'RBRTE.csv', text: ['Date,Price', ...sparse.map((date) => `${date},80`)].join('\n'), products })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/6 days apart/),
    });
  });

  it('refuses files it cannot read as a whole', () => {
    const refusals = [
      { name: 'x.csv', text: '', reason: /empty/ },
      { name: 'x.csv', text: 'when,what\n2024-01-02,1\n', reason: /Unrecognised header/, line: 1 },
      { name: 'DHHNGSP.csv', text: 'DATE,VALUE\n2024-01-02,2.5\n', reason: /matches no configured product/, line: 1 },
      { name: 'x.csv', text: 'observation_date,NOPE\n2024-01-02,2.5\n', reason: /series "NOPE"/, line: 1 },
      { name: 'brent-weekly.csv', text: 'Date,Price\n2024-01-05,80\n', reason: /weekly averages/, line: 1 },
      { name: 'wti-monthly.csv', text: 'Date,Price\n2024-01-15,80\n', reason: /monthly averages/, line: 1 },
      { name: 'wti-daily.csv', text: 'Date,Price\n', reason: /no observation/ },
      { name: 'wti-daily.csv', text: 'Date,Price\nyesterday,80\ntoday,x\n', reason: /No row/, line: 2 },
    ];
    for (const refusal of refusals) {
      const parsed = parsePriceFile({ name: refusal.name, text: refusal.text, products });
      expect(parsed.ok, refusal.name).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.reason).toMatch(refusal.reason);
      if (refusal.line) expect(parsed.line).toBe(refusal.line);
    }
  });

  it('refuses weekly data hiding under a daily name', () => {
    const weekly = Array.from({ length: 20 }, (_, index) => shiftIsoDate('2024-01-05', { days: index * 7 }));
    const parsed = parsePriceFile({ name: 'RBRTE.csv', text: ['Date,Price', ...weekly.map((date) => `${date},80`)].join('\n'), products });
    expect(parsed).toMatchObject({ ok: false, reason: expect.stringMatching(/7 days apart/) });
  });

  it('reads a generic CSV in any column order, with forward periods and quoted cells', () => {
    const text = [
      'value,date,product_code,forward_period',
      '"71.5",2024-01-02,WTI,',
      '72,2024-01-02,wti,2024-03',
      '1.9,2024-01-02,DGASNYH,',
      '3,2024-01-02,UNKNOWN,',
      '3,2024-01-02,WTI,=cmd()',
    ].join('\n');
    const parsed = parsePriceFile({ name: 'generic.csv', text, products });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.observations.map((row) => [row.productCode, row.forwardPeriod, row.value])).toEqual([
      ['WTI', '', '71.5'],
      ['WTI', '2024-03', '72'],
      ['GASOLINE_NYH', '', '1.9'],
    ]);
    expect(parsed.rejected.map((row) => row.line)).toEqual([5, 6]);
  });

  it('keeps values exact: no float rounding, negative prices allowed', () => {
    const parsed = parsePriceFile({ name: 'wti-daily.csv', text: 'Date,Price\n2020-04-20,-36.98\n2020-04-21,0.10000000\n', products });
    expect(parsed.ok && parsed.observations.map((row) => row.value)).toEqual(['-36.98', '0.1']);
  });

  it('accepts a daily series with holidays and weekends', () => {
    const dates = dailyRows(40).filter((date) => ![0, 6].includes(new Date(date).getUTCDay()));
    const parsed = parsePriceFile({ name: 'RWTC.csv', text: ['Date,Price', ...dates.map((date) => `${date},70`)].join('\n'), products });
    expect(parsed.ok).toBe(true);
  });
});

describe('decimal helpers', () => {
  it('normalises, compares, subtracts and averages without floating point', () => {
    expect(normalizeDecimal('+0018.6300')).toBe('18.63');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(normalizeDecimal('.5')).toBe('0.5');
    expect(normalizeDecimal('1e3')).toBeNull();
    expect(normalizeDecimal('.')).toBeNull();
    expect(compareDecimals('1.10', '1.1')).toBe(0);
    expect(compareDecimals('-36.98', '8.91')).toBe(-1);
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('-36.98', '18.31')).toBe('-55.29');
    expect(averageDecimals(['0.1', '0.2', '0.2'], 3)).toBe('0.167');
    expect(averageDecimals(['-1', '-2'], 1)).toBe('-1.5');
    expect(averageDecimals([], 2)).toBeNull();
    expect(roundDecimal('2.3456', 3)).toBe('2.346');
  });
});

describe('CSV cells', () => {
  it('neutralises formula-like text and keeps plain numbers as numbers', () => {
    expect(formatCsvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(formatCsvCell('+1+1')).toBe("'+1+1");
    expect(formatCsvCell('-2+3')).toBe("'-2+3");
    expect(formatCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCsvCell('\tcmd')).toBe("'\tcmd");
    expect(formatCsvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(formatCsvCell('-36.98')).toBe('-36.98');
    expect(formatCsvCell('Spot FOB Cushing, OK')).toBe('"Spot FOB Cushing, OK"');
    expect(formatCsvCell(null)).toBe('');
    expect(formatCsv(['a', 'b'], [['1', '=2']])).toBe("a,b\r\n1,'=2\r\n");
    expect(splitCsvRecord('"a,b",c, "d""e" ')).toEqual(['a,b', 'c', 'd"e']);
    expect(splitCsvRecord('"open')).toBeNull();
  });
});

describe('demo history', () => {
  const catalog = [
    { code: 'WTI', decimalPlaces: 2 },
    { code: 'BRENT', decimalPlaces: 2 },
    { code: 'GASOLINE_NYH', decimalPlaces: 3 },
    { code: 'GASOLINE_USGC', decimalPlaces: 3 },
    { code: 'RBOB_LA', decimalPlaces: 3 },
    { code: 'ULSD_NYH', decimalPlaces: 3 },
    { code: 'ULSD_USGC', decimalPlaces: 3 },
    { code: 'ULSD_LA', decimalPlaces: 3 },
    { code: 'HEATING_OIL_NYH', decimalPlaces: 3 },
    { code: 'JET_USGC', decimalPlaces: 3 },
    { code: 'PROPANE_MB', decimalPlaces: 3 },
  ];
  const end = new Date(Date.UTC(2026, 7, 19));
  const history = generateDemoHistory({ products: catalog, end });

  it('covers the ten years the chart offers, business days only', () => {
    const days = new Set(history.map((row) => row.date));
    expect(days.size).toBeGreaterThan(10 * 248);
    expect(days.size).toBeLessThan(10 * 254);
    expect([...days].sort()[0]! <= '2016-08-22').toBe(true);
    expect([...days].every((date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect([...days].sort().at(-1)).toBe('2026-08-19');
    expect(new Set(history.map((row) => row.productCode))).toEqual(new Set(catalog.map((product) => product.code)));
    expect(history.length).toBe(days.size * catalog.length);
    // US exchange holidays: Thanksgiving, Good Friday, Juneteenth, July 4th observed on a Friday, MLK day.
    for (const holiday of ['2025-11-27', '2025-04-18', '2024-06-19', '2026-07-03', '2024-01-15', '2020-12-25']) expect(days.has(holiday), holiday).toBe(false);
    expect(days.has('2025-11-28')).toBe(true);
  });

  const series = (code: string) => history.filter((row) => row.productCode === code).map((row) => Number(row.value));

  it('never sits flat: no price repeats for a week, every quarter moves', () => {
    for (const product of catalog) {
      const values = series(product.code);
      let run = 1;
      let longest = 1;
      for (let index = 1; index < values.length; index += 1) {
        run = values[index] === values[index - 1] ? run + 1 : 1;
        longest = Math.max(longest, run);
      }
      expect(longest, product.code).toBeLessThan(5);
      for (let index = 0; index + 63 <= values.length; index += 63) {
        const quarter = values.slice(index, index + 63);
        expect((Math.max(...quarter) - Math.min(...quarter)) / Math.min(...quarter), `${product.code} quarter ${index}`).toBeGreaterThan(0.03);
      }
    }
  });

  it("has crude's daily volatility, plausible levels and the product decimals", () => {
    const wti = series('WTI');
    const returns = wti.slice(1).map((value, index) => Math.log(value / wti[index]!));
    const deviation = Math.sqrt(returns.reduce((sum, value) => sum + value ** 2, 0) / returns.length);
    expect(deviation).toBeGreaterThan(0.015);
    expect(deviation).toBeLessThan(0.03);
    const ranges: Record<string, [number, number]> = { WTI: [15, 200], BRENT: [15, 210], PROPANE_MB: [0.15, 2.5] };
    for (const row of history) {
      const [min, max] = ranges[row.productCode] ?? [0.5, 6];
      expect(Number(row.value), `${row.productCode} ${row.date}`).toBeGreaterThanOrEqual(min);
      expect(Number(row.value)).toBeLessThanOrEqual(max);
      expect(row.value.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(catalog.find((product) => product.code === row.productCode)!.decimalPlaces);
    }
  });

  it('moves like a market: products follow crude, Brent above WTI, cracks stay positive', () => {
    const wti = series('WTI');
    const brent = series('BRENT');
    const changes = (values: number[]) => values.slice(1).map((value, index) => value - values[index]!);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const correlation = (x: number[], y: number[]) => {
      const [a, b] = [changes(x), changes(y)];
      const [ma, mb] = [mean(a), mean(b)];
      const covariance = mean(a.map((value, index) => (value - ma) * (b[index]! - mb)));
      return covariance / Math.sqrt(mean(a.map((value) => (value - ma) ** 2)) * mean(b.map((value) => (value - mb) ** 2)));
    };
    expect(correlation(wti, brent)).toBeGreaterThan(0.8);
    for (const code of ['GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC', 'PROPANE_MB']) expect(correlation(wti, series(code)), code).toBeGreaterThan(0.4);
    expect(brent.every((value, index) => value > wti[index]!)).toBe(true);
    for (const code of ['GASOLINE_NYH', 'GASOLINE_USGC', 'RBOB_LA', 'ULSD_NYH', 'ULSD_USGC', 'ULSD_LA', 'HEATING_OIL_NYH', 'JET_USGC']) {
      const values = series(code);
      // Rounded to the product's three decimals, so allow the last digit.
      expect(values.every((value, index) => value - wti[index]! / 42 > 0.07), code).toBe(true);
    }
  });

  it('is the same on every install (fixed seed)', () => {
    expect(generateDemoHistory({ products: catalog, end }).slice(0, 50)).toEqual(history.slice(0, 50));
    expect(listBusinessDays(new Date(Date.UTC(2025, 11, 24)), new Date(Date.UTC(2025, 11, 29)))).toEqual(['2025-12-24', '2025-12-26', '2025-12-29'])
    expect(listBusinessDays(new Date(Date.UTC(2022, 11, 23)), new Date(Date.UTC(2023, 0, 3)))).toEqual(['2022-12-23', '2022-12-27', '2022-12-28', '2022-12-29', '2022-12-30', '2023-01-03']);
  });
});
