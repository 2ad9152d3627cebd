// CSV for the lists, read with csv-parse: OFAC's legacy files (no header, quoted fields with ""
// escapes, CRLF rows, `-0-` for an empty value, a DOS end-of-file byte 0x1A at the very end), the EU's
// semicolon CSV and OFSI's ConList.csv. Structural problems are reported, never thrown, so that a
// list with any of them is refused by validateParsedList and the stored one stays.
import { parse } from 'csv-parse/sync';

export interface CsvResult {
  rows: string[][];
  /** Structural problems (an unterminated quote, a row with the wrong number of fields). */
  problems: string[];
}

export const OFAC_EMPTY = '-0-';

/** `-0-` (with OFAC's trailing space) and blanks become null; other values are trimmed. */
export function ofacValue(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  return value === '' || value === OFAC_EMPTY ? null : value;
}

/** Drops a byte-order mark and OFAC's trailing end-of-file byte (0x1A). */
function cleanBody(text: string): string {
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const eof = String.fromCharCode(0x1a);
  let end = body.length;
  while (end > 0 && (body[end - 1] === eof || /\s/.test(body[end - 1]!))) end--;
  if (end < body.length && body.slice(end).includes(eof)) body = body.slice(0, end);
  return body;
}

export interface CsvOptions {
  /** `,` (default) or `;` (the EU's CSV). */
  delimiter?: string;
  /** Fields every row must have; omitted: any count (a headed file is checked by its reader). */
  expectedFields?: number;
}

/**
 * Reads a whole CSV text. A file that ends inside a quoted field (cut off) or has a stray quote is a
 * problem; rows with a field count other than `expectedFields` are kept and reported.
 */
export function readCsv(text: string, fileName: string, options: CsvOptions = {}): CsvResult {
  const problems: string[] = [];
  let rows: string[][] = [];
  try {
    rows = parse(cleanBody(text), {
      delimiter: options.delimiter ?? ',',
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    const code = (error as { code?: string }).code;
    const line = (error as { lines?: number }).lines;
    problems.push(
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? `${fileName}: the file ends inside a quoted field (line ${line ?? '?'}); it looks cut off`
        : `${fileName}: not a well-formed CSV file (${error instanceof Error ? error.message : String(error)})`,
    );
    return { rows: [], problems };
  }
  rows = rows.filter((row) => !(row.length === 1 && row[0]!.trim() === ''));
  if (options.expectedFields !== undefined) {
    for (const [position, row] of rows.entries()) {
      if (row.length !== options.expectedFields) {
        problems.push(`${fileName}: row ${position + 1} has ${row.length} fields, expected ${options.expectedFields}`);
      }
    }
  }
  return { rows, problems };
}

/** OFAC's legacy files: a fixed number of fields per row. */
export function parseCsv(text: string, fileName: string, expectedFields: number): CsvResult {
  return readCsv(text, fileName, { expectedFields });
}
