import { priceImportMessages as m, withParams, type Message } from '@fueldesk/contracts';
import { parsePriceFile } from './eia-files';
import { detectSpreadsheet, parsePriceWorkbook, type WorkbookProduct } from './eia-workbook';
import type { ParsedPriceFile } from './types';

/**
 * One uploaded file as bytes (multipart upload, CLI): an Excel workbook (by its first bytes, not its
 * name) or UTF-8 text. Text in another encoding is refused rather than guessed: a Windows-1252 or
 * UTF-16 file read as UTF-8 would store nothing right.
 */
export async function parsePriceUpload(input: { name: string; bytes: Uint8Array; products: readonly WorkbookProduct[] }): Promise<ParsedPriceFile> {
  const { bytes } = input;
  if (bytes.length === 0) return refuse(m.empty);
  if (detectSpreadsheet(bytes)) return parsePriceWorkbook(input);
  if (/\.xlsx?$/i.test(input.name)) return refuse(withParams(m.notWorkbookNamed, { file: baseName(input.name) }));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return refuse(m.utf16);
  }
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return refuse(m.binary);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse(m.notUtf8);
  }
  return parsePriceFile({ name: input.name, text, products: input.products });
}

function refuse(reason: Message): ParsedPriceFile {
  return { ok: false, format: null, reason, line: null, rejected: [] };
}

function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}
