// UN Security Council Consolidated List (XML, https://www.un.org/sc/resources/sc-sanctions.xsd).
import { lazyModule } from '../../../lib/lazy-module';
import { imoNumbersIn } from './text';
import type { AliasKind, ParsedList, SanctionsAlias, SanctionsEntity } from './types';

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'INDIVIDUAL',
  'ENTITY',
  'INDIVIDUAL_ALIAS',
  'ENTITY_ALIAS',
  'INDIVIDUAL_ADDRESS',
  'ENTITY_ADDRESS',
  'INDIVIDUAL_DATE_OF_BIRTH',
  'VALUE',
]);

const text = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return text((value as Node)['#text']);
  return String(value).replace(/\s+/g, ' ').trim();
};
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value ? [value as Node] : []);
const values = (value: unknown): string[] =>
  list(value)
    .flatMap((node) => list(node?.VALUE))
    .map(text)
    .filter(Boolean);

function alias(node: Node): SanctionsAlias | null {
  const name = text(node.ALIAS_NAME);
  if (!name) return null;
  const quality = text(node.QUALITY).toLowerCase();
  const kind: AliasKind = quality.startsWith('f.k.a') ? 'fka' : quality.startsWith('n.k.a') ? 'nka' : 'aka';
  return { name, kind, weak: quality === 'low' };
}

function address(node: Node): string {
  return ['STREET', 'CITY', 'STATE_PROVINCE', 'ZIP_CODE', 'COUNTRY']
    .map((key) => text(node[key]))
    .filter(Boolean)
    .join(', ');
}

function dateOfBirth(node: Node): string {
  const date = text(node.DATE);
  if (date) return date;
  const year = text(node.YEAR);
  const from = text(node.FROM_YEAR);
  const to = text(node.TO_YEAR);
  const type = text(node.TYPE_OF_DATE).toUpperCase();
  if (from && to) return `${from}-${to}`;
  if (year) return type === 'APPROXIMATELY' ? `circa ${year}` : year;
  return '';
}

export function parseUnXml(xml: string): ParsedList {
  const problems: string[] = [];
  const { XMLParser, XMLValidator } = loadFastXmlParser();
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    problems.push(`UN list: the XML is malformed (${valid.err.msg}, line ${valid.err.line}); it may be cut off`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = parser.parse(xml) as Node;
  const root = (doc.CONSOLIDATED_LIST ?? {}) as Node;
  if (!doc.CONSOLIDATED_LIST) problems.push('UN list: no CONSOLIDATED_LIST element');
  const generated = text(root['@_dateGenerated']);
  const publishedAt = /^\d{4}-\d{2}-\d{2}/.test(generated) ? generated.slice(0, 10) : null;
  const entities: SanctionsEntity[] = [];
  const add = (node: Node, person: boolean) => {
    const ref = text(node.REFERENCE_NUMBER);
    const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((k) => text(node[k])).filter(Boolean);
    const name = parts.join(' ');
    if (!ref || !name) {
      problems.push(`UN list: a record without ${ref ? 'a name' : 'a REFERENCE_NUMBER'} (${ref || name || text(node.DATAID)})`);
      return;
    }
    const aliases = list(node[person ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS'])
      .map(alias)
      .filter((a): a is SanctionsAlias => a !== null);
    const original = text(node.NAME_ORIGINAL_SCRIPT);
    if (original && original !== name) aliases.push({ name: original, kind: 'aka', weak: false });
    const remarks = text(node.COMMENTS1) || null;
    const imoNumbers = imoNumbersIn(remarks, text(node.OTHER_INFORMATION), ...list(node.ENTITY_ADDRESS).map(address));
    entities.push({
      id: `un:${ref}`,
      source: 'un',
      type: person ? 'person' : 'organization',
      name,
      aliases,
      programs: [text(node.UN_LIST_TYPE)].filter(Boolean),
      addresses: list(node[person ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS'])
        .map(address)
        .filter(Boolean),
      datesOfBirth: person ? list(node.INDIVIDUAL_DATE_OF_BIRTH).map(dateOfBirth).filter(Boolean) : [],
      nationalities: person ? values(node.NATIONALITY) : [],
      remarks,
      ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
    });
  };
  for (const group of list(root.INDIVIDUALS)) for (const node of list(group.INDIVIDUAL)) add(node, true);
  for (const group of list(root.ENTITIES)) for (const node of list(group.ENTITY)) add(node, false);
  return { source: 'un', publishedAt, entities, problems };
}

/** The XML parser only when a UN list is imported. */
const loadFastXmlParser = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');
