import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real EIA/FRED files of ../shared/data (next to the repository; never copied into it). */
export const sharedDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data');

export function readSharedFile(relative: string): string {
  return readFileSync(path.join(sharedDataDir, relative), 'utf8');
}

/**
 * Every daily spot price CSV of the eia-* folders (weekly/monthly files are not products here; the
 * futures folder's CSV downloads have their own importer and tests).
 */
export function listDailyPriceFiles(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(sharedDataDir).filter((name) => name.startsWith('eia-') && name !== 'eia-futures').sort()) {
    for (const name of readdirSync(path.join(sharedDataDir, folder)).sort()) {
      if (!name.endsWith('.csv') || /weekly|monthly/.test(name)) continue;
      files.push(`${folder}/${name}`);
    }
  }
  return files;
}

/** Every EIA/FRED file, refused ones included (what an operator would point the importer at). */
export function listAllPriceFiles(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(sharedDataDir).filter((name) => name.startsWith('eia-')).sort()) {
    for (const name of readdirSync(path.join(sharedDataDir, folder)).sort()) {
      if (name.endsWith('.csv')) files.push(`${folder}/${name}`);
    }
  }
  return files;
}

export interface FileObservation {
  date: string;
  value: string;
}

/**
 * The observations of a two-column price file, read independently of the importer (by csv-parse):
 * every record after the header with two cells whose second is neither empty nor '.'.
 */
export function readObservations(text: string): FileObservation[] {
  const records: string[][] = parse(text, { bom: true, trim: true, relax_column_count: true, skip_empty_lines: true, from_line: 2 });
  return records
    .filter((cells) => cells.length === 2 && cells[1] !== '' && cells[1] !== '.')
    .map(([date, value]) => ({ date: date!, value: value! }));
}

/** a − b on values with at most 6 decimals, as a number rounded to 6 decimals. */
export function difference(a: string, b: string): number {
  return Math.round((Number(a) - Number(b)) * 1e6) / 1e6;
}
