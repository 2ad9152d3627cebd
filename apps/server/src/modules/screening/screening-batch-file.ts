// Batch screening from a file: a CSV or XLSX sheet with a header row (`name`, optional `type` and
// `country`) read into the batch's queries, and the batch's results written back as CSV.
import {
  SCREENING_BATCH_CSV_COLUMNS,
  screeningMessages,
  screeningEntityTypes,
  type EntityType,
  type ScreeningBatchResponse,
} from '@fueldesk/contracts';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { badRequest } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';

/**
 * exceljs only when a workbook is read: imported with the module, its graph (unzipper, archiver, jszip,
 * fast-csv and their polyfills) was loaded by every start of the server (~0.15 s of a restart's CPU).
 */
const loadExcelJs = lazyModule<typeof import('exceljs')>('exceljs');

export interface BatchFileRow {
  /** The row's line in the sheet (1 = the header). */
  row: number;
  name: string;
  type?: EntityType;
  country?: string;
}

/** Header names accepted for each column (English and Spanish, any case). */
const NAME_HEADERS = new Set(['name', 'full_name', 'full name', 'nombre']);
const TYPE_HEADERS = new Set(['type', 'tipo', 'entity_type']);
const COUNTRY_HEADERS = new Set(['country', 'pais', 'país']);

/** Values accepted in the type column, mapped to the entity types. */
const TYPE_VALUES: Record<string, EntityType> = {
  ...Object.fromEntries(screeningEntityTypes.map((type) => [type, type])),
  individual: 'person',
  persona: 'person',
  organisation: 'organization',
  company: 'organization',
  entity: 'organization',
  organizacion: 'organization',
  organización: 'organization',
  empresa: 'organization',
  ship: 'vessel',
  buque: 'vessel',
  aeronave: 'aircraft',
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isXlsx = (content: Buffer) => ZIP_MAGIC.every((byte, i) => content[i] === byte);

/** Rows of the first sheet (XLSX) or of the CSV, as text cells. */
export async function readSheetCells(content: Buffer): Promise<string[][]> {
  if (isXlsx(content)) {
    const workbook = new (loadExcelJs().Workbook)();
    try {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
    } catch {
      throw badRequest(screeningMessages.fileUnreadable);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw badRequest(screeningMessages.fileUnreadable);
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = (cell.text ?? '').toString();
      });
      rows[number - 1] = Array.from(cells, (cell) => cell ?? '');
    });
    return Array.from(rows, (row) => row ?? []);
  }
  // A text file: UTF-8 (a BOM allowed); binary content is refused rather than read as names.
  const text = content.toString('utf8');
  if (text.includes('\u0000') || text.includes('\ufffd')) throw badRequest(screeningMessages.fileUnreadable);
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parseCsvSync(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw badRequest(screeningMessages.fileUnreadable);
  }
}

/** Reads a batch file into rows; 400 (in the caller's language, by the error plugin) when it is not a usable sheet. */
export async function readBatchFile(content: Buffer): Promise<BatchFileRow[]> {
  if (content.length === 0) throw badRequest(screeningMessages.fileUnreadable);
  const cells = await readSheetCells(content);
  const headerIndex = cells.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw badRequest(screeningMessages.fileNoNameColumn);
  const header = cells[headerIndex].map((cell) => cell.trim().toLowerCase());
  const nameColumn = header.findIndex((cell) => NAME_HEADERS.has(cell));
  if (nameColumn < 0) throw badRequest(screeningMessages.fileNoNameColumn);
  const typeColumn = header.findIndex((cell) => TYPE_HEADERS.has(cell));
  const countryColumn = header.findIndex((cell) => COUNTRY_HEADERS.has(cell));
  const rows: BatchFileRow[] = [];
  for (let i = headerIndex + 1; i < cells.length; i++) {
    const row = cells[i] ?? [];
    const name = (row[nameColumn] ?? '').trim();
    // Blank lines (and rows with no name) are skipped, as a spreadsheet user expects.
    if (name === '') continue;
    const entry: BatchFileRow = { row: i + 1, name };
    const rawType = typeColumn >= 0 ? (row[typeColumn] ?? '').trim().toLowerCase() : '';
    if (rawType !== '') {
      const type = TYPE_VALUES[rawType];
      if (!type) throw badRequest(screeningMessages.fileBadType);
      entry.type = type;
    }
    const country = countryColumn >= 0 ? (row[countryColumn] ?? '').trim() : '';
    if (country !== '') entry.country = country.slice(0, 100);
    rows.push(entry);
  }
  return rows;
}

/** A cell as CSV: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The batch's results as CSV (SCREENING_BATCH_CSV_COLUMNS): one row per match, a name without a
 * match gets one row with status `clear`, or `not_screened` when no list is loaded.
 */
export function batchResultsCsv(
  response: ScreeningBatchResponse,
  queries: Array<{ name: string; type?: EntityType; country?: string; row?: number }>,
): string {
  const lines = [SCREENING_BATCH_CSV_COLUMNS.join(',')];
  response.results.forEach((result, position) => {
    const query = queries[position] ?? { name: result.name };
    const base = [query.row ?? position + 1, result.name, query.type ?? '', query.country ?? ''];
    if (result.matches.length === 0) {
      lines.push([...base, response.loaded ? 'clear' : 'not_screened', '', '', '', '', '', '', '', '', '', ''].map(csvCell).join(','));
      return;
    }
    for (const match of result.matches) {
      lines.push(
        [
          ...base,
          match.is_match ? 'match' : 'candidate',
          match.score,
          match.is_match,
          match.entity_id,
          match.source,
          match.name,
          match.matched_name,
          match.type,
          match.programs.join('; '),
          match.version_id,
          match.explanation,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  });
  return `${lines.join('\r\n')}\r\n`;
}
