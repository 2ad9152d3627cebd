// Detects which list a set of files is, parses it, and checks it is whole before anyone stores it.
import path from 'node:path';
import { parseAuDfatRows, looksLikeAuDfat } from './au-dfat';
import { looksLikeCaSema, parseCaSemaXml } from './ca-sema';
import { readCsv } from './csv';
import { looksLikeEuCsv, looksLikeEuXml, parseEuCsv, parseEuXml } from './eu-fsf';
import { parseOfac, type OfacFileSet } from './ofac';
import { decodeListText } from './text';
import { looksLikeUkOfsi, parseUkOfsiRows } from './uk-ofsi';
import { parseUnXml } from './un';
import { looksLikeXlsx, readXlsxRows } from './xlsx';
import type { ListValidation, ParsedList, SanctionsFile, SanctionsSource } from './types';

const OFAC_NAMES: Record<string, { source: 'ofac_sdn' | 'ofac_consolidated'; part: keyof OfacFileSet }> = {
  'sdn.csv': { source: 'ofac_sdn', part: 'primary' },
  'add.csv': { source: 'ofac_sdn', part: 'addresses' },
  'alt.csv': { source: 'ofac_sdn', part: 'aliases' },
  'sdn_comments.csv': { source: 'ofac_sdn', part: 'comments' },
  'cons_prim.csv': { source: 'ofac_consolidated', part: 'primary' },
  'cons_add.csv': { source: 'ofac_consolidated', part: 'addresses' },
  'cons_alt.csv': { source: 'ofac_consolidated', part: 'aliases' },
  'cons_comments.csv': { source: 'ofac_consolidated', part: 'comments' },
};

/** A list file, with its rows when it is a workbook already read (readSanctionsFiles does that). */
export type PreparedSanctionsFile = SanctionsFile & { rows?: string[][] };

type FileRole =
  | { source: 'ofac_sdn' | 'ofac_consolidated'; part: keyof OfacFileSet }
  | { source: 'un' | 'ca_sema' | 'eu_fsf'; part: 'xml' }
  | { source: 'eu_fsf' | 'uk_ofsi' | 'au_dfat'; part: 'csv' }
  | { source: 'uk_ofsi' | 'au_dfat'; part: 'rows' };

const textCache = new WeakMap<object, string>();
/** A file's text, decoded once (UTF-8, else Windows-1252). */
function asText(file: SanctionsFile): string {
  if (typeof file.content === 'string') return file.content;
  let text = textCache.get(file.content);
  if (text === undefined) {
    text = decodeListText(file.content);
    textCache.set(file.content, text);
  }
  return text;
}

/**
 * The role a file plays: OFAC's files by name (case-insensitive, any folder); XML by its root element
 * (UN, EU, Canada); CSV and workbooks by their header (EU, UK, Australia). `hint` (the source an
 * uploader named) places a renamed OFAC primary file. Null when nothing tells.
 */
export function classifySanctionsFile(file: PreparedSanctionsFile, hint?: SanctionsSource): FileRole | null {
  const base = path.basename(file.name).toLowerCase();
  const known = OFAC_NAMES[base];
  if (known) return known;
  if (file.rows) {
    if (looksLikeUkOfsi(file.rows)) return { source: 'uk_ofsi', part: 'rows' };
    if (looksLikeAuDfat(file.rows)) return { source: 'au_dfat', part: 'rows' };
    return null;
  }
  if (looksLikeXlsx(file.content)) return null;
  const head = asText(file).slice(0, 4000);
  if (/^\s*(<\?xml|<)/.test(head)) {
    if (/<CONSOLIDATED_LIST\b/.test(head)) return { source: 'un', part: 'xml' };
    if (looksLikeEuXml(head)) return { source: 'eu_fsf', part: 'xml' };
    if (looksLikeCaSema(head)) return { source: 'ca_sema', part: 'xml' };
    return null;
  }
  if (looksLikeEuCsv(head)) return { source: 'eu_fsf', part: 'csv' };
  const firstRows = head.split(/\r?\n/, 3).map((line) => line.split(','));
  if (looksLikeUkOfsi(firstRows.map((row) => row.map((cell) => cell.replace(/^"|"$/g, ''))))) return { source: 'uk_ofsi', part: 'csv' };
  if (looksLikeAuDfat(firstRows.map((row) => row.map((cell) => cell.replace(/^"|"$/g, ''))))) return { source: 'au_dfat', part: 'csv' };
  if ((hint === 'ofac_sdn' || hint === 'ofac_consolidated') && /^\s*\d+,"/.test(head)) return { source: hint, part: 'primary' };
  return null;
}

/**
 * Parses every recognised list in `files` (text files, and workbooks whose rows were read; use
 * readSanctionsFiles for raw .xlsx files). Files are recognised by OFAC's names (sdn.csv, add.csv,
 * alt.csv, sdn_comments.csv, cons_prim.csv, cons_add.csv, cons_alt.csv, cons_comments.csv), the XML
 * lists by their root element, and the EU, UK and Australian CSV and workbooks by their header.
 * Throws on a file it cannot place, or an OFAC set without its primary file.
 */
export function parseSanctionsFiles(files: PreparedSanctionsFile[], options: { source?: SanctionsSource } = {}): ParsedList[] {
  const ofac = new Map<'ofac_sdn' | 'ofac_consolidated', OfacFileSet & { primary?: string }>();
  const lists: ParsedList[] = [];
  for (const file of files) {
    const role = classifySanctionsFile(file, options.source);
    if (!role) {
      if (!file.rows && looksLikeXlsx(file.content)) throw new Error(`${file.name}: a workbook must be read first (readSanctionsFiles).`);
      throw new Error(`Not a known sanctions list file: ${file.name}`);
    }
    const name = path.basename(file.name);
    switch (role.part) {
      case 'xml': {
        const xml = asText(file);
        lists.push(role.source === 'un' ? parseUnXml(xml) : role.source === 'eu_fsf' ? parseEuXml(xml, name) : parseCaSemaXml(xml, name));
        continue;
      }
      case 'csv': {
        const text = asText(file);
        if (role.source === 'eu_fsf') lists.push(parseEuCsv(text, name));
        else {
          const { rows, problems } = readCsv(text, name);
          const list = role.source === 'uk_ofsi' ? parseUkOfsiRows(rows, name) : parseAuDfatRows(rows, name);
          lists.push({ ...list, problems: [...problems, ...(list.problems ?? [])] });
        }
        continue;
      }
      case 'rows':
        lists.push(role.source === 'uk_ofsi' ? parseUkOfsiRows(file.rows!, name) : parseAuDfatRows(file.rows!, name));
        continue;
      default: {
        const source = role.source;
        const set = ofac.get(source) ?? ({} as Partial<OfacFileSet>);
        set[role.part] = asText(file);
        ofac.set(source, set as OfacFileSet);
      }
    }
  }
  for (const [source, set] of ofac) {
    if (set.primary === undefined) {
      throw new Error(`${source}: the primary file (${source === 'ofac_sdn' ? 'sdn.csv' : 'cons_prim.csv'}) is missing`);
    }
    lists.unshift(parseOfac(source, set));
  }
  const sources = lists.map((list) => list.source);
  const twice = sources.find((source, position) => sources.indexOf(source) !== position);
  if (twice) throw new Error(`${twice}: more than one file of this list was given; send one version at a time.`);
  return lists;
}

/** Like parseSanctionsFiles, and reads .xlsx workbooks first (the UK and Australian lists). */
export async function readSanctionsFiles(files: PreparedSanctionsFile[], options: { source?: SanctionsSource } = {}): Promise<ParsedList[]> {
  const prepared: PreparedSanctionsFile[] = [];
  for (const file of files) {
    if (!file.rows && looksLikeXlsx(file.content)) {
      prepared.push({ ...file, rows: await readXlsxRows(file.content as Buffer, path.basename(file.name)) });
    } else prepared.push(file);
  }
  return parseSanctionsFiles(prepared, options);
}

/** Share of the previous version's entries a new version may lose before it is refused. */
export const MAX_ENTRY_DROP = 0.2;

/**
 * Refuses a list that must not replace a stored one: structural problems (a cut-off last row, an
 * unterminated quote, malformed XML), no entities, nameless entries, duplicate ids, or an entry count
 * that fell by more than MAX_ENTRY_DROP against the previous stored version.
 */
export function validateParsedList(list: ParsedList, previous?: { entries: number } | null): ListValidation {
  if (list.problems?.length) {
    const more = list.problems.length > 1 ? ` (and ${list.problems.length - 1} more problems)` : '';
    return { ok: false, reason: `${list.problems[0]}${more}` };
  }
  if (list.entities.length === 0) return { ok: false, reason: `${list.source}: the list has no entries` };
  const ids = new Set<string>();
  for (const entity of list.entities) {
    if (!entity.name.trim()) return { ok: false, reason: `${list.source}: entry ${entity.id} has no name` };
    if (ids.has(entity.id)) return { ok: false, reason: `${list.source}: entry ${entity.id} appears twice` };
    ids.add(entity.id);
  }
  if (previous && previous.entries > 0 && list.entities.length < previous.entries * (1 - MAX_ENTRY_DROP)) {
    return {
      ok: false,
      reason: `${list.source}: ${list.entities.length} entries against ${previous.entries} in the stored version (a drop of more than ${Math.round(
        MAX_ENTRY_DROP * 100,
      )}%); the file may be incomplete`,
    };
  }
  return { ok: true };
}
