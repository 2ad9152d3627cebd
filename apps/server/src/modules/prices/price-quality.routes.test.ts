import { readFileSync } from 'node:fs';
import path from 'node:path';
import { priceQualityMessages, type ImportReport, type ListPricesResponse, type MissingDaysResponse, type PriceSuspect, type PriceSuspectList } from '@fueldesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/factories';
import { sharedDataDir } from '../../../test/market-data';
import { en, es } from '../../../test/messages';
import { useTestContext } from '../../../test/test-context';
import { listUsBusinessDays } from '../../integrations/market-data/us-business-calendar';
import { importPriceFile } from './price-import.service';

const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function upload(name: string, text: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/prices/import?filename=${encodeURIComponent(name)}`,
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: text,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as ImportReport;
}

async function suspects(query = ''): Promise<PriceSuspectList> {
  const response = await call('GET', `/admin/prices/suspects${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as PriceSuspectList;
}

async function dayRows(date: string) {
  const response = await call('GET', `/prices?date=${date}&page_size=100`);
  expect(response.statusCode).toBe(200);
  return (response.json() as ListPricesResponse).rows;
}

async function audit(action: string) {
  const response = await call('GET', `/audit?action=${action}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: { subject: string; actor_id: string | null; details: Record<string, unknown> }[] }).items;
}

// 40 business days of calm gasoline (moves of a cent), a jump on the 41st that stays (one suspect
// value per product, not its neighbours), then calm again.
const days = listUsBusinessDays('2024-01-02', '2024-04-30');
const SPIKE = days[40]!;
function calmThenJump(code: string, base: number, jump: number) {
  return days.slice(0, 45).map((day, index) => `${code},${day},${(base + (index % 2) * 0.01 + (index >= 40 ? jump : 0)).toFixed(4)}`);
}

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
});

describe('suspect values (issue 33 "Quality")', () => {
  it('flags a spike of an upload, lists it, marks the daily table; confirm and correct, audited; admins only; bad input 400', async () => {
    const report = await upload('spikes.csv', ['product_code,date,value', ...calmThenJump('GASOLINE_NYH', 2.5, 0.4), ...calmThenJump('GASOLINE_USGC', 2.3, -0.3)].join('\n'));
    // The import's own report counts what it flagged.
    expect(report.suspect).toBe(2);
    const history = (await call('GET', '/admin/price-imports')).json() as { items: { id: string; source: string }[] };
    const list = await suspects();
    expect(list.total).toBe(2);
    const nyh = list.items.find((item) => item.product_code === 'GASOLINE_NYH')!;
    const usgc = list.items.find((item) => item.product_code === 'GASOLINE_USGC')!;
    expect(nyh).toMatchObject({
      status: 'open',
      publication_date: SPIKE,
      value: '2.9',
      previous_date: days[39],
      previous_value: '2.51',
      move: '0.39',
      median_change: '0.01',
      ratio: 39,
      file: 'spikes.csv',
      source: 'csv',
      actor: 'user',
      import_id: history.items.find((item) => item.source === 'spikes.csv')!.id,
    });
    expect(usgc).toMatchObject({ publication_date: SPIKE, value: '2', previous_value: '2.31' });

    // The daily table marks the stored values until they are reviewed; a spread is computed, never flagged.
    let rows = await dayRows(SPIKE);
    const suspectOf = (code: string) => rows.find((row) => row.code_id === code)!.suspect;
    expect([suspectOf('GASOLINE_NYH'), suspectOf('GASOLINE_USGC'), suspectOf('ARB_GASOLINE_NYH_USGC')]).toEqual([true, true, false]);
    expect((await dayRows(days[41]!)).every((row) => row.suspect === false)).toBe(true);

    // Administrators only.
    const user = await createSignedInUser(t.ctx);
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    for (const other of [user, cliente]) {
      expect((await call('GET', '/admin/prices/suspects', undefined, other.headers)).statusCode).toBe(403);
      expect((await call('POST', `/admin/prices/suspects/${nyh.id}/confirm`, undefined, other.headers)).statusCode).toBe(403);
      expect((await call('POST', `/admin/prices/suspects/${usgc.id}/correct`, { value: 2.3 }, other.headers)).statusCode).toBe(403);
      expect((await call('GET', '/admin/prices/missing-days', undefined, other.headers)).statusCode).toBe(403);
    }

    // Bad input: a worded 400 in the caller's language, nothing changed; an unknown id is a 404.
    const correct = (id: string, payload: unknown, lang = 'en') => call('POST', `/admin/prices/suspects/${id}/correct`, payload, { ...admin.headers, 'accept-language': lang });
    let response = await correct(usgc.id, { value: 'abc' });
    expect([response.statusCode, response.json().detail]).toEqual([400, en(priceQualityMessages.badValue)]);
    response = await correct(usgc.id, { value: 'abc' }, 'es');
    expect([response.statusCode, response.json().detail]).toEqual([400, es(priceQualityMessages.badValue)]);
    response = await correct(usgc.id, { value: -2.3 }, 'es');
    expect([response.statusCode, response.json().detail]).toEqual([400, es(priceQualityMessages.negativeValue)]);
    response = await correct(usgc.id, {});
    expect([response.statusCode, response.json().detail]).toEqual([400, en(priceQualityMessages.badValue)]);
    response = await correct('not-an-id', { value: 2.3 });
    expect([response.statusCode, response.json().detail]).toEqual([400, en(priceQualityMessages.badId)]);
    response = await correct('00000000-0000-4000-8000-000000000000', { value: 2.3 });
    expect([response.statusCode, response.json().detail]).toEqual([404, en(priceQualityMessages.notFound)]);
    expect((await suspects()).total).toBe(2);

    // Confirm: the value is right.
    response = await call('POST', `/admin/prices/suspects/${nyh.id}/confirm`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'confirmed', current_value: '2.9' });
    expect((await call('POST', `/admin/prices/suspects/${nyh.id}/confirm`)).statusCode).toBe(409);
    // Correct: the right value is stored, the spread computed from it follows.
    response = await correct(usgc.id, { value: '2.305' });
    expect(response.statusCode).toBe(200);
    expect(response.json() as PriceSuspect).toMatchObject({ status: 'corrected', value: '2', current_value: '2.305', corrected_value: '2.305' });

    rows = await dayRows(SPIKE);
    expect(rows.filter((row) => row.suspect)).toEqual([]);
    expect(rows.find((row) => row.code_id === 'GASOLINE_USGC')!.value).toBe('2.305');
    expect(Number(rows.find((row) => row.code_id === 'ARB_GASOLINE_NYH_USGC')!.value)).toBeCloseTo(2.9 - 2.305, 10);
    expect((await suspects()).total).toBe(0);
    expect((await suspects('?status=all')).total).toBe(2);
    expect((await audit('price_suspect.confirm'))[0]).toMatchObject({
      subject: `GASOLINE_NYH ${SPIKE}`,
      actor_id: admin.user.id,
      details: { before: { value: '2.9', status: 'open' }, after: { value: '2.9', status: 'confirmed' } },
    });
    expect((await audit('price_suspect.correct'))[0]).toMatchObject({
      subject: `GASOLINE_USGC ${SPIKE}`,
      details: { before: { value: '2', status: 'open' }, after: { value: '2.305', status: 'corrected' } },
    });

    // A later import into a stored series is judged against the stored values around it.
    const next = days[45]!;
    await upload('late.csv', `product_code,date,value\nGASOLINE_NYH,${next},3.5\nGASOLINE_NYH,${days[46]},3.51`);
    expect((await suspects()).items.map((item) => [item.product_code, item.publication_date, item.file])).toEqual([['GASOLINE_NYH', next, 'late.csv']]);
    // A later import that rewrites a flagged value supersedes the flag and judges the new value; the
    // value after it, 3.51, now moves from 2.905 and is judged again: suspect in its turn.
    await upload('late-fix.csv', `product_code,date,value\nGASOLINE_NYH,${next},2.905`);
    expect((await suspects()).items.map((item) => [item.publication_date, item.previous_value, item.file])).toEqual([[days[46], '2.905', 'late-fix.csv']]);
    expect((await suspects('?status=all')).items.find((item) => item.file === 'late.csv')).toMatchObject({ status: 'superseded', current_value: '2.905' });
  });

  it("flags few of EIA's 10,000 daily WTI values (2020-04-20's negative price among them) and lists the business days missing", async () => {
    const file = path.join(sharedDataDir, 'eia-brent-wti', 'wti-daily.csv');
    const text = readFileSync(file, 'utf8');
    const report = await importPriceFile(t.ctx, { name: file, text });
    expect(report.inserted).toBeGreaterThan(10_000);
    const list = await suspects('?page_size=100');
    expect(list.items).toHaveLength(list.total);
    const wti = list.items.filter((item) => item.product_code === 'WTI');
    // A sane small number: under 1 % of the values.
    expect(wti.length).toBeGreaterThan(0);
    expect(wti.length).toBeLessThan(report.inserted / 100);
    expect(wti.find((item) => item.publication_date === '2020-04-20')).toMatchObject({ value: '-36.98', previous_value: '18.31', file: 'wti-daily.csv', actor: 'cli', source: 'eia' });
    expect(wti.every((item) => item.ratio >= 6)).toBe(true);

    const response = await call('GET', '/admin/prices/missing-days');
    expect(response.statusCode).toBe(200);
    const entry = (response.json() as MissingDaysResponse).products.find((product) => product.code === 'WTI')!;
    const stored = new Set(text.split('\n').slice(1).map((line) => line.split(',')[0]!));
    const businessDays = listUsBusinessDays(entry.first_date, entry.last_date);
    expect(entry.business_days).toBe(businessDays.length);
    expect(entry.missing).toBe(businessDays.filter((day) => !stored.has(day)).length);
    expect(entry.latest).toEqual(businessDays.filter((day) => !stored.has(day)).reverse().slice(0, 5));
  });

  it('judges again the stored value after each date a later import writes: flagged, flag dropped or replaced, a reviewed one left alone', async () => {
    // 46 calm business days (moves of a cent); `shift` moves a day's value, or leaves the day out (null).
    const series = (code: string, base: number, shift: (index: number) => number | null) =>
      days.slice(0, 46).flatMap((day, index) => {
        const by = shift(index);
        return by === null ? [] : [`${code},${day},${(base + (index % 2) * 0.01 + by).toFixed(4)}`];
      });
    const jumpFrom41 = (index: number) => (index === 40 ? null : index >= 41 ? 0.5 : 0);
    const first = await upload(
      'desk.csv',
      [
        'product_code,date,value',
        // Day 40 missing, arriving later as a spike: the return to calm on day 41 becomes suspect too.
        ...series('ULSD_NYH', 2.5, (index) => (index === 40 ? null : 0)),
        // A spike on day 40 and the return from it, both flagged; a later import corrects day 40.
        ...series('ULSD_USGC', 2.4, (index) => (index === 40 ? 0.5 : 0)),
        // A jump that stays on day 41 (day 40 missing): flagged; an admin confirms it (JET_USGC) or not (HEATING_OIL_NYH).
        ...series('JET_USGC', 2.2, jumpFrom41),
        ...series('HEATING_OIL_NYH', 2.6, jumpFrom41),
      ].join('\n'),
    );
    expect(first.suspect).toBe(4);
    const codes = ['ULSD_NYH', 'ULSD_USGC', 'JET_USGC', 'HEATING_OIL_NYH'];
    const ours = async (query = '') => (await suspects(`${query}${query ? '&' : '?'}page_size=100`)).items.filter((item) => codes.includes(item.product_code));
    const jet = (await ours()).find((item) => item.product_code === 'JET_USGC')!;
    expect(jet).toMatchObject({ publication_date: days[41], previous_date: days[39] });
    expect((await call('POST', `/admin/prices/suspects/${jet.id}/confirm`)).statusCode).toBe(200);

    const late = await upload(
      'desk-late.csv',
      ['product_code,date,value', `ULSD_NYH,${days[40]},3.0`, `ULSD_USGC,${days[40]},2.4`, `JET_USGC,${days[40]},2.2`, `HEATING_OIL_NYH,${days[40]},2.6`].join('\n'),
    );
    expect([late.inserted, late.updated]).toEqual([3, 1]);
    // ULSD_NYH's spike and the return from it; HEATING_OIL_NYH's day 41 judged against its new previous value.
    expect(late.suspect).toBe(3);
    const open = (await ours()).map((item) => [item.product_code, item.publication_date, item.previous_date, item.previous_value, item.file]);
    expect(open.sort()).toEqual(
      [
        ['HEATING_OIL_NYH', days[41], days[40], '2.6', 'desk-late.csv'],
        ['ULSD_NYH', days[40], days[39], '2.51', 'desk-late.csv'],
        ['ULSD_NYH', days[41], days[40], '3', 'desk-late.csv'],
      ].sort(),
    );
    const all = await ours('?status=all');
    const statusOf = (code: string, date: string, file: string) =>
      all.filter((item) => item.product_code === code && item.publication_date === date && item.file === file).map((item) => item.status);
    // ULSD_USGC's return to calm is no longer a suspect move once the spike before it is corrected: its open flag is dropped.
    expect(statusOf('ULSD_USGC', days[41]!, 'desk.csv')).toEqual(['superseded']);
    expect(statusOf('HEATING_OIL_NYH', days[41]!, 'desk.csv')).toEqual(['superseded']);
    // The value an admin confirmed stays confirmed, and is not flagged again.
    expect(statusOf('JET_USGC', days[41]!, 'desk.csv')).toEqual(['confirmed']);
    expect(all.filter((item) => item.product_code === 'JET_USGC')).toHaveLength(1);
  });
});
