import { daysBetweenIsoDates, fromIsoDate, shiftIsoDate, toIsoDate } from '@fueldesk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDecimal } from './decimal';
import { splitCsvRecord } from './csv';
import { parsePriceFile as parseKeys } from './eia-files';
import { inEnglish } from './import-messages';
import { parseObservationDate } from './observations';
import type { SeriesProduct } from './types';

/** The parser, its reasons read in English. */
const parsePriceFile = (input: Parameters<typeof parseKeys>[0]) => inEnglish(parseKeys(input));

// Property tests of the price-file reader: files are generated, not picked, so the cases cover
// layouts, quoting, line endings, number shapes and malformed rows nobody thought to write down.

const products: SeriesProduct[] = [
  { code: 'WTI', eiaSeriesId: 'RWTC', fredSeriesId: 'DCOILWTICO', decimalPlaces: 2 },
  { code: 'BRENT', eiaSeriesId: 'RBRTE', fredSeriesId: 'DCOILBRENTEU', decimalPlaces: 2 },
  { code: 'GASOLINE_NYH', eiaSeriesId: 'EER_EPMRU_PF4_Y35NY_DPG', fredSeriesId: 'DGASNYH', decimalPlaces: 3 },
];

/** Days are counted from 1970-01-01. */
const FIRST_DAY = daysBetweenIsoDates('1970-01-01', '1990-01-01');
const LAST_DAY = daysBetweenIsoDates('1970-01-01', '2150-12-31');

function isoOfDay(day: number): string {
  return shiftIsoDate('1970-01-01', { days: day });
}

/** How a date is written in the file: ISO, or EIA's M/D/YYYY (with or without leading zeros). */
function writeDate(iso: string, style: 'iso' | 'us' | 'us-padded'): string {
  const [year, month, day] = iso.split('-');
  if (style === 'iso') return iso;
  if (style === 'us-padded') return `${month}/${day}/${year}`;
  return `${Number(month)}/${Number(day)}/${year}`;
}

const dateStyle = fc.constantFrom('iso' as const, 'us' as const, 'us-padded' as const);

/** A price as a file may write it: sign, leading zeros, up to 12 integer and 8 fraction digits, maybe a '$'. */
const writtenValue = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    dollar: fc.boolean(),
    int: fc.stringMatching(/^\d{1,12}$/),
    frac: fc.option(fc.stringMatching(/^\d{0,8}$/), { nil: undefined }),
  })
  .map(({ sign, dollar, int, frac }) => `${dollar && sign === '' ? '$' : ''}${sign}${int}${frac === undefined ? '' : `.${frac}`}`);

/** A cell as a spreadsheet may save it: bare, padded with spaces, or quoted. */
function writeCell(value: string, style: 'bare' | 'padded' | 'quoted'): string {
  if (style === 'padded') return ` ${value} `;
  if (style === 'quoted') return `"${value.replace(/"/g, '""')}"`;
  return value;
}
const cellStyle = fc.constantFrom('bare' as const, 'padded' as const, 'quoted' as const);
const lineEnding = fc.constantFrom('\n', '\r\n', '\r');

/** Consecutive publication days one to four days apart: a daily series with weekends and holidays. */
const dailyDays = fc
  .record({ start: fc.integer({ min: FIRST_DAY, max: LAST_DAY - 5000 }), gaps: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 60 }) })
  .map(({ start, gaps }) => gaps.reduce<number[]>((days, gap) => [...days, days[days.length - 1]! + gap], [start]));

const seriesLayout = fc.constantFrom(
  { header: 'Date,Price', name: 'wti-daily.csv', code: 'WTI', format: 'eia-date-price' },
  { header: 'Date,Price', name: 'data/RBRTEd.csv', code: 'BRENT', format: 'eia-date-price' },
  { header: 'DATE,VALUE', name: 'DGASNYH.csv', code: 'GASOLINE_NYH', format: 'fred-date-value' },
  { header: 'observation_date,DCOILWTICO', name: 'upload.txt', code: 'WTI', format: 'fred-observation' },
);

describe('parsePriceFile (properties)', () => {
  it('reads back every date and value written to a series file, exactly', () => {
    fc.assert(
      fc.property(
        seriesLayout,
        dailyDays.chain((days) =>
          fc.tuple(fc.constant(days), fc.array(fc.tuple(writtenValue, dateStyle, cellStyle, cellStyle), { minLength: days.length, maxLength: days.length })),
        ),
        lineEnding,
        fc.boolean(),
        (layout, [days, cells], eol, bom) => {
          const rows = days.map((day, index) => {
            const [value, style, dateCell, valueCell] = cells[index]!;
            return { iso: isoOfDay(day), written: `${writeCell(writeDate(isoOfDay(day), style), dateCell)},${writeCell(value, valueCell)}`, value };
          });
          const text = `${bom ? '\uFEFF' : ''}${[layout.header, ...rows.map((row) => row.written)].join(eol)}${eol}`;
          const parsed = parsePriceFile({ name: layout.name, text, products });
          expect(parsed).toMatchObject({ ok: true, format: layout.format, rejected: [], skippedBlank: 0 });
          if (!parsed.ok) return;
          expect(parsed.observations).toEqual(
            rows.map((row, index) => ({ line: index + 2, productCode: layout.code, date: row.iso, forwardPeriod: '', value: normalizeDecimal(row.value.replace('$', '')) })),
          );
        },
      ),
    );
  });

  it('reads a generic CSV in any column order with forward periods and quoted cells', () => {
    const row = fc.record({
      product: fc.constantFrom('WTI', 'wti', 'RWTC', 'BRENT', 'DCOILBRENTEU', 'GASOLINE_NYH', 'DGASNYH'),
      day: fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
      forward: fc.constantFrom('', 'M1', '2025-03', 'Q2 2026'),
      value: writtenValue,
      style: cellStyle,
    });
    const canonical = (product: string) => products.find((p) => [p.code, p.eiaSeriesId, p.fredSeriesId].includes(product.toUpperCase()))!.code;
    fc.assert(
      fc.property(
        fc.uniqueArray(row, { minLength: 1, maxLength: 40, selector: (r) => `${canonical(r.product)}|${r.forward}|${r.day}` }),
        fc.shuffledSubarray(['product_code', 'date', 'value', 'forward_period'], { minLength: 4, maxLength: 4 }),
        lineEnding,
        (rows, columns, eol) => {
          const lines = rows.map((r) => {
            const cells: Record<string, string> = { product_code: r.product, date: isoOfDay(r.day), value: r.value, forward_period: r.forward };
            return columns.map((column) => writeCell(cells[column]!, r.style)).join(',');
          });
          const parsed = parsePriceFile({ name: 'generic.csv', text: [columns.join(','), ...lines].join(eol), products });
          expect(parsed).toMatchObject({ ok: true, format: 'generic-csv', rejected: [] });
          if (!parsed.ok) return;
          expect(parsed.observations).toEqual(
            rows.map((r, index) => ({
              line: index + 2,
              productCode: canonical(r.product),
              date: isoOfDay(r.day),
              forwardPeriod: r.forward,
              value: normalizeDecimal(r.value.replace('$', '')),
            })),
          );
        },
      ),
    );
  });

  // Malformed rows of every kind the reader knows, each generated from arbitrary text.
  const notADate = fc.string({ maxLength: 20 }).filter((text) => !/[",\r\n]/.test(text) && text.trim() !== '' && !/^\s*(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})\s*$/.test(text));
  const notANumber = fc
    .string({ maxLength: 20 })
    .filter((text) => !/[",\r\n]/.test(text) && text.trim() !== '' && text.trim() !== '.' && normalizeDecimal(text.trim().replace(/^\$/, '')) === null);
  const malformed = fc.oneof(
    notADate.map((date) => ({ text: `${date},70.5`, reason: /is not a date/ })),
    notANumber.map((value) => ({ text: `DATE,${value}`, reason: /is not a number/ })),
    fc.array(fc.stringMatching(/^[0-9.]{0,6}$/), { minLength: 2, maxLength: 5 }).map((extra) => ({ text: `DATE,1,${extra.join(',')}x`, reason: /Expected 2 columns, found [3-7]/ })),
    fc.stringMatching(/^[0-9.]{1,6}$/).map((value) => ({ text: `DATE,"${value}`, reason: /Unclosed quote/ })),
    fc.stringMatching(/^[1-9][0-9]{12,19}$/).map((value) => ({ text: `DATE,${value}`, reason: /too many digits/ })),
  );

  it('rejects each malformed row with its line number and reads every good row around it', () => {
    fc.assert(
      fc.property(
        dailyDays,
        fc.array(fc.tuple(fc.nat(), malformed), { maxLength: 15 }),
        (days, bad) => {
          const lines: Array<{ text: string; reason?: RegExp; iso?: string }> = days.map((day) => ({ text: `${isoOfDay(day)},${day % 1000}.25`, iso: isoOfDay(day) }));
          for (const [position, row] of bad) {
            // A malformed row names a date no good row uses (the day before the series starts).
            lines.splice(position % (lines.length + 1), 0, { text: row.text.replace('DATE', isoOfDay(days[0]! - 1)), reason: row.reason });
          }
          const parsed = parsePriceFile({ name: 'RWTC.csv', text: ['Date,Price', ...lines.map((line) => line.text)].join('\n'), products });
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const expectedBad = lines.flatMap((line, index) => (line.reason ? [{ line: index + 2, reason: line.reason }] : []));
          expect(parsed.rejected.map((row) => row.line)).toEqual(expectedBad.map((row) => row.line));
          parsed.rejected.forEach((row, index) => expect(row.reason).toMatch(expectedBad[index]!.reason));
          expect(parsed.observations.map((row) => [row.line, row.date])).toEqual(
            lines.flatMap((line, index) => (line.iso ? [[index + 2, line.iso]] : [])),
          );
        },
      ),
    );
  });

  it('never throws on arbitrary text, and whatever it accepts is a real date and a canonical decimal', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.array(fc.string({ unit: fc.constantFrom(...'0123456789-/.,"$ \r\n\uFEFFaeDPRICVLU'.split('')), maxLength: 30 }), { maxLength: 30 }).map((lines) => ['Date,Price', ...lines].join('\n')),
    );
    fc.assert(
      fc.property(fc.constantFrom('RWTC.csv', 'generic.csv', 'DGASNYH.csv', 'wti-weekly.csv', ''), anyText, (name, text) => {
        const parsed = parsePriceFile({ name, text, products });
        if (!parsed.ok) {
          expect(parsed.reason).toEqual(expect.any(String));
          return;
        }
        for (const observation of parsed.observations) {
          expect(observation.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(toIsoDate(fromIsoDate(observation.date))).toBe(observation.date);
          expect(normalizeDecimal(observation.value)).toBe(observation.value);
        }
        const lines = new Set([...parsed.observations.map((row) => row.line), ...parsed.rejected.map((row) => row.line)]);
        expect(lines.size).toBe(parsed.observations.length + parsed.rejected.length);
      }),
    );
  });
});

describe('reading one date', () => {
  /** The reference: a date exists when the calendar (Date's UTC arithmetic) gives back its own parts. */
  function calendarDate(year: number, month: number, day: number): string | null {
    if (year < 1900 || year > 2200) return null;
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }

  it('knows the leap days of the century years and the bounds', () => {
    expect(['1900-02-29', '2100-02-29', '2200-02-29', '2023-02-29', '1899-12-31', '2201-01-01', '2024-04-31'].map(parseObservationDate)).toEqual(
      [null, null, null, null, null, null, null],
    );
    expect(['2000-02-29', '2024-02-29', '2/29/2000', '1900-01-01', '2200-12-31'].map(parseObservationDate)).toEqual([
      '2000-02-29',
      '2024-02-29',
      '2000-02-29',
      '1900-01-01',
      '2200-12-31',
    ]);
  });

  it('accepts exactly the days the calendar has, written as ISO or M/D/YYYY, leap years and bounds included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1890, max: 2210 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.constantFrom('iso', 'us', 'us-padded'),
        (year, month, day, style) => {
          const mm = String(month).padStart(2, '0');
          const dd = String(day).padStart(2, '0');
          const written = style === 'iso' ? `${year}-${mm}-${dd}` : style === 'us' ? `${month}/${day}/${year}` : `${mm}/${dd}/${year}`;
          expect(parseObservationDate(written)).toBe(calendarDate(year, month, day));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('the readers’ fast paths', () => {
  // Each reader answers the common case without its general loop or pattern; a surrounding that the
  // fast path declines (a quoted cell, a leading space) sends the same text the general way.
  const unquoted = fc.string({ unit: fc.constantFrom('1', '0', '9', '.', ',', '-', '$', ' ', '\t', 'a', 'Z', '/'), maxLength: 24 });
  const decimalText = fc.string({ unit: fc.constantFrom('0', '0', '1', '5', '9', '.', '-', '+', ' ', 'e', '$'), maxLength: 12 });

  it('splitCsvRecord reads a record without quotes as its general loop does', () => {
    fc.assert(
      fc.property(unquoted, (record) => {
        expect(splitCsvRecord(record)).toEqual(splitCsvRecord(`${record},"x"`)!.slice(0, -1));
      }),
      { numRuns: 500 },
    );
  });

  it('normalizeDecimal returns a canonical text as its pattern would, and only such a text unchanged', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const normalized = normalizeDecimal(text);
        expect(normalized).toBe(normalizeDecimal(` ${text}`));
        if (normalized !== null) expect(normalizeDecimal(normalized)).toBe(normalized);
      }),
      { numRuns: 2000 },
    );
  });

  it('the daily-frequency check counts the days between dates as the calendar does', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), fc.integer({ min: 1, max: 9 }), (first, gap) => {
        const days = Array.from({ length: 12 }, (_, index) => toIsoDate(new Date((first + index * gap) * 86_400_000)));
        const text = ['Date,Price', ...days.map((day) => `${day},1.5`)].join('\n');
        const parsed = parsePriceFile({ name: 'RWTC.csv', text, products });
        // A median gap of 6 days or more is not a daily series.
        expect(parsed.ok).toBe(gap < 6);
        if (!parsed.ok) expect(parsed.reason).toContain(`${gap} days apart`);
      }),
      { numRuns: 300 },
    );
  });
});
