// A small CSV reader for OFAC's legacy files: no header, quoted fields with "" escapes, CRLF rows,
// `-0-` for an empty value and an optional DOS end-of-file byte (0x1A) at the very end.

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

export function parseCsv(text: string, fileName: string, expectedFields: number): CsvResult {
  let body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // OFAC ends its files with a DOS end-of-file byte (0x1A).
  const eof = String.fromCharCode(0x1a);
  let end = body.length;
  while (end > 0 && (body[end - 1] === eof || /\s/.test(body[end - 1]))) end--;
  if (end < body.length && body.slice(end).includes(eof)) body = body.slice(0, end) + '\n';
  const rows: string[][] = [];
  const problems: string[] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let fieldWasQuoted = false;
  let line = 1;
  const endRow = () => {
    row.push(field);
    field = '';
    fieldWasQuoted = false;
    const blank = row.length === 1 && row[0].trim() === '';
    if (!blank) {
      if (row.length !== expectedFields) {
        problems.push(`${fileName}: row ${rows.length + 1} (line ${line}) has ${row.length} fields, expected ${expectedFields}`);
      }
      rows.push(row);
    }
    row = [];
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldWasQuoted && field.trim() === '') {
      quoted = true;
      fieldWasQuoted = true;
      field = '';
    } else if (ch === ',') {
      row.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
    } else if (!fieldWasQuoted) {
      field += ch;
    }
  }
  if (quoted) {
    problems.push(`${fileName}: the file ends inside a quoted field (line ${line}); it looks cut off`);
    endRow();
  } else if (field !== '' || row.length > 0) {
    endRow();
  }
  return { rows, problems };
}
