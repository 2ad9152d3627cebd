import { inflateRawSync } from 'node:zlib';
import type * as SheetJs from '@e965/xlsx';
import { isoEpochDay, priceImportMessages as m, withParams, type Message } from '@fueldesk/contracts';
import { parsePriceFile } from './eia-files';
import { normalizeDecimal } from './decimal';
import { medianGapOfDays, seriesTargets, type SeriesTarget } from './observations';
import type { ParsedPriceFile, PriceObservation, RejectedLine, SeriesProduct } from './types';

/**
 * Reader of spreadsheet uploads (SheetJS, read only: formulas are never evaluated, a cell's cached
 * value is all that is read):
 * - EIA's own workbooks (`.xls`, BIFF): a "Contents" sheet, then "Data N" sheets whose row 2 holds
 *   the series ids (column A `Sourcekey`), row 3 the long names, data from row 4, dates as Excel
 *   serial numbers, blank = no value. Spot series map to their product; futures contracts 1–4 to
 *   the futures product with forward period C1…C4. Series FuelDesk does not know are ignored; a
 *   workbook with none it knows is refused.
 * - any other `.xlsx`/`.xls`: its first sheet read as a CSV (the layouts parsePriceFile accepts).
 * Refused before SheetJS reads a byte: an `.xlsx` (zip) whose entries would unpack to more than
 * MAX_UNPACKED_BYTES or more than MAX_ZIP_RATIO times their packed size (a zip bomb), or whose sizes
 * it hides (zip64).
 */

export const MAX_UNPACKED_BYTES = 100 * 1_048_576;
export const MAX_ZIP_RATIO = 200;
const MAX_ZIP_ENTRIES = 10_000;

export interface WorkbookProduct extends SeriesProduct {
  /** A futures product's EIA series ids, contract 1 first. */
  futuresSeriesIds: readonly string[];
}

export type SpreadsheetKind = 'xls' | 'xlsx';

/** What the bytes are: an OLE2 compound file (BIFF .xls), a zip (.xlsx), or neither. */
export function detectSpreadsheet(bytes: Uint8Array): SpreadsheetKind | null {
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) return 'xlsx';
  return null;
}

/**
 * Says why a zip must not be handed to SheetJS, or null: its central directory declares too much
 * (size, ratio, zip64, entry count), or — since declared sizes can lie — inflating its entries,
 * stopped as soon as their output passes MAX_UNPACKED_BYTES, would unpack to more than that.
 */
export function checkZipBomb(bytes: Uint8Array): Message | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return m.zipNoDirectory;
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let offset = view.getUint32(end + 16, true);
  if (entries === 0xffff || offset === 0xffffffff || directorySize === 0xffffffff) return m.zip64;
  if (entries > MAX_ZIP_ENTRIES) return withParams(m.zipTooManyEntries, { entries });
  let packed = 0;
  let unpacked = 0;
  const deflated: Array<{ start: number; length: number }> = [];
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return m.zipDirectoryDamaged;
    const method = view.getUint16(offset + 10, true);
    const compressed = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const local = view.getUint32(offset + 42, true);
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) return m.zip64;
    packed += compressed;
    unpacked += size;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return m.zipEntriesDamaged;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) return m.zipEntriesDamaged;
    if (method === 8) deflated.push({ start, length: compressed });
    else if (method !== 0) return m.zipMethod;
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  if (unpacked > MAX_UNPACKED_BYTES) {
    return withParams(m.zipTooBig, { mb: Math.round(unpacked / 1_048_576), max: MAX_UNPACKED_BYTES / 1_048_576 });
  }
  if (unpacked > 1_048_576 && unpacked > packed * MAX_ZIP_RATIO) {
    return withParams(m.zipRatio, { ratio: Math.round(unpacked / Math.max(packed, 1)) });
  }
  // The declared sizes may lie: inflate for real, never past what is left of the allowance.
  let left = MAX_UNPACKED_BYTES;
  for (const entry of deflated) {
    try {
      left -= inflateRawSync(bytes.subarray(entry.start, entry.start + entry.length), { maxOutputLength: left + 1 }).length;
    } catch (error) {
      if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        return withParams(m.zipOverAllowance, { max: MAX_UNPACKED_BYTES / 1_048_576 });
      }
      return m.zipEntriesDamaged;
    }
    if (left < 0) return withParams(m.zipOverAllowance, { max: MAX_UNPACKED_BYTES / 1_048_576 });
  }
  return null;
}

/** Excel's serial day number (1900 system, or 1904) → YYYY-MM-DD; null when not a plausible date. */
export function excelSerialToIsoDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 200_000 || Math.floor(serial) !== serial) return null;
  // 1900 system: day 1 is 1900-01-01 and Excel counts a 29 February 1900 that never was (serial 60).
  const base = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, serial < 60 ? 31 : 30);
  return new Date(base + serial * 86_400_000).toISOString().slice(0, 10);
}

const MAX_FRACTION_DIGITS = 8;

/** Below 2^25 a double's spacing is under 10^-8: see cellDecimal. */
const SHORTEST_TEXT_EXACT_BELOW = 2 ** 25;

/**
 * A numeric cell → a canonical decimal: the value rounded to 8 decimals, trailing zeros dropped
 * (doubles typed as 25.56 are printed back as 25.56).
 * Most cells take a shorter way to the same text: JavaScript's shortest text of the double, when it
 * has no exponent and at most 8 decimals. That text is within half a spacing of the double; below
 * 2^25 the spacing is under 10^-8, so rounding the double to 8 decimals gives that text back, and
 * it is already canonical (no trailing zero). The reference path's toFixed and normalizeDecimal
 * were ~100 ms of a workbook's import; `eia-workbook.test.ts` holds the two paths to each other.
 */
export function cellDecimal(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e12) return null;
  if (Math.abs(value) < SHORTEST_TEXT_EXACT_BELOW) {
    const text = String(value);
    const point = text.indexOf('.');
    if (!text.includes('e') && (point === -1 || text.length - point - 1 <= MAX_FRACTION_DIGITS)) return text;
  }
  return cellDecimalByRounding(value);
}

/** cellDecimal's reference: toFixed(8), then the canonical form. */
export function cellDecimalByRounding(value: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e12) return null;
  return normalizeDecimal(value.toFixed(MAX_FRACTION_DIGITS));
}

type Row = unknown[];

/** A sheet's cells by position, with the values sheet_to_json gives (`header: 1`, raw, blank = null). */
interface SheetCells {
  name: string;
  rowCount: number;
  columnCount: number;
  value(row: number, column: number): unknown;
}

/**
 * Reads a sheet's raw values where SheetJS keeps them (a dense sheet's `!data`) instead of copying
 * them into a row array per line with sheet_to_json (~50 ms of a 90,000-value workbook, and its
 * garbage). It gives what sheet_to_json would: a number, string or boolean cell's value, null for a
 * blank, stub or error cell. A sheet that does not start at A1, or with a cell whose number format
 * would make sheet_to_json turn it into a date (BIFF2's formats) or a date cell, is read by sheet_to_json.
 */
function readSheet(XLSX: typeof SheetJs, name: string, sheet: SheetJs.WorkSheet): SheetCells {
  const data = sheet['!data'];
  const ref = sheet['!ref'];
  if (data && ref) {
    const range = XLSX.utils.decode_range(ref);
    const plain = data.every((row) => !row || row.every((cell) => !cell || (cell.z === undefined && cell.t !== 'd')));
    if (plain && range.s.r === 0 && range.s.c === 0) {
      const lastColumn = range.e.c;
      return {
        name,
        rowCount: range.e.r + 1,
        columnCount: lastColumn + 1,
        value(row, column) {
          const cell = column <= lastColumn ? data[row]?.[column] : undefined;
          return cell && (cell.t === 'n' || cell.t === 's' || cell.t === 'b') ? cell.v : null;
        },
      };
    }
  }
  const rows = XLSX.utils.sheet_to_json<Row>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  return { name, rowCount: rows.length, columnCount: rows[1]?.length ?? 0, value: (row, column) => rows[row]?.[column] };
}

/** Whether days are strictly ascending or strictly descending (so none repeats). */
function strictlyOrdered(dates: readonly number[]): boolean {
  let ascending = true;
  let descending = true;
  for (let index = 1; index < dates.length && (ascending || descending); index += 1) {
    if (dates[index - 1]! >= dates[index]!) ascending = false;
    if (dates[index - 1]! <= dates[index]!) descending = false;
  }
  return ascending || descending;
}

function readWorkbook(XLSX: typeof SheetJs, bytes: Uint8Array): SheetJs.WorkBook {
  return XLSX.read(bytes, {
    type: 'buffer',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellNF: false,
    cellText: false,
    bookVBA: false,
    dateNF: 'yyyy-mm-dd',
  });
}

export interface ParseWorkbookInput {
  name: string;
  bytes: Uint8Array;
  products: readonly WorkbookProduct[];
}

/**
 * SheetJS only when a workbook is read: imported with the module, its 1 MB of source was parsed and
 * held in the heap by every start of the server, though only a workbook upload uses it. The ES build,
 * as the static import loaded (the CommonJS one also loads the 470 KB code-page tables).
 */
let sheetJs: Promise<typeof SheetJs> | undefined;
const loadSheetJs = () => (sheetJs ??= import('@e965/xlsx'));

/** Parses one spreadsheet upload; never throws on bad content (a refusal says why). */
export async function parsePriceWorkbook(input: ParseWorkbookInput): Promise<ParsedPriceFile> {
  const kind = detectSpreadsheet(input.bytes);
  if (!kind) return { ok: false, format: null, reason: m.notExcel, line: null, rejected: [] };
  if (kind === 'xlsx') {
    const bomb = checkZipBomb(input.bytes);
    if (bomb) return { ok: false, format: null, reason: bomb, line: null, rejected: [] };
  }
  const XLSX = await loadSheetJs();
  let workbook: SheetJs.WorkBook;
  try {
    workbook = readWorkbook(XLSX, input.bytes);
  } catch {
    return { ok: false, format: null, reason: withParams(m.unreadableWorkbook, { extension: kind === 'xls' ? '.xls' : '.xlsx' }), line: null, rejected: [] };
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  // Every Data sheet repeats the same dates: each serial is converted once.
  const daysBySerial = new Map<number, { date: string; epochDay: number } | null>();
  const dayOfSerial = (serial: number) => {
    let day = daysBySerial.get(serial);
    if (day === undefined) {
      const date = excelSerialToIsoDate(serial, date1904);
      day = date ? { date, epochDay: isoEpochDay(date) } : null;
      daysBySerial.set(serial, day);
    }
    return day;
  };
  const sheets = workbook.SheetNames.map((sheetName) => readSheet(XLSX, sheetName, workbook.Sheets[sheetName]!));
  const eiaSheets = sheets.filter((sheet) => String(sheet.value(1, 0) ?? '').trim().toLowerCase() === 'sourcekey');
  if (eiaSheets.length === 0) {
    // Not EIA's layout: the first sheet as a CSV of a layout the CSV importer reads.
    const first = workbook.SheetNames[0];
    if (!first) return { ok: false, format: null, reason: m.noSheet, line: null, rejected: [] };
    const csv = XLSX.utils.sheet_to_csv(workbook.Sheets[first]!, { blankrows: false, rawNumbers: true });
    return parsePriceFile({ name: input.name.replace(/\.xlsx?$/i, '.csv'), text: csv, products: input.products });
  }

  const targets = seriesTargets(input.products);
  const observations: PriceObservation[] = [];
  const rejected: RejectedLine[] = [];
  const unknownSeries: string[] = [];
  let skippedBlank = 0;
  let known = 0;
  // Whether a date can repeat within a series: a series in two columns, or a column whose dates
  // are not strictly in order. EIA's workbooks have neither, and the check below then has nothing to find.
  const seriesColumns = new Set<string>();
  let mayRepeat = false;
  for (const sheet of eiaSheets) {
    const ids = Array.from({ length: sheet.columnCount }, (_, column) => String(sheet.value(1, column) ?? '').trim().toUpperCase());
    // A column's dates as days from 1970-01-01, for the checks below.
    const columns: Array<{ column: number; target: SeriesTarget; days: number[] }> = [];
    ids.forEach((id, column) => {
      if (column === 0 || !id) return;
      const target = targets.get(id);
      if (target) {
        // Two ids of one product (its EIA and FRED ids) are one series.
        const series = `${target.code}|${target.forwardPeriod}`;
        if (seriesColumns.has(series)) mayRepeat = true;
        seriesColumns.add(series);
        columns.push({ column, target, days: [] });
      }
      else unknownSeries.push(id);
    });
    if (columns.length === 0) continue;
    known += columns.length;
    for (let index = 3; index < sheet.rowCount; index += 1) {
      const line = index + 1;
      const rawDate = sheet.value(index, 0);
      if (rawDate === null || rawDate === undefined || rawDate === '') {
        if (columns.some(({ column }) => { const cell = sheet.value(index, column); return cell !== null && cell !== undefined && cell !== ''; })) {
          rejected.push({ line, reason: withParams(m.sheetValueWithoutDate, { sheet: sheet.name }) });
        }
        continue;
      }
      const day = typeof rawDate === 'number' ? dayOfSerial(rawDate) : null;
      if (!day) {
        rejected.push({ line, reason: withParams(m.sheetNotExcelDate, { sheet: sheet.name, value: String(rawDate).slice(0, 40) }) });
        continue;
      }
      for (const entry of columns) {
        const cell = sheet.value(index, entry.column);
        if (cell === null || cell === undefined || cell === '') {
          skippedBlank += 1;
          continue;
        }
        const value = typeof cell === 'number' ? cellDecimal(cell) : null;
        if (value === null) {
          rejected.push({ line, reason: withParams(m.sheetNotNumber, { sheet: sheet.name, series: ids[entry.column]!, value: String(cell).slice(0, 40) }) });
          continue;
        }
        entry.days.push(day.epochDay);
        observations.push({ line, productCode: entry.target.code, date: day.date, forwardPeriod: entry.target.forwardPeriod, value });
      }
    }
    for (const entry of columns) {
      if (!mayRepeat && !strictlyOrdered(entry.days)) mayRepeat = true;
      if (entry.days.length >= 10 && medianGapOfDays(Float64Array.from(entry.days)) >= 6) {
        return {
          ok: false,
          format: 'eia-workbook',
          reason: withParams(m.sheetSeriesNotDaily, { series: ids[entry.column]!, sheet: sheet.name }),
          line: null,
          rejected,
        };
      }
    }
  }
  if (known === 0) {
    const named = [...new Set(unknownSeries)].slice(0, 6).join(', ');
    return {
      ok: false,
      format: 'eia-workbook',
      reason: named ? withParams(m.workbookNoKnownSeriesNamed, { series: named }) : m.workbookNoKnownSeries,
      line: null,
      rejected,
    };
  }
  // A date twice in one series (a workbook edited by hand): the first is kept.
  const seen = new Map<string, number>();
  const unique: PriceObservation[] = mayRepeat ? [] : observations;
  if (mayRepeat) for (const observation of observations) {
    const key = `${observation.productCode}|${observation.forwardPeriod}|${observation.date}`;
    const first = seen.get(key);
    if (first !== undefined) {
      rejected.push({ line: observation.line, reason: withParams(m.repeatsDateOfRow, { date: observation.date, first }) });
      continue;
    }
    seen.set(key, observation.line);
    unique.push(observation);
  }
  if (unique.length === 0) {
    return { ok: false, format: 'eia-workbook', reason: m.workbookNoValue, line: null, rejected };
  }
  return { ok: true, format: 'eia-workbook', observations: unique, rejected, skippedBlank };
}
