import { parsePriceFile } from './eia-files';
import { detectSpreadsheet, parsePriceWorkbook, type WorkbookProduct } from './eia-workbook';
import type { ParsedPriceFile } from './types';

/**
 * One uploaded file as bytes (multipart upload, CLI): an Excel workbook (by its first bytes, not its
 * name) or UTF-8 text. Text in another encoding is refused rather than guessed: a Windows-1252 or
 * UTF-16 file read as UTF-8 would store nothing right.
 */
export function parsePriceUpload(input: { name: string; bytes: Uint8Array; products: readonly WorkbookProduct[] }): ParsedPriceFile {
  const { bytes } = input;
  if (bytes.length === 0) return refuse('The file is empty');
  if (detectSpreadsheet(bytes)) return parsePriceWorkbook(input);
  if (/\.xlsx?$/i.test(input.name)) return refuse(`${baseName(input.name)} is named like a workbook but is not an Excel file`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return refuse('The file is UTF-16 text; save it as "CSV UTF-8" and upload it again');
  }
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return refuse('The file is binary, not a CSV text file or an Excel workbook');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse('The file is not UTF-8 text (Windows-1252 or Latin-1?); save it as "CSV UTF-8" and upload it again');
  }
  return parsePriceFile({ name: input.name, text, products: input.products });
}

function refuse(reason: string): ParsedPriceFile {
  return { ok: false, format: null, reason, line: null, rejected: [] };
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}
