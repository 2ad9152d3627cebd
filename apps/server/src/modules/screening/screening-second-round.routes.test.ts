// Issue 29, matching half, through the API: per-request threshold and sources, version_id, IMO
// search, disguised names, a person's name inside a business name, and batch screening from CSV
// and XLSX files with CSV results.
import { screeningMessages, SCREENING_BATCH_CSV_COLUMNS } from '@fueldesk/contracts';
import { en, es as spanishOf } from '../../../test/messages';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { tinySanctionsEntries, tinySanctionsFiles } from '../../../test/screening';
import { validDueForm } from '../../../test/due-diligence';
import { analyzeDueForm } from '../due-diligence/due-diligence.pipeline';
import { parseSanctionsFiles } from './engine';
import { storeParsedLists } from './screening-import.service';

type Headers = Record<string, string>;

/** The invented tiny list plus two vessels whose remarks carry IMO numbers (invented numbers). */
const entries = [
  ...tinySanctionsEntries,
  { id: 90007, name: 'MARISOL ESPERANZA', type: 'vessel' as const, program: 'IRAN', aliases: [], remarks: 'Vessel Registration Identification IMO 9312345; MMSI 123456789.' },
  { id: 90008, name: 'AURORA BOREALIS TWO', type: 'vessel' as const, program: 'IRAN', aliases: [], remarks: 'Vessel Registration Identification IMO 9312346.' },
];

function multipart(fileName: string, content: Buffer | string, contentType: string, field = 'file'): { payload: Buffer; headers: Headers } {
  const boundary = '----fueldesk-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Names');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('/api/screening, second round (matching)', () => {
  const t = useTestContext();
  let user: Headers;
  let versionId: string;

  beforeAll(async () => {
    user = (await createSignedInUser(t.ctx)).headers;
    const results = await storeParsedLists(t.ctx, parseSanctionsFiles(tinySanctionsFiles(entries)), { origin: 'test' });
    const stored = results.find((result) => result.status === 'stored');
    if (!stored || stored.status !== 'stored') throw new Error('the test list was not stored');
    const lists = await t.app.inject({ method: 'GET', url: '/api/screening/lists', headers: user });
    expect(lists.json().loaded).toBe(true);
    versionId = lists.json().lists.find((list: { source: string }) => list.source === 'ofac_sdn').version_id;
    expect(versionId).toMatch(/^ofac_sdn@[0-9a-f]{12}$/);
  });

  const get = (url: string, headers: Headers = user) => t.app.inject({ method: 'GET', url, headers });
  const search = async (q: string, extra = '') => (await get(`/api/screening/search?q=${encodeURIComponent(q)}${extra}`)).json();

  it('each match carries its list version; sources narrows the lists and threshold moves is_match', async () => {
    const all = await search('Karvelis Fuel Trading');
    expect(all.matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90002', version_id: versionId, is_match: true });

    expect((await search('Karvelis Fuel Trading', '&sources=ofac_sdn,un')).matches[0].entity_id).toBe('ofac_sdn:90002');
    expect((await search('Karvelis Fuel Trading', '&sources=un,eu_fsf')).matches).toEqual([]);

    const loose = await search('Karvelis Fuel Tradeing Ltd', '&threshold=0.5');
    const strict = await search('Karvelis Fuel Tradeing Ltd', '&threshold=1');
    expect(loose.threshold).toBe(0.5);
    expect(strict.threshold).toBe(1);
    const score = loose.matches[0].score;
    expect(score).toBeGreaterThan(0.5);
    expect(score).toBeLessThan(1);
    expect(loose.matches[0].is_match).toBe(true);
    expect(strict.matches[0].is_match).toBe(false);
  });

  it('refuses a bad threshold or sources with 400 and the field message, in English and Spanish', async () => {
    const cases: Array<[string, string, keyof typeof screeningMessages]> = [
      ['threshold=0.4', 'threshold', 'badThreshold'],
      ['threshold=1.2', 'threshold', 'badThreshold'],
      ['threshold=abc', 'threshold', 'badThreshold'],
      ['sources=ofac_sdn,nope', 'sources', 'badSources'],
      ['sources=,,', 'sources', 'badSources'],
    ];
    for (const [query, field, key] of cases) {
      const inEnglish = await get(`/api/screening/search?q=acme&${query}`);
      expect(inEnglish.statusCode, query).toBe(400);
      expect(inEnglish.json().fields?.[field], query).toBe(en(screeningMessages[key]));
      const inSpanish = await get(`/api/screening/search?q=acme&${query}`, { ...user, 'accept-language': 'es' });
      expect(inSpanish.statusCode, query).toBe(400);
      expect(inSpanish.json().fields?.[field], query).toBe(spanishOf(screeningMessages[key]));
    }
    const batch = await t.app.inject({ method: 'POST', url: '/api/screening/batch?threshold=2', headers: user, payload: { queries: [{ name: 'Acme' }] } });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().fields?.threshold).toBe(en(screeningMessages.badThreshold));
  });

  it('an IMO number finds the vessel that carries it exactly, and says so', async () => {
    for (const q of ['IMO 9312345', 'imo:9312345', 'IMO9312345']) {
      const result = await search(q);
      expect(result.matches, q).toHaveLength(1);
      expect(result.matches[0], q).toMatchObject({ entity_id: 'ofac_sdn:90007', type: 'vessel', score: 1, is_match: true });
      expect(result.matches[0].explanation, q).toContain('9312345');
    }
    const bare = await search('9312346', '&type=vessel');
    expect(bare.matches.map((m: { entity_id: string }) => m.entity_id)).toEqual(['ofac_sdn:90008']);
    // Seven digits alone are not an IMO search without type=vessel, and an unknown IMO finds nothing.
    expect((await search('9312346')).matches.filter((m: { score: number }) => m.score === 1)).toEqual([]);
    expect((await search('IMO 9999999')).matches).toEqual([]);
    const es = (await get('/api/screening/search?q=IMO%209312345', { ...user, 'accept-language': 'es' })).json();
    expect(es.matches[0].explanation).toContain('IMO 9312345');
    expect(es.matches[0].explanation).toContain('buque');
    // Vessel names match vessels.
    expect((await search('MV Marisol Esperanza', '&type=vessel')).matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90007', is_match: true });
  });

  it('finds a name disguised with look-alike letters and zero-width characters, and warns about it', async () => {
    const disguised = 'K\u0430rvelis Fuel Tr\u0430\u200Bding'; // Cyrillic а, a zero-width space
    const plain = await search('Karvelis Fuel Trading');
    const result = await search(disguised);
    expect(result.matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90002', score: plain.matches[0].score, is_match: true });
    expect(result.matches[0].explanation).toMatch(/mixes alphabets/);
    expect(result.matches[0].explanation).toMatch(/invisible/);
    const es = (await get(`/api/screening/search?q=${encodeURIComponent(disguised)}`, { ...user, 'accept-language': 'es' })).json();
    expect(es.matches[0].explanation).toMatch(/mezcla alfabetos/);
  });

  it("a person's name inside a longer business name still matches that person", async () => {
    for (const q of ['Ivor Vasilyevich Peltomaa LLC', 'Peltomaa Ivor Vasilyevich Helsinki', 'Tessaly Okonkwo-Bramble S A']) {
      const result = await search(q);
      const top = result.matches[0];
      expect(top?.type, q).toBe('person');
      expect(top?.is_match, q).toBe(true);
      expect(top?.score, q).toBeLessThan(1);
    }
  });

  it('a due-diligence business named after a sanctioned person is a finding', async () => {
    const form = Object.fromEntries(
      Object.entries(validDueForm({ business_name: 'Tessaly Okonkwo-Bramble Fuels LLC' })).map(([key, value]) => [key, String(value)]),
    ) as Record<string, string>;
    const findings = await analyzeDueForm(t.ctx, form, 'en');
    const business = findings.screening.find((entry) => entry.field === 'business_name');
    expect(business?.matches.map((match) => match.entity_id)).toContain('ofac_sdn:90005');
    expect(['high', 'critical']).toContain(findings.risk.rating);
  });

  it('screens a CSV file (comma or semicolon) and an XLSX file, in the order given', async () => {
    const csv = 'name,type,country\r\nKarvelis Petroleum,organization,IR\r\n\r\nJane Unrelated Person,person,ES\r\nNordic Zephyra,vessel,\r\n';
    const semicolon = 'Name;Country\nKarvelis Petroleum;IR\nJane Unrelated Person;ES\nNordic Zephyra;\n';
    const book = await xlsx([['name', 'type', 'country'], ['Karvelis Petroleum', 'organization', 'IR'], ['Jane Unrelated Person', 'person', 'ES'], ['Nordic Zephyra', 'vessel', '']]);
    for (const [label, body] of [
      ['csv', multipart('names.csv', csv, 'text/csv')],
      ['semicolon csv', multipart('names.csv', semicolon, 'text/csv')],
      ['xlsx', multipart('names.xlsx', book, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: { ...user, ...body.headers }, payload: body.payload });
      expect(response.statusCode, label).toBe(200);
      const json = response.json();
      expect(json.results.map((r: { name: string }) => r.name), label).toEqual(['Karvelis Petroleum', 'Jane Unrelated Person', 'Nordic Zephyra']);
      expect(json.results[0].matches[0], label).toMatchObject({ entity_id: 'ofac_sdn:90002', is_match: true, version_id: versionId });
      expect(json.results[1].matches.filter((m: { is_match: boolean }) => m.is_match), label).toEqual([]);
      expect(json.results[2].matches[0].entity_id, label).toBe('ofac_sdn:90003');
    }
  });

  it('answers CSV for Accept: text/csv or ?format=csv, one row per match, clear rows for names without one', async () => {
    const csv = 'name,type,country\nKarvelis Petroleum,organization,IR\n=cmd|calc,,\n';
    for (const [url, accept] of [
      ['/api/screening/batch?format=csv', 'application/json'],
      ['/api/screening/batch', 'text/csv'],
    ]) {
      const body = multipart('names.csv', csv, 'text/csv');
      const response = await t.app.inject({ method: 'POST', url, headers: { ...user, ...body.headers, accept }, payload: body.payload });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/csv');
      const rows = parseCsv(response.body, { columns: true }) as Array<Record<string, string>>;
      expect(Object.keys(rows[0])).toEqual([...SCREENING_BATCH_CSV_COLUMNS]);
      const karvelis = rows.filter((row) => row.name === 'Karvelis Petroleum');
      expect(karvelis[0]).toMatchObject({ row: '2', country: 'IR', status: 'match', entity_id: 'ofac_sdn:90002', version_id: versionId });
      // A formula-looking name is written so that a spreadsheet shows it as text.
      const formula = rows.filter((row) => row.name.includes('cmd|calc'));
      expect(formula.length).toBeGreaterThan(0);
      expect(formula.every((row) => row.name === "'=cmd|calc")).toBe(true);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/screening/batch?format=csv', headers: user, payload: { queries: [{ name: 'Nobody Atall Xyzzy' }] } });
    const rows = parseCsv(json.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.some((row) => row.name === 'Nobody Atall Xyzzy' && (row.status === 'clear' || row.status === 'candidate'))).toBe(true);
  });

  it('refuses bad files with 400 and a message in the caller\'s language', async () => {
    const truncatedXlsx = (await xlsx([['name'], ['Karvelis Petroleum']])).subarray(0, 200);
    const cases: Array<[string, { payload: Buffer; headers: Headers }, keyof typeof screeningMessages]> = [
      ['no name column', multipart('names.csv', 'company,country\nAcme,ES\n', 'text/csv'), 'fileNoNameColumn'],
      ['empty file', multipart('names.csv', '', 'text/csv'), 'fileUnreadable'],
      ['binary', multipart('names.csv', Buffer.from([0, 1, 2, 255, 254, 0, 7]), 'text/csv'), 'fileUnreadable'],
      ['truncated xlsx', multipart('names.xlsx', truncatedXlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 'fileUnreadable'],
      ['bad type', multipart('names.csv', 'name,type\nAcme,boat\n', 'text/csv'), 'fileBadType'],
      ['unclosed quote', multipart('names.csv', 'name\n"Acme\n', 'text/csv'), 'fileUnreadable'],
    ];
    for (const [label, body, key] of cases) {
      for (const [lang, text] of [
        ['en', en(screeningMessages[key])],
        ['es', spanishOf(screeningMessages[key])],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: { ...user, ...body.headers, 'accept-language': lang }, payload: body.payload });
        expect(response.statusCode, `${label} ${lang}`).toBe(400);
        expect(response.json().detail, `${label} ${lang}`).toBe(text);
      }
    }
    // A header and no names: the batch's own message.
    const onlyHeader = multipart('names.csv', 'name,type\n', 'text/csv');
    const response = await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: { ...user, ...onlyHeader.headers, 'accept-language': 'es' }, payload: onlyHeader.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields?.queries).toBe(spanishOf(screeningMessages.batchEmpty));
    // A form without a file.
    const boundary = 'b0undary';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/screening/batch',
      headers: { ...user, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe(en(screeningMessages.fileMissing));
  });
});
