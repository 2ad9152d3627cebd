// Detects which list a set of files is, parses it, and checks it is whole before anyone stores it.
import path from 'node:path';
import { parseOfac, type OfacFileSet } from './ofac';
import { parseUnXml } from './un';
import type { ListValidation, ParsedList, SanctionsFile } from './types';

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

const asText = (content: Buffer | string) => (typeof content === 'string' ? content : content.toString('utf8'));

/** The role a file plays, from its name (case-insensitive, any folder) or, for XML, its content. */
export function classifySanctionsFile(file: SanctionsFile): { source: ParsedList['source']; part: keyof OfacFileSet | 'xml' } | null {
  const base = path.basename(file.name).toLowerCase();
  const known = OFAC_NAMES[base];
  if (known) return known;
  if (base.endsWith('.xml')) {
    const head = asText(file.content).slice(0, 2000);
    if (/<CONSOLIDATED_LIST\b/.test(head)) return { source: 'un', part: 'xml' };
  }
  return null;
}

/**
 * Parses every recognised list in `files`. Files are recognised by OFAC's names (sdn.csv, add.csv,
 * alt.csv, sdn_comments.csv, cons_prim.csv, cons_add.csv, cons_alt.csv, cons_comments.csv) and the
 * UN XML by its root element. Throws on a file it cannot place, or an OFAC set without its primary file.
 */
export function parseSanctionsFiles(files: SanctionsFile[]): ParsedList[] {
  const ofac = new Map<'ofac_sdn' | 'ofac_consolidated', OfacFileSet & { primary?: string }>();
  const lists: ParsedList[] = [];
  for (const file of files) {
    const role = classifySanctionsFile(file);
    if (!role) throw new Error(`Not a known sanctions list file: ${file.name}`);
    if (role.part === 'xml') {
      lists.push(parseUnXml(asText(file.content)));
      continue;
    }
    const source = role.source as 'ofac_sdn' | 'ofac_consolidated';
    const set = ofac.get(source) ?? ({} as Partial<OfacFileSet>);
    set[role.part] = asText(file.content);
    ofac.set(source, set as OfacFileSet);
  }
  for (const [source, set] of ofac) {
    if (set.primary === undefined) {
      throw new Error(`${source}: the primary file (${source === 'ofac_sdn' ? 'sdn.csv' : 'cons_prim.csv'}) is missing`);
    }
    lists.unshift(parseOfac(source, set));
  }
  return lists;
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
