// Australia DFAT Consolidated List (regulation8_consolidated.xlsx): header `Reference, Name of
// Individual or Entity, Type, Name Type, Date of Birth, Place of Birth, Citizenship, Address, Additional
// Information, Listing Information, Committees, Control Date`, one row per name. An entry's aliases
// carry its Reference plus a suffix (`2` → `2a`, `1276c1`). `Type` and `Name Type` vary in case and
// carry trailing spaces ("Entity ", "individual", "Aka ", "primary Name").
import { clean, distinct, imoNumbersIn, isoDate } from './text';
import type { AliasKind, EntityType, ParsedList, SanctionsAlias, SanctionsEntity } from './types';

const NAME_COLUMN = 'Name of Individual or Entity';

export function looksLikeAuDfat(rows: string[][]): boolean {
  return rows.slice(0, 3).some((row) => row.some((cell) => cell.trim() === NAME_COLUMN));
}

function entityType(raw: string | null): EntityType {
  const value = (raw ?? '').toLowerCase();
  if (value.startsWith('individual')) return 'person';
  if (value.startsWith('vessel') || value.startsWith('ship')) return 'vessel';
  return 'organization';
}

function aliasKind(nameType: string): AliasKind {
  return nameType.startsWith('formerly') || nameType.startsWith('previously') ? 'fka' : 'aka';
}

/** "NA", "N/A", "-" mean nothing. */
const value = (raw: string | undefined): string | null => {
  const text = clean(raw);
  return text && !/^(n\/?a|-)$/i.test(text) ? text : null;
};

export function parseAuDfatRows(rows: string[][], fileName = 'Australia DFAT list'): ParsedList {
  const problems: string[] = [];
  const headerAt = rows.findIndex((row, position) => position < 3 && row.some((cell) => cell.trim() === NAME_COLUMN));
  if (headerAt < 0) {
    return { source: 'au_dfat', publishedAt: null, entities: [], problems: [`${fileName}: no "${NAME_COLUMN}" header; this is not the DFAT consolidated list layout`] };
  }
  const header = rows[headerAt]!.map((cell) => cell.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name.toLowerCase());
  for (const name of ['Reference', NAME_COLUMN, 'Type', 'Name Type']) {
    if (col(name) < 0) problems.push(`${fileName}: the header lacks ${name}`);
  }
  const get = (row: string[], name: string) => {
    const at = col(name);
    return at < 0 ? null : value(row[at]);
  };
  const groups = new Map<string, string[][]>();
  for (const [offset, row] of rows.slice(headerAt + 1).entries()) {
    const reference = get(row, 'Reference');
    const base = reference ? /^\d+/.exec(reference)?.[0] : undefined;
    if (!base) {
      problems.push(`${fileName}: row ${headerAt + offset + 2} has no valid Reference; the file may be cut off`);
      continue;
    }
    const group = groups.get(base) ?? [];
    group.push(row);
    groups.set(base, group);
  }
  const nameType = (row: string[]) => (get(row, 'Name Type') ?? '').toLowerCase();
  let latestControl: string | null = null;
  const entities: SanctionsEntity[] = [];
  for (const [reference, group] of groups) {
    const primaryRow = group.find((row) => nameType(row) === 'primary name') ?? group[0]!;
    const name = get(primaryRow, NAME_COLUMN);
    if (!name) {
      problems.push(`${fileName}: entry ${reference} has no name`);
      continue;
    }
    const seen = new Set([name.toLowerCase()]);
    const aliases: SanctionsAlias[] = [];
    for (const row of group) {
      const alias = get(row, NAME_COLUMN);
      if (!alias || seen.has(alias.toLowerCase())) continue;
      seen.add(alias.toLowerCase());
      aliases.push({ name: alias, kind: aliasKind(nameType(row)), weak: false });
    }
    for (const row of group) {
      const control = isoDate(get(row, 'Control Date'));
      if (control && (!latestControl || control > latestControl)) latestControl = control;
    }
    const remarks = get(primaryRow, 'Additional Information');
    const type = entityType(get(primaryRow, 'Type'));
    const imoNumbers = imoNumbersIn(...group.map((row) => get(row, 'Additional Information')));
    entities.push({
      id: `au_dfat:${reference}`,
      source: 'au_dfat',
      type,
      name,
      aliases,
      programs: distinct(group.map((row) => get(row, 'Committees'))),
      addresses: distinct(group.map((row) => get(row, 'Address'))),
      datesOfBirth: distinct(group.map((row) => get(row, 'Date of Birth'))),
      nationalities: distinct(group.map((row) => get(row, 'Citizenship'))),
      remarks,
      ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
      ...(type === 'vessel' ? { vessel: { flag: null, vesselType: null } } : {}),
    });
  }
  // The file carries no publication date: its newest Control Date is the last change it records.
  return { source: 'au_dfat', publishedAt: null, latestChangeAt: latestControl, entities, problems };
}
