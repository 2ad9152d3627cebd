import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { parseSanctionsFiles, validateParsedList } from './parse';
import { readListFolder, sharedPath } from './quality-data';
import type { ParsedList, SanctionsFile } from './types';

const one = (files: SanctionsFile[]): ParsedList => {
  const lists = parseSanctionsFiles(files);
  expect(lists).toHaveLength(1);
  return lists[0];
};
const text = (folder: string, name: string) => readFileSync(sharedPath(folder, name), 'utf8');
/** Data rows of an OFAC file, counted independently of the parser: lines that start with an entry number. */
const rows = (folder: string, name: string) => text(folder, name).split(/\r?\n/).filter((l) => /^\d+,/.test(l));
const rowCount = (folder: string, name: string) => rows(folder, name).length;
/** Alias rows that belong to an entry of the primary file (the tiny set carries a few orphans). */
const aliasRowCount = (folder: string, alt: string, primary: string) => {
  const ids = new Set(rows(folder, primary).map((l) => l.split(',', 1)[0]));
  return rows(folder, alt).filter((l) => ids.has(l.split(',', 1)[0])).length;
};

describe('CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and skips the DOS end-of-file byte', () => {
    const { rows, problems } = parseCsv('1,"a, ""b""",-0- \r\n2,"multi\nline",x\r\n\u001a', 't', 3);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      ['1', 'a, "b"', '-0- '],
      ['2', 'multi\nline', 'x'],
    ]);
  });

  it('reports a file that ends inside a quoted field and rows with the wrong number of fields', () => {
    expect(parseCsv('1,"cut off', 't', 2).problems[0]).toMatch(/cut off/);
    expect(parseCsv('1,2,3\r\n4,5', 't', 3).problems[0]).toMatch(/row 2 .* 2 fields, expected 3/);
  });
});

describe('OFAC SDN parser (tiny set)', () => {
  const list = one(readListFolder('ofac-sdn-tiny'));

  it('reads every row, with ofac_sdn ids, types and programs', () => {
    expect(list.source).toBe('ofac_sdn');
    expect(list.publishedAt).toBeNull();
    expect(list.entities).toHaveLength(rowCount('ofac-sdn-tiny', 'sdn.csv'));
    const logan = list.entities.find((e) => e.id === 'ofac_sdn:10278');
    expect(logan).toMatchObject({ name: 'LOGAN MOREY, Elvis Angus', type: 'person', programs: ['SDNT'], datesOfBirth: ['28 Jul 1963'] });
    const iran = list.entities.find((e) => e.id === 'ofac_sdn:11195');
    expect(iran?.type).toBe('organization');
    expect(iran?.programs).toEqual(['NPWMD', 'IFSR', 'IRAN-CON-ARMS-EO']);
  });

  it('turns -0- into empty values and never keeps the marker', () => {
    const all = JSON.stringify(list.entities);
    expect(all).not.toContain('-0-');
    const moreno = list.entities.find((e) => e.id === 'ofac_sdn:15102');
    expect(moreno?.remarks).toMatch(/^DOB 12 Oct 1972/);
  });

  it('keeps every alt.csv alias and marks the remarks’ quoted a.k.a. names as weak', () => {
    const strong = list.entities.flatMap((e) => e.aliases.filter((a) => !a.weak));
    expect(strong).toHaveLength(aliasRowCount('ofac-sdn-tiny', 'alt.csv', 'sdn.csv'));
    expect(strong.length).toBeGreaterThan(10);
    const iran = list.entities.find((e) => e.id === 'ofac_sdn:11195');
    expect(iran?.aliases.filter((a) => a.weak).map((a) => a.name)).toContain('HESA');
    expect(iran?.aliases.find((a) => a.name === 'SHAHIN CO.')).toEqual({ name: 'SHAHIN CO.', kind: 'aka', weak: true });
  });

  it('continues long remarks with sdn_comments.csv', () => {
    const [id] = text('ofac-sdn-tiny', 'sdn_comments.csv').split(',', 1);
    const entity = list.entities.find((e) => e.id === `ofac_sdn:${id}`);
    expect(entity?.remarks).toContain('Digital Currency Address - ETH 0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535');
  });

  it('reads addresses from add.csv', () => {
    const gaddafi = list.entities.find((e) => e.id === 'ofac_sdn:12685');
    expect(gaddafi?.addresses).toContain('22, Rue Henri-Mussard, Geneva 1208, Switzerland');
  });
});

describe('parsers on the real lists', () => {
  it('OFAC SDN (2021): one entity per sdn.csv row, one alias per alt.csv row', () => {
    const list = one(readListFolder('ofac-sdn-2021'));
    expect(list.entities).toHaveLength(rowCount('ofac-sdn-2021', 'sdn.csv'));
    expect(list.entities.flatMap((e) => e.aliases.filter((a) => !a.weak))).toHaveLength(aliasRowCount('ofac-sdn-2021', 'alt.csv', 'sdn.csv'));
    expect(list.entities.filter((e) => e.addresses.length > 0).length).toBeGreaterThan(0);
    expect(new Set(list.entities.map((e) => e.type))).toEqual(new Set(['person', 'organization', 'vessel', 'aircraft']));
    expect(validateParsedList(list)).toEqual({ ok: true });
  });

  it('OFAC consolidated non-SDN: one entity per cons_prim.csv row, one alias per cons_alt.csv row', () => {
    const list = one(readListFolder('ofac-consolidated-nonsdn'));
    expect(list.source).toBe('ofac_consolidated');
    expect(list.entities).toHaveLength(rowCount('ofac-consolidated-nonsdn', 'cons_prim.csv'));
    expect(list.entities.flatMap((e) => e.aliases.filter((a) => !a.weak))).toHaveLength(aliasRowCount('ofac-consolidated-nonsdn', 'cons_alt.csv', 'cons_prim.csv'));
    expect(list.entities[0].id).toMatch(/^ofac_consolidated:\d+$/);
  });

  it('UN: every INDIVIDUAL and ENTITY, REFERENCE_NUMBER ids, aliases with Low quality as weak, the generation date', () => {
    const xml = text('un-consolidated', 'UN_consolidated.xml');
    const list = one(readListFolder('un-consolidated'));
    expect(list.source).toBe('un');
    expect(list.publishedAt).toBe('2026-02-27');
    const individuals = xml.match(/<INDIVIDUAL>/g)?.length ?? 0;
    const organisations = xml.match(/<ENTITY>/g)?.length ?? 0;
    expect(list.entities.filter((e) => e.type === 'person')).toHaveLength(individuals);
    expect(list.entities.filter((e) => e.type === 'organization')).toHaveLength(organisations);
    const refs = [...xml.matchAll(/<REFERENCE_NUMBER>([^<]+)<\/REFERENCE_NUMBER>/g)].map((m) => `un:${m[1].trim()}`);
    expect(list.entities.map((e) => e.id).sort()).toEqual(refs.sort());
    const lowAliases = [...xml.matchAll(/<QUALITY>Low<\/QUALITY>\s*<ALIAS_NAME>([^<]+)<\/ALIAS_NAME>/g)].length;
    expect(lowAliases).toBeGreaterThan(0);
    expect(list.entities.flatMap((e) => e.aliases.filter((a) => a.weak))).toHaveLength(lowAliases);
    const adf = list.entities.find((e) => e.id === 'un:CDe.001');
    expect(adf?.aliases).toContainEqual({ name: 'ADF/NALU', kind: 'fka', weak: false });
    expect(adf?.programs).toEqual(['DRC']);
    expect(validateParsedList(list)).toEqual({ ok: true });
  });
});

describe('detection and validation', () => {
  it('refuses a file it cannot place, and an OFAC set without its primary file', () => {
    expect(() => parseSanctionsFiles([{ name: 'prices.csv', content: 'a,b' }])).toThrow(/Not a known sanctions list file: prices.csv/);
    expect(() => parseSanctionsFiles([{ name: 'alt.csv', content: '1,2,"aka","X",-0-' }])).toThrow(/sdn.csv.*missing/);
  });

  it('recognises files by name in any folder and case, and the UN XML by its root element', () => {
    const lists = parseSanctionsFiles([
      { name: '/downloads/SDN.CSV', content: '1,"ONE",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n' },
      { name: 'consolidated.xml', content: '<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2026-01-02T00:00:00Z"><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>A</FIRST_NAME><SECOND_NAME>B</SECOND_NAME><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>' },
    ]);
    expect(lists.map((l) => [l.source, l.entities.map((e) => e.id), l.publishedAt])).toEqual([
      ['ofac_sdn', ['ofac_sdn:1'], null],
      ['un', ['un:QDi.999'], '2026-01-02'],
    ]);
  });

  it('refuses an sdn.csv cut off in the middle of its last row', () => {
    const full = readFileSync(sharedPath('ofac-sdn-2021', 'sdn.csv'));
    const cut = full.subarray(0, Math.floor(full.length * 0.6));
    const list = one([{ name: 'sdn.csv', content: cut }]);
    const verdict = validateParsedList(list, { entries: 8976 });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/cut off|fields, expected 12/);
  });

  it('refuses a UN XML cut off mid-document', () => {
    const xml = text('un-consolidated', 'UN_consolidated.xml');
    const verdict = validateParsedList(one([{ name: 'UN_consolidated.xml', content: xml.slice(0, xml.length / 2) }]));
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/malformed/) });
  });

  it('refuses an empty list and one that lost more than 20% of the previous entries; accepts a small drop', () => {
    const header = { source: 'ofac_sdn' as const, publishedAt: null };
    expect(validateParsedList({ ...header, entities: [] })).toMatchObject({ ok: false, reason: expect.stringMatching(/no entries/) });
    const tiny = one(readListFolder('ofac-sdn-tiny'));
    expect(validateParsedList(tiny, { entries: 100 })).toMatchObject({ ok: false, reason: expect.stringMatching(/17 entries against 100/) });
    expect(validateParsedList(tiny, { entries: 20 })).toEqual({ ok: true });
  });
});
