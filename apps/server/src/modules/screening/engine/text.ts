// Small helpers shared by the list parsers: decoding files, cleaning values, IMO numbers, dates.

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = new TextDecoder('windows-1252');

/**
 * A file's text: UTF-8 (with or without a byte-order mark), else Windows-1252 — OFAC's legacy CSV
 * is cp1252 (2024's sdn.csv has bytes that are not UTF-8).
 */
export function decodeListText(content: Buffer | Uint8Array | string): string {
  if (typeof content === 'string') return content;
  try {
    return utf8.decode(content);
  } catch {
    return cp1252.decode(content);
  }
}

/** Trimmed, inner whitespace collapsed; empty → null. */
export function clean(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = (value instanceof Date ? value.toISOString().slice(0, 10) : String(value)).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Distinct non-empty values, first spelling kept (compared case-insensitively). */
export function distinct(values: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = clean(value);
    if (!text) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

// "IMO 9187629", "(IMO) Number: 1790183", "IMO number: 9187629", "(IMO number):7408873", "IMO No. 9187629", "IMO: 9187629".
const IMO_IN_TEXT = /\bIMO\)?(?:\s*(?:number|no\.?|nr\.?|#))?\s*[:.)]*\s*(\d{7})\b/gi;

/** The IMO numbers written in a text (seven digits each, no prefix), in order, without repeats. */
export function imoNumbersIn(...texts: Array<string | null | undefined>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(IMO_IN_TEXT)) if (!found.includes(match[1]!)) found.push(match[1]!);
  }
  return found;
}

/** A bare IMO number field ("9187629", "IMO 9187629", "IMO9187629") → the seven digits, else null. */
export function imoNumberField(value: unknown): string | null {
  const text = clean(value);
  if (!text) return null;
  const match = /^(?:IMO\s*[:.]?\s*)?(\d{7})$/i.exec(text);
  return match ? match[1]! : null;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };

/** "14/04/2025", "2025-04-14", "2025-04-14T10:00:00Z", "14 April 2025" → "2025-04-14"; otherwise null. */
export function isoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = clean(value);
  if (!text) return null;
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (match) return valid(+match[1]!, +match[2]!, +match[3]!);
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (match) return valid(+match[3]!, +match[2]!, +match[1]!);
  match = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(text);
  if (match && MONTHS[match[2]!.toLowerCase()]) return valid(+match[3]!, MONTHS[match[2]!.toLowerCase()]!, +match[1]!);
  return null;
}

function valid(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
