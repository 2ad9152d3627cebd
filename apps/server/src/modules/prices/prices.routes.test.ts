import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { pricePoints, products } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';

/**
 * A small market: WTI has no price on Friday 5 January, so its Monday change is against Thursday,
 * its previous publication date, not the previous calendar day.
 */
const FIXTURE = [
  'product_code,date,value',
  'WTI,2024-01-04,72.19',
  'WTI,2024-01-08,70.77',
  'BRENT,2024-01-04,77.59',
  'BRENT,2024-01-05,78.76',
  'BRENT,2024-01-08,76.12',
  'GASOLINE_NYH,2024-01-05,2.1',
  'GASOLINE_NYH,2024-01-08,2.155',
  'ULSD_NYH,2024-01-05,2.600',
  'ULSD_NYH,2024-01-08,2.6',
  'PROPANE_MB,2024-01-08,0.71',
].join('\n');

const t = useTestContext();
let user: Awaited<ReturnType<typeof createSignedInUser>>;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
const events: AppEvent[] = [];

function get(url: string, headers: Record<string, string> = user.headers) {
  return t.app.inject({ method: 'GET', url, headers });
}

function upload(text: string, query = 'filename=fixture.csv', headers: Record<string, string> = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/prices/import?${query}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: text,
  });
}

beforeAll(async () => {
  user = await createSignedInUser(t.ctx);
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
  t.ctx.events.subscribe((event) => events.push(event));
  const response = await upload(FIXTURE);
  expect(response.statusCode).toBe(200);
});

describe('who may read market data', () => {
  const paths = ['/api/prices', '/api/prices/products', '/api/prices/dates', '/api/prices/history?codes=WTI', '/api/prices/movers', '/api/prices/summary', '/api/prices/export'];

  it('needs a signed-in user and refuses restricted clientes', async () => {
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    for (const path of paths) {
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(401);
      expect((await get(path, cliente.headers)).statusCode, path).toBe(403);
      expect((await get(path)).statusCode, path).toBe(200);
    }
  });
});

describe('GET /api/prices/products', () => {
  it('lists the configured products with the span of their data', async () => {
    const response = await get('/api/prices/products');
    const body = response.json();
    expect(body.products.map((product: { code: string }) => product.code)).toEqual([
      'WTI',
      'BRENT',
      'GASOLINE_NYH',
      'GASOLINE_USGC',
      'RBOB_LA',
      'ULSD_NYH',
      'ULSD_USGC',
      'ULSD_LA',
      'HEATING_OIL_NYH',
      'JET_USGC',
      'PROPANE_MB',
      'HENRY_HUB',
      'BRENT_WTI',
      'CRACK_321_NYH',
      'CRACK_321_USGC',
      'CRACK_GASOLINE_NYH',
      'CRACK_ULSD_NYH',
      'CRACK_JET_USGC',
      'ARB_GASOLINE_NYH_USGC',
      'ARB_ULSD_LA_USGC',
      'WTI_FUT',
      'RBOB_NYH_FUT',
      'HO_NYH_FUT',
      'NG_HH_FUT',
      'PROPANE_MB_FUT',
    ]);
    expect(body.products[0]).toMatchObject({
      code: 'WTI',
      name: 'WTI Cushing',
      category: 'crude',
      units: 'USD/bbl',
      delivery_mode: 'Spot FOB',
      location: 'Cushing, OK',
      eia_series_id: 'RWTC',
      fred_series_id: 'DCOILWTICO',
      first_date: '2024-01-04',
      last_date: '2024-01-08',
      is_demo: false,
      kind: 'spot',
      formula: null,
      legs: [],
    });
    expect(body.products.find((product: { code: string }) => product.code === 'JET_USGC')).toMatchObject({ first_date: null, last_date: null });
    // A spread spans its legs' common range.
    expect(body.products.find((product: { code: string }) => product.code === 'BRENT_WTI')).toMatchObject({
      kind: 'spread',
      formula: 'BRENT − WTI',
      first_date: '2024-01-04',
      last_date: '2024-01-08',
    });
  });
});

describe('GET /api/prices', () => {
  it("serves the latest day with SPEC.md's fields and the change against each product's previous publication", async () => {
    const response = await get('/api/prices');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ date: '2024-01-08', latest_date: '2024-01-08', total: 9, page: 1, page_size: 25, is_demo: false });
    const wti = body.rows.find((row: { code_id: string }) => row.code_id === 'WTI');
    expect(wti).toMatchObject({
      product_name: 'WTI Cushing',
      product_description: 'West Texas Intermediate crude oil, spot price FOB Cushing, Oklahoma',
      category: 'crude',
      delivery_mode_label: 'Spot FOB Cushing, OK',
      unit1_label: 'USD',
      unit2_label: 'bbl',
      units: 'USD/bbl',
      publication_date: '2024-01-08',
      fmt_date: 'Jan 8, 2024',
      value: '70.77',
      diff_base_value: '-1.42',
      previous_date: '2024-01-04',
      percent_change: -1.97,
      forward_period: null,
      repository_id: 'RWTC',
      decimal_places: 2,
      create_uid: admin.user.id,
      source: 'csv',
      is_demo: false,
    });
    expect(wti.create_date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(wti.write_date).toBe(wti.date_modified);
    const byCode = Object.fromEntries(body.rows.map((row: { code_id: string }) => [row.code_id, row]));
    expect(byCode.GASOLINE_NYH).toMatchObject({ diff_base_value: '0.055', percent_change: 2.62, previous_date: '2024-01-05' });
    expect(byCode.ULSD_NYH).toMatchObject({ value: '2.6', diff_base_value: '0', percent_change: 0 });
    expect(byCode.PROPANE_MB).toMatchObject({ diff_base_value: null, percent_change: null, previous_date: null });
    // Spreads on the days all their legs have a value, changed against the spread's previous such day.
    expect(byCode.BRENT_WTI).toMatchObject({ kind: 'spread', value: '5.35', diff_base_value: '-0.05', previous_date: '2024-01-04', percent_change: -0.93, source: 'derived' });
    expect(byCode.CRACK_321_NYH).toMatchObject({ value: '25.97', diff_base_value: null, previous_date: null });
    expect(byCode.CRACK_GASOLINE_NYH).toMatchObject({ value: '14.39', diff_base_value: '4.95', previous_date: '2024-01-05' });
    expect(byCode.CRACK_ULSD_NYH).toMatchObject({ value: '33.08', diff_base_value: '2.64', previous_date: '2024-01-05' });
    expect(byCode.CRACK_321_USGC).toBeUndefined();
  });

  it('filters by date and category, sorts and pages', async () => {
    const friday = (await get('/api/prices?date=2024-01-05')).json();
    expect(friday.rows.map((row: { code_id: string }) => row.code_id)).toEqual(['BRENT', 'CRACK_GASOLINE_NYH', 'GASOLINE_NYH', 'ULSD_NYH', 'CRACK_ULSD_NYH']);
    expect(friday.rows[0]).toMatchObject({ diff_base_value: '1.17', previous_date: '2024-01-04' });

    const crude = (await get('/api/prices?category=crude')).json();
    expect(crude.rows.map((row: { code_id: string }) => row.code_id)).toEqual(['BRENT', 'WTI']);

    const byValue = (await get('/api/prices?sort=value&order=desc')).json();
    expect(byValue.rows.map((row: { value: string }) => row.value)).toEqual(['76.12', '70.77', '33.08', '25.97', '14.39', '5.35', '2.6', '2.155', '0.71']);

    const byChange = (await get('/api/prices?sort=percent_change&order=desc')).json();
    expect(byChange.rows.map((row: { code_id: string }) => row.code_id)).toEqual([
      'CRACK_GASOLINE_NYH',
      'CRACK_ULSD_NYH',
      'GASOLINE_NYH',
      'ULSD_NYH',
      'BRENT_WTI',
      'WTI',
      'BRENT',
      'CRACK_321_NYH',
      'PROPANE_MB',
    ]);

    const page = (await get('/api/prices?page=2&page_size=2&sort=product_name')).json();
    expect(page).toMatchObject({ total: 9, page: 2, page_size: 2 });
    expect(page.rows.map((row: { product_name: string }) => row.product_name)).toEqual(['Brent–WTI', 'Gasoline crack, NYH vs Brent']);

    const empty = (await get('/api/prices?date=2024-01-06')).json();
    expect(empty).toMatchObject({ date: '2024-01-06', latest_date: '2024-01-08', rows: [], total: 0 });
  });

  it('answers 304 to a matching If-None-Match and a new ETag after an import', async () => {
    const first = await get('/api/prices');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await t.app.inject({ url: '/api/prices', headers: { ...user.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const otherQuery = await get('/api/prices?category=crude');
    expect(otherQuery.headers.etag).not.toBe(etag);

    events.length = 0;
    expect((await upload('product_code,date,value\nWTI,2024-01-09,71.5\n')).statusCode).toBe(200);
    expect(events).toEqual([expect.objectContaining({ userId: null, type: 'prices_updated' })]);
    const after = await t.app.inject({ url: '/api/prices', headers: { ...user.headers, 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ date: '2024-01-09', total: 1, rows: [{ code_id: 'WTI', diff_base_value: '0.73' }] });
    expect(after.headers.etag).not.toBe(etag);
  });

  it("drops its cache when another instance announces prices_updated", async () => {
    const before = (await get('/api/prices?date=2024-01-09')).json();
    expect(before.total).toBe(1);
    const [brent] = await t.ctx.db.select({ id: products.id }).from(products).where(sql`${products.code} = 'BRENT'`);
    await t.ctx.db.insert(pricePoints).values({ productId: brent!.id, publicationDate: '2024-01-09', value: '77', source: 'csv' });
    expect((await get('/api/prices?date=2024-01-09')).json().total).toBe(1);
    await t.ctx.events.publish({ userId: null, type: 'prices_updated', data: { from: 'another instance' } });
    const after = (await get('/api/prices?date=2024-01-09')).json();
    expect(after.rows.map((row: { code_id: string }) => row.code_id)).toEqual(['BRENT', 'BRENT_WTI', 'WTI']);
    expect(after.rows[0]).toMatchObject({ diff_base_value: '0.88', previous_date: '2024-01-08' });
  });

  it('answers bad filters with 400 and a clear message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/prices?date=2024-1-5', /date: Use a date written as YYYY-MM-DD/],
      ['/api/prices?date=2024-02-30', /date: This date does not exist/],
      ['/api/prices?date=yesterday', /date: /],
      ['/api/prices?category=kerosene', /category: /],
      ['/api/prices?page_size=1000', /page_size: /],
      ['/api/prices?page=0', /page: /],
      ['/api/prices?sort=drop%20table', /sort: /],
    ];
    for (const [url, detail] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.stringMatching(detail) });
    }
  });

  it('keeps the product catalog through a price change, reloads it after a product change', async () => {
    const name = async () => (await get('/api/prices/history?codes=WTI&from=2024-01-08&to=2024-01-08')).json().series[0].name;
    expect(await name()).toBe('WTI Cushing');
    await t.ctx.db.update(products).set({ name: 'WTI renamed' }).where(sql`${products.code} = 'WTI'`);
    // An import or a review on another instance: prices only (the history is recomputed, the catalog kept).
    await t.ctx.events.publish({ userId: null, type: 'prices_updated', data: { product_codes: ['WTI'], inserted: 1, updated: 0, source: 'csv' } });
    expect(await name()).toBe('WTI Cushing');
    await t.ctx.events.publish({ userId: null, type: 'prices_updated', data: { product_codes: ['WTI'], inserted: 0, updated: 0, source: 'products' } });
    expect(await name()).toBe('WTI renamed');
    await t.ctx.db.update(products).set({ name: 'WTI Cushing' }).where(sql`${products.code} = 'WTI'`);
    await t.ctx.events.publish({ userId: null, type: 'prices_updated' });
    expect(await name()).toBe('WTI Cushing');
  });
});

describe('GET /api/prices/dates', () => {
  it('lists the publication dates with data, in a range', async () => {
    expect((await get('/api/prices/dates')).json()).toEqual({
      dates: ['2024-01-04', '2024-01-05', '2024-01-08', '2024-01-09'],
      earliest: '2024-01-04',
      latest: '2024-01-09',
    });
    expect((await get('/api/prices/dates?from=2024-01-05&to=2024-01-08')).json().dates).toEqual(['2024-01-05', '2024-01-08']);
  });

  it('refuses an inverted range', async () => {
    const response = await get('/api/prices/dates?from=2024-02-01&to=2024-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_RANGE', detail: 'The start date 2024-02-01 is after the end date 2024-01-01.' });
  });
});

describe('GET /api/prices/history', () => {
  it('returns each product series in the range, the first point changed against the previous observation', async () => {
    const body = (await get('/api/prices/history?codes=WTI,brent&from=2024-01-05&to=2024-01-08')).json();
    expect(body).toEqual({
      from: '2024-01-05',
      to: '2024-01-08',
      is_demo: false,
      series: [
        {
          code: 'WTI',
          name: 'WTI Cushing',
          category: 'crude',
          units: 'USD/bbl',
          decimal_places: 2,
          is_demo: false,
          kind: 'spot',
          formula: null,
          points: [{ date: '2024-01-08', value: '70.77', diff_base_value: '-1.42' }],
        },
        {
          code: 'BRENT',
          name: 'Brent',
          category: 'crude',
          units: 'USD/bbl',
          decimal_places: 2,
          is_demo: false,
          kind: 'spot',
          formula: null,
          points: [
            { date: '2024-01-05', value: '78.76', diff_base_value: '1.17' },
            { date: '2024-01-08', value: '76.12', diff_base_value: '-2.64' },
          ],
        },
      ],
    });
  });

  it('sends gzip when the client accepts it, the same JSON either way, and 304 to its weak ETag', async () => {
    const url = '/api/prices/history?codes=WTI,BRENT&from=2024-01-04&to=2024-01-08';
    const plain = await get(url);
    const zipped = await get(url, { ...user.headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json().series.map((series: { code: string }) => series.code)).toEqual(['WTI', 'BRENT']);

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(zipped.headers.etag).toBe(etag);
    const again = await get(url, { ...user.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const refused = await get(url, { ...user.headers, 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    const other = await get('/api/prices/history?codes=WTI&from=2024-01-04&to=2024-01-08', { ...user.headers, 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('compresses the other JSON answers of a KiB or more as they are sent, and leaves small ones alone', async () => {
    const plain = await get('/api/prices/products');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const zipped = await get('/api/prices/products', { ...user.headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await get('/api/prices/products', { ...user.headers, 'accept-encoding': 'gzip;q=0, br' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());

    // The table keeps its ETag and its 304 when compressed.
    const table = await get('/api/prices', { ...user.headers, 'accept-encoding': 'gzip' });
    const tableJson = JSON.parse(
      table.headers['content-encoding'] === 'gzip' ? gunzipSync(table.rawPayload).toString() : table.body,
    );
    expect(tableJson).toEqual((await get('/api/prices')).json());
    const again = await get('/api/prices', { ...user.headers, 'accept-encoding': 'gzip', 'if-none-match': table.headers.etag as string });
    expect(again.statusCode).toBe(304);

    const small = await get('/api/prices/summary', { ...user.headers, 'accept-encoding': 'gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual((await get('/api/prices/summary')).json());
  });

  it('lets the browser keep a range that ended before the revision window, and revalidate a recent one', async () => {
    // The latest publication is 2024-01-09: values of the last 14 days before it may still be revised.
    const old = await get('/api/prices/history?codes=WTI&from=2023-06-01&to=2023-12-01');
    expect(old.headers['cache-control']).toBe('private, max-age=86400, immutable');
    const recent = await get('/api/prices/history?codes=WTI&from=2023-06-01&to=2024-01-08');
    expect(recent.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/prices/history?codes=WTI')).headers['cache-control']).toBe('private, no-cache');
  });

  it('answers with the new values and a new ETag once an import changed the range', async () => {
    const url = '/api/prices/history?codes=ULSD_NYH&from=2023-05-01&to=2023-06-30';
    const before = await get(url);
    expect(before.json().series[0].points).toEqual([]);
    expect((await upload('product_code,date,value\nULSD_NYH,2023-06-01,2.5\n')).statusCode).toBe(200);
    const after = await get(url, { ...user.headers, 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().series[0].points).toEqual([{ date: '2023-06-01', value: '2.5', diff_base_value: null }]);
  });

  it('defaults to the year before the latest date and accepts exactly ten years', async () => {
    expect((await get('/api/prices/history?codes=WTI')).json()).toMatchObject({ from: '2023-01-09', to: '2024-01-09' });
    expect((await get('/api/prices/history?codes=WTI&from=2014-01-09&to=2024-01-09')).statusCode).toBe(200);
  });

  it('refuses unknown products, too many products, inverted and oversized ranges and bad dates', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['/api/prices/history?codes=WTI,NOPE', 'UNKNOWN_PRODUCT', /Unknown product code: NOPE\./],
      ['/api/prices/history?codes=', 'VALIDATION_ERROR', /codes: Name at least one product code/],
      ['/api/prices/history', 'VALIDATION_ERROR', /codes: /],
      [
        '/api/prices/history?codes=WTI,BRENT,GASOLINE_NYH,GASOLINE_USGC,RBOB_LA,ULSD_NYH,ULSD_USGC,ULSD_LA,HEATING_OIL_NYH,JET_USGC,PROPANE_MB',
        'VALIDATION_ERROR',
        /Compare at most 10 products/,
      ],
      ['/api/prices/history?codes=WTI&from=2024-02-01&to=2024-01-01', 'INVALID_RANGE', /after the end date/],
      ['/api/prices/history?codes=WTI&from=2014-01-08&to=2024-01-09', 'INVALID_RANGE', /at most 10 years/],
      ['/api/prices/history?codes=WTI&from=1900-01-01', 'INVALID_RANGE', /at most 10 years/],
      ['/api/prices/history?codes=WTI&from=2024-13-01', 'VALIDATION_ERROR', /from: /],
      ['/api/prices/history?codes=W;TI', 'VALIDATION_ERROR', /codes: /],
    ];
    for (const [url, code, detail] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code, detail: expect.stringMatching(detail) });
    }
  });
});

describe('GET /api/prices/movers and /api/prices/summary', () => {
  it('ranks gainers and losers by percent change', async () => {
    const body = (await get('/api/prices/movers?date=2024-01-08&limit=2')).json();
    expect(body.date).toBe('2024-01-08');
    expect(body.gainers.map((row: { code_id: string; percent_change: number }) => [row.code_id, row.percent_change])).toEqual([
      ['CRACK_GASOLINE_NYH', 52.44],
      ['CRACK_ULSD_NYH', 8.67],
    ]);
    expect(body.losers.map((row: { code_id: string; percent_change: number }) => [row.code_id, row.percent_change])).toEqual([
      ['BRENT', -3.35],
      ['WTI', -1.97],
    ]);
    expect((await get('/api/prices/movers?limit=21')).statusCode).toBe(400);
  });

  it('summarises each category with exact averages', async () => {
    const body = (await get('/api/prices/summary?date=2024-01-08')).json();
    expect(body.date).toBe('2024-01-08');
    expect(body.categories).toEqual([
      { category: 'crude', count: 2, units: 'USD/bbl', average: '73.45', average_change: '-2.03', average_percent_change: -2.66, advancers: 0, decliners: 2 },
      { category: 'gasoline', count: 1, units: 'USD/gal', average: '2.155', average_change: '0.055', average_percent_change: 2.62, advancers: 1, decliners: 0 },
      { category: 'diesel', count: 1, units: 'USD/gal', average: '2.6', average_change: '0', average_percent_change: 0, advancers: 0, decliners: 0 },
      { category: 'propane', count: 1, units: 'USD/gal', average: '0.71', average_change: null, average_percent_change: null, advancers: 0, decliners: 0 },
      { category: 'spreads', count: 4, units: 'USD/bbl', average: '19.7', average_change: '2.51', average_percent_change: 20.06, advancers: 2, decliners: 1 },
    ]);
    expect((await get('/api/prices/summary?date=08/01/2024')).statusCode).toBe(400);
  });
});

describe('GET /api/prices/export', () => {
  it('exports the daily table as CSV', async () => {
    const response = await get('/api/prices/export?format=csv&date=2024-01-08&category=crude');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="fueldesk-prices-2024-01-08-crude.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'publication_date,code,product,category,delivery_mode,forward_period,value,diff_base_value,percent_change,units,source',
      '2024-01-08,BRENT,Brent,crude,Spot FOB Europe,,76.12,-2.64,-3.35,USD/bbl,csv',
      '2024-01-08,WTI,WTI Cushing,crude,"Spot FOB Cushing, OK",,70.77,-1.42,-1.97,USD/bbl,csv',
      '',
    ]);
  });

  it('exports a history when codes are given', async () => {
    const response = await get('/api/prices/export?codes=BRENT&from=2024-01-04&to=2024-01-08');
    expect(response.headers['content-disposition']).toBe('attachment; filename="fueldesk-history-2024-01-04-2024-01-08.csv"');
    expect(response.body).toBe(
      'date,code,product,value,diff_base_value,units,demo\r\n2024-01-04,BRENT,Brent,77.59,,USD/bbl,\r\n2024-01-05,BRENT,Brent,78.76,1.17,USD/bbl,\r\n2024-01-08,BRENT,Brent,76.12,-2.64,USD/bbl,\r\n',
    );
  });

  it('neutralises spreadsheet formulas hidden in text cells', async () => {
    await t.ctx.db
      .update(products)
      .set({ name: '=HYPERLINK("http://evil.example","x")', deliveryMode: '@SUM(1+1)' })
      .where(sql`${products.code} = 'PROPANE_MB'`);
    await t.ctx.events.publish({ userId: null, type: 'prices_updated' });
    const csv = (await get('/api/prices/export?date=2024-01-08&category=propane')).body;
    expect(csv.split('\r\n')[1]).toBe(`2024-01-08,PROPANE_MB,"'=HYPERLINK(""http://evil.example"",""x"")",propane,"'@SUM(1+1) Mont Belvieu, TX",,0.71,,,USD/gal,csv`);
    const history = (await get('/api/prices/export?codes=PROPANE_MB&from=2024-01-08&to=2024-01-08')).body;
    expect(history.split('\r\n')[1]).toBe(`2024-01-08,PROPANE_MB,"'=HYPERLINK(""http://evil.example"",""x"")",0.71,,USD/gal,`);
    for (const line of [...csv.split('\r\n'), ...history.split('\r\n')]) {
      for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+@\t\r]/);
    }
    expect((await get('/api/prices/export?format=xlsx')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/prices/import', () => {
  it('is for administrators only', async () => {
    expect((await upload(FIXTURE, 'filename=x.csv', user.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/prices/import', headers: { 'content-type': 'text/csv' }, payload: FIXTURE })).statusCode).toBe(401);
  });

  it('reports inserted, updated, unchanged and rejected rows with their lines', async () => {
    const response = await upload('product_code,date,value\nWTI,2024-01-04,72.19\nWTI,2024-01-08,70.8\nWTI,2024-01-10,72\nWTI,2024-01-11,n/a\n');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      file: 'fixture.csv',
      format: 'generic-csv',
      product_codes: ['WTI'],
      inserted: 1,
      updated: 1,
      unchanged: 1,
      rejected: 1,
      rejected_lines: [{ line: 5, reason: '"n/a" is not a number' }],
      refused: false,
    });
  });

  it('names the series by the file name for EIA files', async () => {
    const response = await upload('Date,Price\r\n2024-01-04,2.5\r\n', 'filename=DJFUELUSGULF.csv');
    expect(response.json()).toMatchObject({ format: 'eia-date-price', product_codes: ['JET_USGC'], inserted: 1 });
  });

  it('refuses a malformed file with 400, its lines, and nothing written', async () => {
    const before = await t.ctx.db.$count(pricePoints);
    const refused = await upload('Date,Price\nnot a date,1\n2024-01-02,abc\n', 'filename=wti-daily.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'IMPORT_REJECTED',
      detail: 'The file was refused, nothing was imported. Line 2: No row of the file could be read.',
      key: 'prices.importRefused',
      params: { reason: 'Line 2: No row of the file could be read.' },
      fields: {
        file: 'Line 2: No row of the file could be read.',
        line_2: '"not a date" is not a date (YYYY-MM-DD)',
        line_3: '"abc" is not a number',
      },
    });
    const strict = await upload('product_code,date,value\nWTI,2024-02-01,70\nWTI,2024-02-02,x\n', 'filename=g.csv&strict=true');
    expect(strict.statusCode).toBe(400);
    expect(strict.json().fields).toMatchObject({ line_3: '"x" is not a number' });
    expect(await t.ctx.db.$count(pricePoints)).toBe(before);
  });

  it('refuses other content types and empty bodies', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/prices/import', headers: admin.headers, payload: { rows: [] } });
    expect([400, 415]).toContain(json.statusCode);
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/prices/import', headers: { ...admin.headers, 'content-type': 'text/csv' }, payload: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses files over UPLOAD_LIMIT_BYTES', async () => {
    const small = await openTestContext({ env: { UPLOAD_LIMIT_BYTES: '200' } });
    const boss = await createSignedInUser(small.ctx, { role: 'admin' });
    const response = await small.app.inject({
      method: 'POST',
      url: '/api/admin/prices/import',
      headers: { ...boss.headers, 'content-type': 'text/csv' },
      payload: `Date,Price\n${'2024-01-02,70\n'.repeat(50)}`,
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('GET /api/prices/history?max_points', () => {
  // A year of weekday prices of one product, 2.000 to 2.259, and a one-day spike on 2022-06-15.
  const days: Array<{ date: string; value: string }> = [];
  for (let day = new Date(Date.UTC(2022, 0, 3)); day.getUTCFullYear() === 2022; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    days.push({ date, value: date === '2022-06-15' ? '9.5' : (2 + (days.length % 260) / 1000).toFixed(3) });
  }
  const url = '/api/prices/history?codes=HEATING_OIL_NYH&from=2022-01-01&to=2022-12-31';

  beforeAll(async () => {
    const csv = ['product_code,date,value', ...days.map((day) => `HEATING_OIL_NYH,${day.date},${day.value}`)].join('\n');
    expect((await upload(csv, 'filename=heating-oil-2022.csv')).statusCode).toBe(200);
  });

  it('answers every point without it, as before', async () => {
    const points = (await get(url)).json().series[0].points as Array<{ date: string; value: string }>;
    // Values as stored (normalised: 2.000 is 2), every day of the file.
    expect(points.map(({ date, value }) => [date, Number(value)])).toEqual(days.map(({ date, value }) => [date, Number(value)]));
  });

  it('keeps at most max_points, the lowest and highest of each span in date order, and a spike with its own change', async () => {
    const all = (await get(url)).json().series[0].points as Array<{ date: string; value: string; diff_base_value: string | null }>;
    const response = await get(`${url}&max_points=20`);
    expect(response.statusCode).toBe(200);
    const points = response.json().series[0].points as typeof all;
    expect(points.length).toBeLessThanOrEqual(20);
    expect(points.length).toBeGreaterThan(10);
    expect(points[0]).toEqual(all[0]);
    expect(points.at(-1)).toEqual(all.at(-1));
    const spike = points.find((point) => point.date === '2022-06-15');
    expect(spike).toEqual(all.find((point) => point.date === '2022-06-15'));
    expect(spike?.value).toBe('9.5');
    // Every kept point is one of the series' own, unchanged; dates still ascend.
    const byDate = new Map(all.map((point) => [point.date, point]));
    for (const point of points) expect(point).toEqual(byDate.get(point.date));
    expect([...points.map((point) => point.date)].sort()).toEqual(points.map((point) => point.date));
    // The overall lowest and highest survive.
    const values = all.map((point) => Number(point.value));
    expect(points.some((point) => Number(point.value) === Math.min(...values))).toBe(true);
    expect(points.some((point) => Number(point.value) === Math.max(...values))).toBe(true);
    // A series that already fits is answered whole.
    expect((await get(`${url}&max_points=1000`)).json().series[0].points).toEqual(all);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const parameter = doc.paths['/api/prices/history'].get.parameters.find((item: { name: string }) => item.name === 'max_points');
    expect(parameter).toMatchObject({ in: 'query', required: false });
    expect(parameter.description).toMatch(/lowest and highest/);
  });

  it('refuses a max_points out of bounds', async () => {
    for (const value of ['3', '10001', 'many', '4.5']) {
      const response = await get(`${url}&max_points=${value}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().detail).toMatch(/max_points/);
    }
  });
});
