// UK HM Treasury (OFSI) Consolidated List: ConList.csv and its xlsx twin. Row 1 `Last Updated,<dd/mm/yyyy>`,
// row 2 the header (`Name 6, Name 1…Name 5, Title, Name Non-Latin Script, …, Group Type, Alias Type,
// Alias Quality, Regime, Listed On, …, Group ID`), then one row per name; rows of one entry share a Group ID.
import { clean, distinct, imoNumbersIn, isoDate } from './text';
import type { AliasKind, EntityType, ParsedList, SanctionsAlias, SanctionsEntity } from './types';

const REQUIRED = ['Name 6', 'Name 1', 'Group Type', 'Alias Type', 'Group ID'] as const;

/** Whether rows look like the OFSI list (the header within the first rows). */
export function looksLikeUkOfsi(rows: string[][]): boolean {
  return rows.slice(0, 3).some((row) => row.map((cell) => cell.trim()).includes('Group ID') && row.map((cell) => cell.trim()).includes('Name 6'));
}

function entityType(raw: string | null): EntityType {
  switch ((raw ?? '').toLowerCase()) {
    case 'individual':
      return 'person';
    case 'ship':
      return 'vessel';
    default:
      return 'organization';
  }
}

/** "00/00/1960" → "1960", "00/05/1960" → "1960-05", "21/03/1958" → "1958-03-21"; anything else as written. */
function dateOfBirth(raw: string | null): string | null {
  if (!raw) return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw);
  if (!match) return raw;
  const [, day, month, year] = match;
  if (month === '00') return year!;
  if (day === '00') return `${year}-${month}`;
  return isoDate(raw) ?? raw;
}

/** `(Label):value` pairs of OFSI's Other Information, e.g. `(Flag of ship):North Korea`. */
function labelled(text: string | null, label: string): string | null {
  if (!text) return null;
  const start = text.indexOf(`(${label}):`);
  if (start < 0) return null;
  const rest = text.slice(start + label.length + 3);
  const end = rest.search(/\s\([A-Z][^()]*\):/);
  return clean(end < 0 ? rest : rest.slice(0, end));
}

export function parseUkOfsiRows(rows: string[][], fileName = 'UK OFSI list'): ParsedList {
  const problems: string[] = [];
  let publishedAt: string | null = null;
  const headerAt = rows.findIndex((row, position) => position < 5 && row.some((cell) => cell.trim() === 'Group ID'));
  const first = rows[0] ?? [];
  if (clean(first[0])?.toLowerCase() === 'last updated') publishedAt = isoDate(first[1]);
  if (headerAt < 0) {
    return { source: 'uk_ofsi', publishedAt, entities: [], problems: [`${fileName}: no header row with "Group ID"; this is not the OFSI consolidated list layout`] };
  }
  const header = rows[headerAt]!.map((cell) => cell.trim());
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) problems.push(`${fileName}: the header lacks ${missing.join(', ')}`);
  const col = (name: string) => header.indexOf(name);
  const get = (row: string[], name: string) => {
    const at = col(name);
    return at < 0 ? null : clean(row[at]);
  };
  const groups = new Map<string, string[][]>();
  for (const [offset, row] of rows.slice(headerAt + 1).entries()) {
    const id = get(row, 'Group ID');
    if (!id || !/^\d+$/.test(id)) {
      problems.push(`${fileName}: row ${headerAt + offset + 2} has no valid Group ID; the file may be cut off`);
      continue;
    }
    const group = groups.get(id) ?? [];
    group.push(row);
    groups.set(id, group);
  }
  const fullName = (row: string[]) =>
    distinctParts([get(row, 'Name 1'), get(row, 'Name 2'), get(row, 'Name 3'), get(row, 'Name 4'), get(row, 'Name 5'), get(row, 'Name 6')]);
  const entities: SanctionsEntity[] = [];
  for (const [id, group] of groups) {
    const primaryRow = group.find((row) => (get(row, 'Alias Type') ?? '').toLowerCase() === 'primary name') ?? group[0]!;
    const name = fullName(primaryRow);
    if (!name) {
      problems.push(`${fileName}: entry ${id} has no name`);
      continue;
    }
    const seen = new Set([name.toLowerCase()]);
    const aliases: SanctionsAlias[] = [];
    const addAlias = (alias: string | null, kind: AliasKind, weak: boolean) => {
      if (!alias || seen.has(alias.toLowerCase())) return;
      seen.add(alias.toLowerCase());
      aliases.push({ name: alias, kind, weak });
    };
    for (const row of group) {
      const type = (get(row, 'Alias Type') ?? '').toLowerCase();
      const weak = (get(row, 'Alias Quality') ?? '').toLowerCase().startsWith('low');
      addAlias(fullName(row), type === 'fka' ? 'fka' : 'aka', weak);
      addAlias(get(row, 'Name Non-Latin Script'), 'aka', false);
    }
    const remarks = get(primaryRow, 'Other Information');
    const type = entityType(get(primaryRow, 'Group Type'));
    const imoNumbers = imoNumbersIn(...group.map((row) => get(row, 'Other Information')));
    entities.push({
      id: `uk_ofsi:${id}`,
      source: 'uk_ofsi',
      type,
      name,
      aliases,
      programs: distinct(group.map((row) => get(row, 'Regime'))),
      addresses: distinct(
        group.map((row) =>
          ['Address 1', 'Address 2', 'Address 3', 'Address 4', 'Address 5', 'Address 6', 'Post/Zip Code', 'Country']
            .map((key) => get(row, key))
            .filter(Boolean)
            .join(', '),
        ),
      ),
      datesOfBirth: distinct(group.map((row) => dateOfBirth(get(row, 'DOB')))),
      nationalities: distinct(group.map((row) => get(row, 'Nationality'))),
      remarks,
      ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
      ...(type === 'vessel' ? { vessel: { flag: labelled(remarks, 'Flag of ship'), vesselType: labelled(remarks, 'Type of ship') } } : {}),
    });
  }
  return { source: 'uk_ofsi', publishedAt, entities, problems };
}

function distinctParts(parts: Array<string | null>): string {
  return parts.filter((part): part is string => Boolean(part)).join(' ');
}
