// EU Financial Sanctions Files (FSF): the XML export (namespace http://eu.europa.ec/fpi/fsd/export, root
// <export generationDate=…>, one <sanctionEntity logicalId=…> per entry with <subjectType code=…>,
// <nameAlias wholeName=… strong=…>, <regulation programme=…>, <birthdate>, <citizenship>, <address>,
// <identification>, <remark>) and its semicolon-separated CSV (one row per name and detail, the same
// fields flattened: Entity_LogicalId, NameAlias_WholeName, Entity_SubjectType, …).
import { lazyModule } from '../../../lib/lazy-module';
import { readCsv } from './csv';
import { clean, distinct, imoNumberField, imoNumbersIn, isoDate } from './text';
import type { EntityType, ParsedList, SanctionsAlias, SanctionsEntity } from './types';

const loadFastXmlParser = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');

type Node = Record<string, unknown>;

const ARRAYS = new Set(['sanctionEntity', 'nameAlias', 'regulation', 'birthdate', 'citizenship', 'address', 'identification', 'remark']);

export function looksLikeEuXml(head: string): boolean {
  return /fpi\/fsd\/export/.test(head) || (/<export\b/.test(head) && /<sanctionEntity\b/.test(head));
}

export function looksLikeEuCsv(head: string): boolean {
  return /(^|;)"?Entity_LogicalId"?(;|$)/m.test(head.split(/\r?\n/, 1)[0] ?? '');
}

function entityType(code: string | null): EntityType {
  return code?.toLowerCase() === 'person' ? 'person' : 'organization';
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);
const attr = (node: Node, name: string) => clean(node[`@_${name}`]);
const nodeText = (node: unknown): string | null => (node && typeof node === 'object' ? clean((node as Node)['#text']) : clean(node));

function birthText(day: string | null, month: string | null, year: string | null, whole: string | null, circa: boolean): string | null {
  const full = isoDate(whole);
  let text: string | null = full;
  if (!text && year) text = month ? `${year}-${month.padStart(2, '0')}${day ? `-${day.padStart(2, '0')}` : ''}` : year;
  if (!text) return null;
  return circa ? `circa ${text}` : text;
}

function joinAddress(parts: Array<string | null>): string {
  return parts.filter(Boolean).join(', ');
}

/** One entry in the making, shared by the XML and CSV readers. */
interface Draft {
  logicalId: string;
  type: EntityType;
  names: Array<{ name: string; weak: boolean }>;
  programs: string[];
  addresses: string[];
  datesOfBirth: string[];
  nationalities: string[];
  remarks: string[];
  imo: string[];
}

function finish(draft: Draft): SanctionsEntity | null {
  const names = draft.names.filter((entry) => entry.name);
  const primary = names.find((entry) => !entry.weak) ?? names[0];
  if (!primary) return null;
  const seen = new Set([primary.name.toLowerCase()]);
  const aliases: SanctionsAlias[] = [];
  for (const entry of names) {
    if (seen.has(entry.name.toLowerCase())) continue;
    seen.add(entry.name.toLowerCase());
    aliases.push({ name: entry.name, kind: 'aka', weak: entry.weak });
  }
  const remarks = distinct(draft.remarks).join(' ') || null;
  const imoNumbers = distinct([...draft.imo, ...imoNumbersIn(remarks)]);
  return {
    id: `eu_fsf:${draft.logicalId}`,
    source: 'eu_fsf',
    type: draft.type,
    name: primary.name,
    aliases,
    programs: distinct(draft.programs),
    addresses: distinct(draft.addresses),
    datesOfBirth: distinct(draft.datesOfBirth),
    nationalities: distinct(draft.nationalities),
    remarks,
    ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
  };
}

function isImoIdentification(type: string | null, description: string | null): boolean {
  return /\bimo\b/i.test(type ?? '') || /\bIMO\b/.test(description ?? '');
}

export function parseEuXml(xml: string, fileName = 'EU list'): ParsedList {
  const problems: string[] = [];
  const { XMLParser, XMLValidator } = loadFastXmlParser();
  const valid = XMLValidator.validate(xml);
  if (valid !== true) problems.push(`${fileName}: the XML is malformed (${valid.err.msg}, line ${valid.err.line}); it may be cut off`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ARRAYS.has(name),
  });
  let doc: Node = {};
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    if (valid === true) problems.push(`${fileName}: the XML cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const root = doc.export as Node | undefined;
  if (!root) problems.push(`${fileName}: no <export> element`);
  const publishedAt = root ? isoDate(attr(root, 'generationDate')) : null;
  const entities: SanctionsEntity[] = [];
  for (const node of list(root?.sanctionEntity)) {
    const logicalId = attr(node, 'logicalId');
    if (!logicalId) {
      problems.push(`${fileName}: a sanctionEntity without a logicalId`);
      continue;
    }
    const draft: Draft = {
      logicalId,
      type: entityType(attr(list(node.subjectType)[0] ?? (node.subjectType as Node) ?? {}, 'code')),
      names: list(node.nameAlias).map((alias) => ({
        name: attr(alias, 'wholeName') ?? [attr(alias, 'firstName'), attr(alias, 'middleName'), attr(alias, 'lastName')].filter(Boolean).join(' '),
        weak: attr(alias, 'strong') === 'false',
      })),
      programs: list(node.regulation).map((regulation) => attr(regulation, 'programme') ?? ''),
      addresses: list(node.address).map((address) =>
        joinAddress(['street', 'poBox', 'city', 'zipCode', 'region', 'place', 'countryDescription'].map((key) => attr(address, key))),
      ),
      datesOfBirth: list(node.birthdate).map(
        (birth) => birthText(attr(birth, 'dayOfMonth'), attr(birth, 'monthOfYear'), attr(birth, 'year'), attr(birth, 'birthdate'), attr(birth, 'circa') === 'true') ?? '',
      ),
      nationalities: list(node.citizenship).map((citizenship) => attr(citizenship, 'countryDescription') ?? ''),
      remarks: list(node.remark).map((remark) => nodeText(remark) ?? ''),
      imo: list(node.identification)
        .filter((identification) => isImoIdentification(attr(identification, 'identificationTypeCode'), attr(identification, 'identificationTypeDescription')))
        .map((identification) => imoNumberField(attr(identification, 'number')) ?? ''),
    };
    const entity = finish(draft);
    if (!entity) problems.push(`${fileName}: entry ${logicalId} has no name`);
    else entities.push(entity);
  }
  if (root && entities.length === 0 && problems.length === 0) problems.push(`${fileName}: the export holds no sanctionEntity`);
  return { source: 'eu_fsf', publishedAt, entities, problems };
}

export function parseEuCsv(text: string, fileName = 'EU list'): ParsedList {
  const { rows, problems } = readCsv(text, fileName, { delimiter: ';' });
  const header = (rows[0] ?? []).map((cell) => cell.trim());
  const col = (name: string) => header.indexOf(name);
  if (col('Entity_LogicalId') < 0) {
    return { source: 'eu_fsf', publishedAt: null, entities: [], problems: [...problems, `${fileName}: no Entity_LogicalId column; this is not the EU CSV layout`] };
  }
  const get = (row: string[], name: string) => {
    const at = col(name);
    return at < 0 ? null : clean(row[at]);
  };
  let publishedAt: string | null = null;
  const drafts = new Map<string, Draft>();
  for (const [position, row] of rows.slice(1).entries()) {
    if (row.length !== header.length) {
      problems.push(`${fileName}: row ${position + 2} has ${row.length} fields, expected ${header.length}; the file may be cut off`);
      continue;
    }
    publishedAt ??= isoDate(get(row, 'fileGenerationDate'));
    const logicalId = get(row, 'Entity_LogicalId');
    if (!logicalId) {
      problems.push(`${fileName}: row ${position + 2} has no Entity_LogicalId`);
      continue;
    }
    let draft = drafts.get(logicalId);
    if (!draft) {
      draft = { logicalId, type: entityType(get(row, 'Entity_SubjectType')), names: [], programs: [], addresses: [], datesOfBirth: [], nationalities: [], remarks: [], imo: [] };
      drafts.set(logicalId, draft);
    }
    const whole = get(row, 'NameAlias_WholeName') ?? [get(row, 'NameAlias_FirstName'), get(row, 'NameAlias_MiddleName'), get(row, 'NameAlias_LastName')].filter(Boolean).join(' ');
    if (whole && !draft.names.some((entry) => entry.name === whole)) draft.names.push({ name: whole, weak: get(row, 'NameAlias_Strong') === 'false' });
    draft.programs.push(get(row, 'Entity_Regulation_Programme') ?? '');
    draft.addresses.push(
      joinAddress(
        ['Address_Street', 'Address_PoBox', 'Address_City', 'Address_ZipCode', 'Address_Region', 'Address_Place', 'Address_CountryDescription'].map((key) => get(row, key)),
      ),
    );
    draft.datesOfBirth.push(
      birthText(get(row, 'BirthDate_Day'), get(row, 'BirthDate_Month'), get(row, 'BirthDate_Year'), get(row, 'BirthDate_BirthDate'), get(row, 'BirthDate_Circa') === 'true') ?? '',
    );
    draft.nationalities.push(get(row, 'Citizenship_CountryDescription') ?? '');
    draft.remarks.push(get(row, 'Entity_Remark') ?? '');
    if (isImoIdentification(get(row, 'Identification_TypeCode'), get(row, 'Identification_TypeDescription'))) {
      draft.imo.push(imoNumberField(get(row, 'Identification_Number')) ?? '');
    }
  }
  const entities: SanctionsEntity[] = [];
  for (const draft of drafts.values()) {
    const entity = finish(draft);
    if (!entity) problems.push(`${fileName}: entry ${draft.logicalId} has no name`);
    else entities.push(entity);
  }
  return { source: 'eu_fsf', publishedAt, entities, problems };
}
