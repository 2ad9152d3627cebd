import type { AdminProduct, ListPricesResponse, ProductListResponse } from '@fueldesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';

const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

const body = {
  code: 'ULSD_CHI',
  name: 'Chicago ULSD',
  name_es: 'Diésel ULSD, Chicago',
  description: 'Chicago ultra-low sulfur diesel, spot price',
  category: 'diesel',
  unit: 'gal',
  currency: 'usd',
  delivery_mode: 'Spot',
  location: 'Chicago, IL',
  decimal_places: 3,
  eia_series_id: 'eer_epd2dxl0_pf4_y44ch_dpg',
};

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = admin.headers) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function importCsv(name: string, text: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/prices/import?filename=${encodeURIComponent(name)}`,
    headers: { ...admin.headers, 'content-type': 'text/csv' },
    payload: text,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { inserted: number; refused: boolean; product_codes: string[] };
}

async function audit(action?: string) {
  const response = await call('GET', `/audit${action ? `?action=${action}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { action: string; subject: string; actor_id: string | null; details: Record<string, unknown> }[] };
}

async function productCodes(): Promise<string[]> {
  const response = await call('GET', '/prices/products');
  return (response.json() as ProductListResponse).products.map((product) => product.code);
}

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
});

describe('/api/admin/products', () => {
  it('is for administrators only', async () => {
    const user = await createSignedInUser(t.ctx);
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/products' })).statusCode).toBe(401);
    for (const who of [user, cliente]) {
      expect((await call('GET', '/admin/products', undefined, who.headers)).statusCode).toBe(403);
      expect((await call('POST', '/admin/products', body, who.headers)).statusCode).toBe(403);
      expect((await call('PATCH', '/admin/products/WTI', { name: 'x' }, who.headers)).statusCode).toBe(403);
      expect((await call('POST', '/admin/products/WTI/retire', undefined, who.headers)).statusCode).toBe(403);
    }
    expect(await productCodes()).not.toContain('ULSD_CHI');
  });

  it('lists every configured product with its Spanish name', async () => {
    const response = await call('GET', '/admin/products');
    expect(response.statusCode).toBe(200);
    const products = (response.json() as { products: AdminProduct[] }).products;
    const wti = products.find((product) => product.code === 'WTI')!;
    expect(wti).toMatchObject({ name: 'WTI Cushing', active: true, kind: 'spot', eia_series_id: 'RWTC' });
    expect(products.find((product) => product.code === 'ULSD_NYH')!.name_es).toBe('Diésel ULSD, Puerto de Nueva York');
    expect(products.find((product) => product.code === 'WTI_FUT')!.futures_series_ids).toEqual(['RCLC1', 'RCLC2', 'RCLC3', 'RCLC4']);
  });

  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, code: '1X' }, 'code'],
      [{ ...body, name: ' ' }, 'name'],
      [{ ...body, name_es: undefined }, 'name_es'],
      [{ ...body, category: 'spreads' }, 'category'],
      [{ ...body, currency: 'dollars' }, 'currency'],
      [{ ...body, decimal_places: 9 }, 'decimal_places'],
      [{ ...body, decimal_places: 1.5 }, 'decimal_places'],
      [{ ...body, kind: 'spread' }, 'kind'],
      [{ ...body, kind: 'futures' }, 'futures_series_ids'],
      [{ ...body, futures_series_ids: ['A1'] }, 'futures_series_ids'],
      [{ ...body, eia_series_id: 'has space' }, 'eia_series_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/admin/products', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys((response.json() as { fields?: Record<string, string> }).fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const spanish = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: { ...admin.headers, 'accept-language': 'es' }, payload: { ...body, name_es: '' } });
    expect((spanish.json() as { fields: Record<string, string> }).fields.name_es).toBe('Escriba el nombre en español.');
    expect(await productCodes()).not.toContain('ULSD_CHI');
  });

  it('refuses a taken code or a series another product uses (409)', async () => {
    expect((await call('POST', '/admin/products', { ...body, code: 'wti' })).statusCode).toBe(409);
    const series = await call('POST', '/admin/products', { ...body, eia_series_id: 'RWTC' });
    expect(series.statusCode).toBe(409);
    expect((series.json() as { detail: string }).detail).toBe('The EIA series RWTC already belongs to WTI.');
    const contract = await call('POST', '/admin/products', { ...body, code: 'WTI2_FUT', kind: 'futures', eia_series_id: null, futures_series_ids: ['RCLC2'] });
    expect(contract.statusCode).toBe(409);
  });

  it('adds a product without a migration: imports, the daily table, pickers and history know it at once; audited', async () => {
    // Cached before the change: the change must clear it.
    expect(await productCodes()).not.toContain('ULSD_CHI');
    const created = await call('POST', '/admin/products', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'ULSD_CHI', currency: 'USD', eia_series_id: 'EER_EPD2DXL0_PF4_Y44CH_DPG', active: true, points: 0, kind: 'spot' });
    expect(await productCodes()).toContain('ULSD_CHI');

    // EIA's own Date,Price layout names the series in the file name; the importer reads the new product's id.
    const report = await importCsv('EER_EPD2DXL0_PF4_Y44CH_DPG.csv', 'Date,Price\n2024-01-02,2.612\n2024-01-03,2.655\n');
    expect(report.refused).toBe(false);
    expect(report.product_codes).toEqual(['ULSD_CHI']);
    expect(report.inserted).toBe(2);

    const day = (await call('GET', '/prices?date=2024-01-03&page_size=100')).json() as ListPricesResponse;
    const row = day.rows.find((candidate) => candidate.code_id === 'ULSD_CHI')!;
    expect(row).toMatchObject({ value: '2.655', product_name: 'Chicago ULSD', product_name_es: 'Diésel ULSD, Chicago', decimal_places: 3, previous_date: '2024-01-02' });

    expect((await audit('product.create')).items[0]).toMatchObject({ action: 'product.create', subject: 'ULSD_CHI', actor_id: admin.user.id });
  });

  it('edits names and decimals (the code stays), audited with before and after', async () => {
    const response = await call('PATCH', '/admin/products/ulsd_chi', { name: 'Chicago ULSD (pipeline)', name_es: 'Diésel ULSD, Chicago (oleoducto)', decimal_places: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'ULSD_CHI', name: 'Chicago ULSD (pipeline)', decimal_places: 4, points: 2 });
    const day = (await call('GET', '/prices?date=2024-01-03&page_size=100')).json() as ListPricesResponse;
    expect(day.rows.find((row) => row.code_id === 'ULSD_CHI')).toMatchObject({ product_name: 'Chicago ULSD (pipeline)', product_name_es: 'Diésel ULSD, Chicago (oleoducto)', decimal_places: 4 });
    expect((await audit('product.update')).items[0]!.details).toMatchObject({ before: { name: 'Chicago ULSD', decimal_places: 3 }, after: { name: 'Chicago ULSD (pipeline)', decimal_places: 4 } });

    expect((await call('PATCH', '/admin/products/ULSD_CHI', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/admin/products/NOPE', { name: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', '/admin/products/BRENT_WTI', { eia_series_id: 'X1' })).statusCode).toBe(400);
    expect((await call('PATCH', '/admin/products/ULSD_CHI', { eia_series_id: 'RBRTE' })).statusCode).toBe(409);
    // A spread's names may change; its legs never.
    expect((await call('PATCH', '/admin/products/BRENT_WTI', { name_es: 'Diferencial Brent–WTI' })).statusCode).toBe(200);
  });

  it('retires a product: it leaves pickers and the daily table, its history stays readable; reinstates it', async () => {
    const retired = await call('POST', '/admin/products/ULSD_CHI/retire');
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toMatchObject({ active: false, points: 2 });
    expect((retired.json() as AdminProduct).retired_at).not.toBeNull();
    expect(await productCodes()).not.toContain('ULSD_CHI');
    const day = (await call('GET', '/prices?date=2024-01-03&page_size=100')).json() as ListPricesResponse;
    expect(day.rows.map((row) => row.code_id)).not.toContain('ULSD_CHI');

    const history = await t.app.inject({ method: 'GET', url: '/api/prices/history?codes=ULSD_CHI&from=2024-01-01&to=2024-01-31', headers: { ...admin.headers, 'accept-encoding': 'identity' } });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('2.655');

    // Still listed for the admin, and a second retirement is refused.
    const listed = ((await call('GET', '/admin/products')).json() as { products: AdminProduct[] }).products.find((product) => product.code === 'ULSD_CHI');
    expect(listed?.active).toBe(false);
    expect((await call('POST', '/admin/products/ULSD_CHI/retire')).statusCode).toBe(409);

    const back = await call('POST', '/admin/products/ULSD_CHI/reinstate');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ active: true, retired_at: null });
    expect(await productCodes()).toContain('ULSD_CHI');
    const actions = (await audit()).items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['product.retire', 'product.reinstate']));
  });

  it('adds a futures product whose contracts the workbook importer reads by series', async () => {
    const created = await call('POST', '/admin/products', {
      ...body,
      code: 'ULSD_CHI_FUT',
      kind: 'futures',
      eia_series_id: null,
      futures_series_ids: ['X_CHI_PE1', 'X_CHI_PE2'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'futures', futures_series_ids: ['X_CHI_PE1', 'X_CHI_PE2'], eia_series_id: null });
  });
});
