// The second round of lists (EU, UK, Canada, Australia), the 2024 SDN and IMO numbers, on the real
// files in ../shared/data and on fixtures written to the EU's and Canada's published formats. Counts
// are computed here from the files themselves, not through the parsers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSanctionsFiles, readSanctionsFiles, validateParsedList } from './parse';
import { readListFolder, sharedPath } from './quality-data';
import type { ParsedList, SanctionsEntity } from './types';
import { readXlsxRows } from './xlsx';

const fixture = (name: string) => path.join(__dirname, '../../../../test/fixtures/sanctions', name);
const readFixture = (name: string) => readFileSync(fixture(name));
const one = (lists: ParsedList[]): ParsedList => {
  expect(lists).toHaveLength(1);
  return lists[0]!;
};
const byId = (list: ParsedList, id: string): SanctionsEntity => {
  const entity = list.entities.find((e) => e.id === id);
  if (!entity) throw new Error(`no ${id}`);
  return entity;
};
const nameCount = (list: ParsedList) => list.entities.reduce((sum, e) => sum + 1 + e.aliases.length, 0);
const refused = (list: ParsedList, previous?: { entries: number }) => {
  const verdict = validateParsedList(list, previous);
  expect(verdict.ok).toBe(false);
  return verdict.ok ? '' : verdict.reason;
};
/** A cell as OFSI's CSV writes it. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const toCsv = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

describe('EU Financial Sanctions Files (fixtures in the published format)', () => {
  const xmlText = readFixture('eu-fsf-export.xml').toString('utf8');
  const xml = one(parseSanctionsFiles([{ name: 'export.xml', content: readFixture('eu-fsf-export.xml') }]));
  const csv = one(parseSanctionsFiles([{ name: 'export.csv', content: readFixture('eu-fsf-export.csv') }]));

  it('reads every sanctionEntity and every nameAlias, with logicalId ids and the generation date', () => {
    expect(xml.source).toBe('eu_fsf');
    expect(xml.publishedAt).toBe('2026-11-20');
    expect(xml.entities).toHaveLength(xmlText.match(/<sanctionEntity\b/g)!.length);
    expect(nameCount(xml)).toBe(xmlText.match(/<nameAlias\b/g)!.length);
    expect(xml.entities.map((e) => e.id)).toEqual([...xmlText.matchAll(/<sanctionEntity [^>]*logicalId="(\d+)"/g)].map((m) => `eu_fsf:${m[1]}`));
    expect(validateParsedList(xml)).toEqual({ ok: true });
  });

  it('keeps aliases (weak when not strong), programmes, birth dates, citizenships, addresses, remarks and IMO numbers', () => {
    const person = byId(xml, 'eu_fsf:900101');
    expect(person).toMatchObject({
      type: 'person',
      name: 'Ivor Vasilyevich Peltomaa',
      programs: ['UKR'],
      datesOfBirth: ['1971-03-03'],
      nationalities: ['FINLAND'],
      addresses: ['Nevsky prospekt 1, Saint Petersburg, 191186, RUSSIAN FEDERATION'],
      remarks: 'Invented entry for tests.',
    });
    expect(person.aliases).toEqual([
      { name: 'Ивор Васильевич Пелтомаа', kind: 'aka', weak: false },
      { name: 'Ivo Peltoma', kind: 'aka', weak: true },
    ]);
    expect(byId(xml, 'eu_fsf:900102').type).toBe('organization');
    expect(byId(xml, 'eu_fsf:900103').imoNumbers).toEqual(['9876543', '9123456']);
    expect(byId(xml, 'eu_fsf:900104')).toMatchObject({ datesOfBirth: ['circa 1980'], nationalities: ['UNITED KINGDOM', 'NIGERIA'] });
  });

  it('reads the semicolon CSV (one row per name and detail) into the same entries as the XML', () => {
    expect(csv.source).toBe('eu_fsf');
    expect(csv.publishedAt).toBe(xml.publishedAt);
    expect(csv.entities).toEqual(xml.entities);
  });

  it('refuses a cut-off XML and a cut-off CSV', () => {
    expect(refused(one(parseSanctionsFiles([{ name: 'export.xml', content: xmlText.slice(0, Math.floor(xmlText.length * 0.7)) }])))).toMatch(/malformed/);
    const csvText = readFixture('eu-fsf-export.csv').toString('utf8');
    expect(refused(one(parseSanctionsFiles([{ name: 'export.csv', content: csvText.slice(0, Math.floor(csvText.length * 0.8)) }])))).toMatch(
      /fields, expected|cut off/,
    );
  });
});

describe('Canada SEMA', () => {
  it('2020 schema: one entry per record, persons and entities, aliases as written, unique ids', () => {
    const text = readFileSync(sharedPath('canada-sema', 'sema-lmes_2020-04.xml'), 'utf8');
    const list = one(parseSanctionsFiles(readListFolder('canada-sema')));
    expect(list.source).toBe('ca_sema');
    const records = [...text.matchAll(/<record>([\s\S]*?)<\/record>/g)].map((m) => m[1]!);
    expect(list.entities).toHaveLength(records.length);
    expect(list.entities.filter((e) => e.type === 'organization')).toHaveLength(records.filter((r) => r.includes('<Entity>')).length);
    expect(list.entities.filter((e) => e.type === 'person')).toHaveLength(records.filter((r) => r.includes('<LastName>') || r.includes('<GivenName>')).length);
    // Every Aliases text is exactly the entry's aliases, joined again.
    const aliasTexts = records.map((r) => /<Aliases>([^<]*)<\/Aliases>/.exec(r)?.[1]?.replace(/\s+/g, ' ').replace(/&amp;/g, '&').trim() ?? '');
    expect(list.entities.map((e) => e.aliases.map((a) => a.name).join(', '))).toEqual(aliasTexts);
    expect(new Set(list.entities.map((e) => e.id)).size).toBe(records.length);
    expect(list.entities.find((e) => e.name === 'Than Shwe')).toMatchObject({ id: 'ca_sema:burma-2-1', datesOfBirth: ['1933-02-02'], programs: ['Burma'] });
    expect(validateParsedList(list)).toEqual({ ok: true });
  });

  it("today's schema: ships with IMO number and type, persons, listing dates; bilingual tag names too", () => {
    const list = one(parseSanctionsFiles([{ name: 'sema-lmes.xml', content: readFixture('ca-sema-current.xml') }]));
    expect(list.entities).toHaveLength(4);
    expect(list.latestChangeAt).toBe('2025-06-24');
    const ship = byId(list, 'ca_sema:russia-7-1');
    expect(ship).toMatchObject({ type: 'vessel', name: 'NORDIC ZEPHYRA', imoNumbers: ['9123456'], vessel: { flag: null, vesselType: 'Crude Oil Tanker' } });
    expect(ship.aliases).toEqual([{ name: 'ZEPHYRA I', kind: 'aka', weak: false }]);
    expect(ship.datesOfBirth).toEqual([]);
    expect(byId(list, 'ca_sema:russia-1p1-9001')).toMatchObject({ type: 'person', name: 'Ivor Vasilyevich Peltomaa', datesOfBirth: ['1971-03-03'] });
    // The same Schedule and Item under two regimes are two entries.
    expect(byId(list, 'ca_sema:belarus-1p2-9002').type).toBe('organization');
    expect(byId(list, 'ca_sema:russia-1p2-9002').type).toBe('organization');
    const bilingual = one(parseSanctionsFiles([{ name: 'sema.xml', content: readFixture('ca-sema-bilingual.xml') }]));
    expect(bilingual.entities[0]).toMatchObject({ id: 'ca_sema:russia-7-2', type: 'vessel', imoNumbers: ['9234567'], vessel: { vesselType: 'General Cargo' } });
  });

  it('refuses a cut-off file', () => {
    const text = readFileSync(sharedPath('canada-sema', 'sema-lmes_2020-04.xml'), 'utf8');
    expect(refused(one(parseSanctionsFiles([{ name: 'sema-lmes.xml', content: text.slice(0, text.length / 2) }])))).toMatch(/malformed/);
  });
});

describe('UK OFSI consolidated list', () => {
  const files = ['ConList_2025-04-14.xlsx', 'ConList_2023-06-05.xlsx'] as const;
  const rows = new Map<string, string[][]>();
  const lists = new Map<string, ParsedList>();
  beforeAll(async () => {
    for (const file of files) {
      const content = readFileSync(sharedPath('uk-ofsi-conlist', file));
      rows.set(file, await readXlsxRows(content, file));
      lists.set(file, one(await readSanctionsFiles([{ name: file, content }])));
    }
  }, 120_000);

  it.each(files)('%s: one entry per Group ID, every distinct name of the group, the Last Updated date', (file) => {
    const sheet = rows.get(file)!;
    const list = lists.get(file)!;
    expect(sheet[0]![0]).toBe('Last Updated');
    const header = sheet[1]!;
    const at = (name: string) => header.indexOf(name);
    const groups = new Map<string, Set<string>>();
    for (const row of sheet.slice(2)) {
      const id = row[at('Group ID')]!;
      const names = groups.get(id) ?? new Set<string>();
      const full = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6']
        .map((n) => (row[at(n)] ?? '').trim())
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' ');
      if (full) names.add(full.toLowerCase());
      const script = (row[at('Name Non-Latin Script')] ?? '').replace(/\s+/g, ' ').trim();
      if (script) names.add(script.toLowerCase());
      groups.set(id, names);
    }
    expect(list.source).toBe('uk_ofsi');
    expect(list.publishedAt).toBe(file.includes('2025') ? '2025-04-14' : '2023-06-05');
    expect(list.entities).toHaveLength(groups.size);
    expect(nameCount(list)).toBe([...groups.values()].reduce((sum, names) => sum + names.size, 0));
    expect(validateParsedList(list)).toEqual({ ok: true });
  });

  it('the published row and Group ID counts (SOURCES.md) hold', () => {
    expect(rows.get(files[0])!.length - 2).toBe(18_798);
    expect(lists.get(files[0])!.entities).toHaveLength(4_688);
    expect(lists.get(files[1])!.entities).toHaveLength(3_993);
  });

  it('ships carry their IMO number, flag and type from Other Information; regimes are programmes', () => {
    const list = lists.get(files[0])!;
    const ship = byId(list, 'uk_ofsi:13651');
    expect(ship).toMatchObject({ type: 'vessel', imoNumbers: ['7408873'], vessel: { flag: 'North Korea', vesselType: 'Oil tanker' }, programs: ["Democratic People's Republic of Korea"] });
    const sheet = rows.get(files[0])!;
    const typeAt = sheet[1]!.indexOf('Group Type');
    const idAt = sheet[1]!.indexOf('Group ID');
    const shipIds = new Set(sheet.slice(2).filter((r) => r[typeAt] === 'Ship').map((r) => r[idAt]));
    expect(list.entities.filter((e) => e.type === 'vessel')).toHaveLength(shipIds.size);
    const person = list.entities.find((e) => e.type === 'person' && e.datesOfBirth.length > 0)!;
    expect(person.datesOfBirth[0]).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$|\D/);
  });

  it('reads ConList.csv (the same sheet as CSV) into the same entries as the xlsx', () => {
    const sheet = rows.get(files[1])!;
    const csv = one(parseSanctionsFiles([{ name: 'ConList.csv', content: Buffer.from(toCsv(sheet), 'utf8') }]));
    expect(csv.publishedAt).toBe('2023-06-05');
    expect(csv.entities).toEqual(lists.get(files[1])!.entities);
  });

  it('refuses a cut-off CSV and a cut-off workbook', async () => {
    const sheet = rows.get(files[1])!;
    const text = toCsv(sheet);
    const cut = text.slice(0, Math.floor(text.length * 0.6));
    expect(refused(one(parseSanctionsFiles([{ name: 'ConList.csv', content: cut }])), { entries: 3_993 })).toMatch(/Group ID|cut off|entries against/);
    const content = readFileSync(sharedPath('uk-ofsi-conlist', files[1]));
    await expect(readSanctionsFiles([{ name: 'ConList.xlsx', content: content.subarray(0, Math.floor(content.length * 0.6)) }])).rejects.toThrow(
      /cannot be read|cut off/,
    );
  });
});

describe('Australia DFAT consolidated list', () => {
  let sheet: string[][] = [];
  let list: ParsedList;
  beforeAll(async () => {
    const content = readFileSync(sharedPath('australia-dfat', 'regulation8_consolidated_2024-12.xlsx'));
    sheet = await readXlsxRows(content, 'regulation8_consolidated.xlsx');
    list = one(await readSanctionsFiles([{ name: 'regulation8_consolidated.xlsx', content }]));
  }, 120_000);

  it('one entry per Reference (alias suffixes dropped), every distinct name, types whatever their case and spaces', () => {
    const header = sheet[0]!;
    const refAt = header.indexOf('Reference');
    const nameAt = header.indexOf('Name of Individual or Entity');
    const typeAt = header.indexOf('Type');
    const kindAt = header.indexOf('Name Type');
    const groups = new Map<string, { names: Set<string>; type: string }>();
    for (const row of sheet.slice(1)) {
      const base = /^\d+/.exec(row[refAt]!.trim())![0];
      const group = groups.get(base) ?? { names: new Set<string>(), type: '' };
      const name = (row[nameAt] ?? '').replace(/\s+/g, ' ').trim();
      if (name) group.names.add(name.toLowerCase());
      if ((row[kindAt] ?? '').trim().toLowerCase() === 'primary name') group.type = (row[typeAt] ?? '').trim().toLowerCase();
      groups.set(base, group);
    }
    expect(list.source).toBe('au_dfat');
    expect(list.entities).toHaveLength(groups.size);
    expect(nameCount(list)).toBe([...groups.values()].reduce((sum, g) => sum + g.names.size, 0));
    expect(list.entities.filter((e) => e.type === 'person')).toHaveLength([...groups.values()].filter((g) => g.type === 'individual').length);
    expect(list.entities.filter((e) => e.type === 'organization')).toHaveLength([...groups.values()].filter((g) => g.type === 'entity').length);
    expect(list.latestChangeAt).toBe('2024-11-11');
    expect(list.publishedAt).toBeNull();
    expect(byId(list, 'au_dfat:2')).toMatchObject({ name: 'MOHAMMAD HASSAN AKHUND', type: 'person', nationalities: ['Afghanistan'], programs: ['1988 (Taliban)'] });
    expect(byId(list, 'au_dfat:2').aliases.map((a) => a.name)).toContain('محمد حسن أخوند');
    expect(validateParsedList(list)).toEqual({ ok: true });
  });

  it('refuses a cut-off workbook', async () => {
    const content = readFileSync(sharedPath('australia-dfat', 'regulation8_consolidated_2024-12.xlsx'));
    await expect(readSanctionsFiles([{ name: 'r8.xlsx', content: content.subarray(0, content.length - 5_000) }])).rejects.toThrow(/cannot be read/);
  });
});

describe('OFAC SDN 2024 (sdn.csv alone, cp1252) and IMO numbers', () => {
  const raw = readFileSync(sharedPath('ofac-sdn-2024', 'sdn.csv'));
  const text = raw.toString('latin1');
  const list = one(parseSanctionsFiles([{ name: 'sdn.csv', content: raw }]));

  it('loads: one entry per row, no problems, cp1252 letters decoded', () => {
    expect(list.entities).toHaveLength(text.split(/\r?\n/).filter((l) => /^\d+,/.test(l)).length);
    expect(validateParsedList(list)).toEqual({ ok: true });
    expect(JSON.stringify(list.entities)).not.toContain('\ufffd');
  });

  it('takes IMO numbers from the remarks, and vessel type, flag and call sign from the vessel columns', () => {
    const withImo = text.split(/\r?\n/).filter((l) => /^\d+,/.test(l) && /IMO\s*\d{7}\b/.test(l));
    expect(list.entities.filter((e) => e.imoNumbers?.length)).toHaveLength(withImo.length);
    const vessel = list.entities.find((e) => e.type === 'vessel' && e.imoNumbers?.length && e.vessel?.flag)!;
    const line = text.split(/\r?\n/).find((l) => l.startsWith(`${vessel.id.split(':')[1]},`))!;
    expect(line).toContain(`IMO ${vessel.imoNumbers![0]}`);
    expect(line).toContain(`"${vessel.vessel!.flag}"`);
  });

  it('refuses a cut-off file', () => {
    expect(refused(one(parseSanctionsFiles([{ name: 'sdn.csv', content: raw.subarray(0, Math.floor(raw.length * 0.55)) }])), { entries: 14_965 })).toMatch(
      /cut off|fields, expected|entries against/,
    );
  });

  it('UN: IMO numbers from the comments', () => {
    const un = one(parseSanctionsFiles(readListFolder('un-consolidated')));
    const xml = readFileSync(sharedPath('un-consolidated', 'UN_consolidated.xml'), 'utf8');
    const inFile = new Set([...xml.matchAll(/IMO\)?\s*(?:Number|number|no\.?)?\s*:?\s*(\d{7})/g)].map((m) => m[1]));
    const found = new Set(un.entities.flatMap((e) => e.imoNumbers ?? []));
    expect(inFile.size).toBeGreaterThan(0);
    expect(found).toEqual(inFile);
  });
});
