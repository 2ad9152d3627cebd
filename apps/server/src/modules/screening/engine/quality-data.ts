// Loads the real lists and the labelled name-matching data from ../shared/data for the quality tests
// and bench/screening. Throws when the data is absent, so a test can never pass without it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../../../test/market-data';
import { parseCsv } from './csv';
import { parseSanctionsFiles } from './parse';
import type { LabelledPair } from './quality';
import type { ParsedList } from './types';

export const LIST_FOLDERS = ['ofac-sdn-2021', 'ofac-consolidated-nonsdn', 'un-consolidated'] as const;

export function sharedPath(...parts: string[]): string {
  const full = path.join(sharedDataDir, ...parts);
  if (!existsSync(full)) throw new Error(`Shared test data is missing: ${full} (see ../shared/data/SOURCES.md)`);
  return full;
}

export function readListFolder(folder: string): Array<{ name: string; content: Buffer }> {
  const dir = sharedPath(folder);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(dir, name)) }));
}

/** SDN (2021), consolidated non-SDN and UN, parsed. */
export function loadRealLists(): ParsedList[] {
  return LIST_FOLDERS.flatMap((folder) => parseSanctionsFiles(readListFolder(folder)));
}

/** A headed CSV as objects. */
export function readHeadedCsv(...parts: string[]): Array<Record<string, string>> {
  const text = readFileSync(sharedPath(...parts), 'utf8');
  const header = text.slice(0, text.indexOf('\n')).replace(/\r$/, '').split(',');
  const { rows } = parseCsv(text, parts.join('/'), header.length);
  return rows.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])));
}

export function loadNameBench(): LabelledPair[] {
  return readHeadedCsv('name-matching-eval', 'nomenklatura_name_bench_cases.csv').map((r) => ({
    group: r.case_group,
    schema: r.schema,
    name1: r.name1,
    name2: r.name2,
    isMatch: r.is_match === 'true',
  }));
}

export function loadFullNames(file: string): string[] {
  return readHeadedCsv('name-matching-eval', file)
    .map((r) => r.full_name)
    .filter(Boolean);
}
