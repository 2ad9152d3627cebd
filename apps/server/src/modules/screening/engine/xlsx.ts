// Reads the first worksheet of an .xlsx workbook (exceljs) as rows of text cells.
import { lazyModule } from '../../../lib/lazy-module';

/** exceljs only when a workbook is read. */
const loadExcelJs = lazyModule<typeof import('exceljs')>('exceljs');

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    return '';
  }
  return String(value);
}

export class WorkbookError extends Error {}

/** Whether the bytes start like a ZIP archive (every .xlsx is one). */
export function looksLikeXlsx(content: Buffer | Uint8Array | string): boolean {
  return typeof content !== 'string' && content.length > 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
}

/**
 * The first worksheet's rows (1-based row gaps dropped, trailing empty cells trimmed). Throws a
 * WorkbookError on a file that is not a readable workbook (cut off, corrupt, another format).
 */
export async function readXlsxRows(content: Buffer | Uint8Array, fileName: string): Promise<string[][]> {
  if (!looksLikeXlsx(content)) throw new WorkbookError(`${fileName}: not an .xlsx workbook.`);
  const workbook = new (loadExcelJs().Workbook)();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch (error) {
    throw new WorkbookError(`${fileName}: the workbook cannot be read; it may be cut off or damaged (${error instanceof Error ? error.message : String(error)}).`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new WorkbookError(`${fileName}: the workbook has no worksheet.`);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (value) => cellText(value));
    while (cells.length > 0 && cells[cells.length - 1]!.trim() === '') cells.pop();
    if (cells.length > 0) rows.push(cells);
  });
  return rows;
}
