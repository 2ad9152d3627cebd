// Canada, Special Economic Measures Act consolidated autonomous sanctions list (sema-lmes.xml):
// root <data-set>, one flat <record> per entry. The 2020 schema has Country, LastName / GivenName or
// Entity, Aliases, DateOfBirth, Title, Schedule, Item; today's has EntityOrShip, TitleOrShip,
// ShipIMONumber, DateOfBirthOrShipBuildDate and DateOfListing (some copies write the tags bilingually,
// `EntityOrShip-EntiteOuNavire`: the part before the hyphen is used). No id: Country (the regime),
// Schedule and Item together are unique, so an entry's id is `ca_sema:<regime>-<schedule>-<item>`.
import { lazyModule } from '../../../lib/lazy-module';
import { clean, distinct, imoNumberField, imoNumbersIn, isoDate } from './text';
import type { EntityType, ParsedList, SanctionsEntity } from './types';

const loadFastXmlParser = lazyModule<typeof import('fast-xml-parser')>('fast-xml-parser');

type Node = Record<string, unknown>;

export function looksLikeCaSema(head: string): boolean {
  return /<data-set\b/.test(head) && /<record\b/.test(head);
}

/** The regime part of an id: "Russia / Russie" → "russia"; "… (JVCFOR) / …" → "jvcfor". */
function regimeKey(country: string): string {
  const acronym = /\(([A-Z]{3,})\)/.exec(country)?.[1];
  const base = acronym ?? country.split('/')[0]!;
  return (
    base
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'na'
  );
}

/** "1, Part 2" → "1p2", "N/A" or none → "na". */
function scheduleKey(schedule: string | null): string {
  if (!schedule || /^n\/?a$/i.test(schedule)) return 'na';
  return schedule.toLowerCase().replace(/,?\s*part\s*/g, 'p').replace(/[^a-z0-9.]+/g, '');
}

function splitAliases(raw: string | null): string[] {
  if (!raw) return [];
  return raw
    .split(/;|,\s(?=[^,]{3,})/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function parseCaSemaXml(xml: string, fileName = 'Canada SEMA list'): ParsedList {
  const problems: string[] = [];
  const { XMLParser, XMLValidator } = loadFastXmlParser();
  const valid = XMLValidator.validate(xml);
  if (valid !== true) problems.push(`${fileName}: the XML is malformed (${valid.err.msg}, line ${valid.err.line}); it may be cut off`);
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => name === 'record',
    // Bilingual tag names: keep the English part.
    transformTagName: (name) => name.split('-')[0]!,
  });
  let doc: Node = {};
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    if (valid === true) problems.push(`${fileName}: the XML cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const root = doc['data-set'] ?? doc.data;
  if (!root) problems.push(`${fileName}: no <data-set> element`);
  const records = ((root as Node | undefined)?.record as Node[] | undefined) ?? [];
  const entities: SanctionsEntity[] = [];
  let latestListing: string | null = null;
  for (const record of records) {
    const get = (key: string) => clean(typeof record[key] === 'object' ? (record[key] as Node)['#text'] : record[key]);
    const country = get('Country') ?? '';
    const item = get('Item');
    const given = get('GivenName');
    const last = get('LastName');
    const entityName = get('EntityOrShip') ?? get('Entity');
    const name = entityName ?? [given, last].filter(Boolean).join(' ');
    if (!item || !name) {
      problems.push(`${fileName}: a record without ${item ? 'a name' : 'an Item number'} (${name || country})`);
      continue;
    }
    const imo = imoNumberField(get('ShipIMONumber'));
    const titleOrShip = get('TitleOrShip') ?? get('TitleOrShipType');
    const type: EntityType = imo ? 'vessel' : entityName ? 'organization' : 'person';
    const bornOrBuilt = get('DateOfBirthOrShipBuildDate') ?? get('DateOfBirth');
    const listed = isoDate(get('DateOfListing'));
    if (listed && (!latestListing || listed > latestListing)) latestListing = listed;
    const title = type === 'vessel' ? null : (titleOrShip ?? get('Title'));
    const remarks = [title ? `Title: ${title}` : null, type === 'vessel' && bornOrBuilt ? `Built: ${bornOrBuilt}` : null, listed ? `Listed: ${listed}` : null]
      .filter(Boolean)
      .join('; ');
    const imoNumbers = distinct([imo, ...imoNumbersIn(get('Aliases'))]);
    entities.push({
      id: `ca_sema:${regimeKey(country)}-${scheduleKey(get('Schedule'))}-${item.replace(/[^\w.]+/g, '')}`,
      source: 'ca_sema',
      type,
      name,
      aliases: splitAliases(get('Aliases'))
        .filter((alias) => alias.toLowerCase() !== name.toLowerCase())
        .map((alias) => ({ name: alias, kind: 'aka' as const, weak: false })),
      programs: distinct([country.split('/')[0]]),
      addresses: [],
      datesOfBirth: type === 'person' && bornOrBuilt ? [bornOrBuilt] : [],
      nationalities: [],
      remarks: remarks || null,
      ...(imoNumbers.length > 0 ? { imoNumbers } : {}),
      ...(type === 'vessel' ? { vessel: { flag: null, vesselType: titleOrShip } } : {}),
    });
  }
  return { source: 'ca_sema', publishedAt: null, latestChangeAt: latestListing, entities, problems };
}
