// OFAC legacy CSV sets: SDN (sdn/add/alt/sdn_comments) and the consolidated non-SDN lists
// (cons_prim/cons_add/cons_alt/cons_comments). Same columns in both.
import { ofacValue, parseCsv } from './csv';
import { imoNumbersIn } from './text';
import type { AliasKind, EntityType, ParsedList, SanctionsAlias, SanctionsEntity, SanctionsSource } from './types';

export interface OfacFileSet {
  primary: string;
  addresses?: string;
  aliases?: string;
  comments?: string;
}

const FIELDS = { primary: 12, addresses: 6, aliases: 5, comments: 2 } as const;

function entityType(raw: string | null): EntityType {
  switch ((raw ?? '').toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return 'organization';
  }
}

function aliasKind(raw: string | null): AliasKind {
  const value = (raw ?? '').toLowerCase().replace(/\./g, '');
  return value === 'fka' || value === 'nka' ? value : 'aka';
}

// OFAC writes the weak aliases only in the remarks, in single quotes: "a.k.a. 'BNC'.".
const WEAK_ALIAS = /\b([afn])\.k\.a\.,?\s*'(.+?)'(?=\s*(?:[;.,]|$))/g;

export function weakAliasesFromRemarks(remarks: string | null): SanctionsAlias[] {
  if (!remarks) return [];
  const found: SanctionsAlias[] = [];
  for (const m of remarks.matchAll(WEAK_ALIAS)) {
    const name = m[2].trim();
    if (name) found.push({ name, kind: `${m[1].toLowerCase()}ka` as AliasKind, weak: true });
  }
  return found;
}

function remarkValues(remarks: string | null, label: RegExp): string[] {
  if (!remarks) return [];
  const values: string[] = [];
  for (const part of remarks.split(';')) {
    const m = label.exec(part.trim());
    if (m) values.push(m[1].trim().replace(/\.$/, ''));
  }
  return values;
}

export function parseOfac(source: SanctionsSource, files: OfacFileSet): ParsedList {
  const problems: string[] = [];
  const read = (text: string | undefined, kind: keyof typeof FIELDS) => {
    if (text === undefined) return [];
    const result = parseCsv(text, `${source} ${kind} file`, FIELDS[kind]);
    problems.push(...result.problems);
    return result.rows;
  };
  const comments = new Map<string, string>();
  for (const row of read(files.comments, 'comments')) {
    const id = row[0]?.trim();
    const text = row[1] ?? '';
    if (id) comments.set(id, (comments.get(id) ?? '') + text);
  }
  const entities = new Map<string, SanctionsEntity>();
  for (const row of read(files.primary, 'primary')) {
    const listId = row[0]?.trim();
    const name = ofacValue(row[1]);
    if (!listId || !/^\d+$/.test(listId)) {
      problems.push(`${source} primary file: row with an invalid entry number "${row[0] ?? ''}"`);
      continue;
    }
    if (!name) {
      problems.push(`${source} primary file: entry ${listId} has no name`);
      continue;
    }
    let remarks = ofacValue(row[11]);
    const more = comments.get(listId);
    if (more) remarks = (remarks ?? '') + more;
    const programs = (ofacValue(row[3]) ?? '')
      .split(/\]\s*\[/)
      .map((p) => p.replace(/[[\]]/g, '').trim())
      .filter(Boolean);
    const type = entityType(ofacValue(row[2]));
    const imoNumbers = imoNumbersIn(remarks);
    entities.set(listId, {
      id: `${source}:${listId}`,
      source,
      type,
      name,
      aliases: weakAliasesFromRemarks(remarks),
      programs,
      addresses: [],
      datesOfBirth: remarkValues(remarks, /^DOB\s+(.+)$/i),
      nationalities: remarkValues(remarks, /^(?:nationality|citizen)\s+(.+)$/i),
      remarks,
      ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
      ...(type === 'vessel'
        ? { vessel: { flag: ofacValue(row[9]), vesselType: ofacValue(row[6]), callSign: ofacValue(row[5]) } }
        : {}),
    });
  }
  for (const row of read(files.aliases, 'aliases')) {
    const entity = entities.get(row[0]?.trim() ?? '');
    const name = ofacValue(row[3]);
    if (!entity || !name) continue;
    const remark = (ofacValue(row[4]) ?? '').toLowerCase();
    entity.aliases.push({ name, kind: aliasKind(ofacValue(row[2])), weak: remark.includes('weak') });
  }
  for (const row of read(files.addresses, 'addresses')) {
    const entity = entities.get(row[0]?.trim() ?? '');
    if (!entity) continue;
    const parts = [row[2], row[3], row[4]].map(ofacValue).filter((v): v is string => v !== null);
    if (parts.length) entity.addresses.push(parts.join(', '));
  }
  return { source, publishedAt: null, entities: [...entities.values()], problems };
}
