import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCsv } from './csv';

// The CSV export read back by a maintained CSV parser (csv-parse, RFC 4180): whatever the product
// names hold (commas, quotes, line breaks, formula starts, any Unicode), the file has the same table.

type Cell = string | number | null | undefined;

/** Text leaning on what breaks CSV writers: separators, quotes, both line endings and formula starts. */
const trickyText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(',', '"', '\n', '\r', '\r\n', "'", '=', '+', '-', '@', '\t', ' ', ';') },
    { weight: 5, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 30,
});
const cell: fc.Arbitrary<Cell> = fc.oneof(
  trickyText,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constant(null),
  fc.constant(undefined),
);

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

describe('formatCsv (properties)', () => {
  it('parses back to the same table, formula-like text shown as text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((width) =>
          fc.tuple(fc.array(trickyText, { minLength: width, maxLength: width }), fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 12 })),
        ),
        ([header, rows]) => {
          const parsed: string[][] = parse(formatCsv(header, rows));
          expect(parsed).toHaveLength(rows.length + 1);
          [header as Cell[], ...rows].forEach((row, rowIndex) => {
            const back = parsed[rowIndex]!;
            expect(back).toHaveLength(row.length);
            row.forEach((value, column) => {
              const text = value === null || value === undefined ? '' : String(value);
              const read = back[column]!;
              // Either the value itself, or (only for text a spreadsheet would evaluate) the value behind a quote mark.
              if (read === text) expect(FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)).toBe(false);
              else expect(read).toBe(`'${text}`);
              expect(FORMULA_START.test(read) && !PLAIN_NUMBER.test(read)).toBe(false);
            });
          });
        },
      ),
    );
  });
});
