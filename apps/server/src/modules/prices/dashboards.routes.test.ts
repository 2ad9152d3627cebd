import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';

const t = useTestContext();
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = alice.headers) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const SIX = ['WTI', 'BRENT', 'GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC', 'PROPANE_MB'];
const LIMIT_MESSAGE = 'A dashboard holds at most 5 products. Remove one before adding another.';

beforeAll(async () => {
  alice = await createSignedInUser(t.ctx);
  bob = await createSignedInUser(t.ctx);
});

describe('/api/dashboards', () => {
  it('creates a dashboard with a slug from its name, and lists only the caller’s', async () => {
    const created = await call('POST', '/api/dashboards', { name: 'Morning Desk', product_codes: ['wti', 'BRENT'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Morning Desk', slug: 'morning-desk', product_codes: ['WTI', 'BRENT'] });
    await call('POST', '/api/dashboards', { name: 'Bob', slug: 'bob-home', product_codes: [] }, bob.headers);

    const list = (await call('GET', '/api/dashboards')).json();
    expect(list.dashboards.map((dashboard: { slug: string }) => dashboard.slug)).toEqual(['morning-desk']);
    const explicit = await call('POST', '/api/dashboards', { name: 'Diesel', slug: 'diesel-watch' });
    expect(explicit.json()).toMatchObject({ slug: 'diesel-watch', product_codes: [] });
  });

  it('holds five products and refuses a sixth with a clear message', async () => {
    const five = await call('POST', '/api/dashboards', { name: 'Five', product_codes: SIX.slice(0, 5) });
    expect(five.statusCode).toBe(201);
    const six = await call('POST', '/api/dashboards', { name: 'Six', product_codes: SIX });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ code: 'DASHBOARD_LIMIT', detail: LIMIT_MESSAGE, key: 'prices.dashboardLimit', fields: { product_codes: LIMIT_MESSAGE } });

    const update = await call('PUT', `/api/dashboards/${five.json().id}`, { product_codes: SIX });
    expect(update.statusCode).toBe(400);
    expect(update.json().code).toBe('DASHBOARD_LIMIT');
    expect((await call('GET', '/api/dashboards')).json().dashboards.find((dashboard: { name: string }) => dashboard.name === 'Five').product_codes).toEqual(
      SIX.slice(0, 5),
    );
    expect((await call('GET', '/api/dashboards')).json().dashboards.map((dashboard: { name: string }) => dashboard.name)).not.toContain('Six');
  });

  it('refuses unknown and repeated products, bad slugs and a slug already used', async () => {
    const unknown = await call('POST', '/api/dashboards', { name: 'X', product_codes: ['WTI', 'GOLD'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_PRODUCT', detail: 'Unknown product code: GOLD.' });

    const twice = await call('POST', '/api/dashboards', { name: 'X', product_codes: ['WTI', 'wti'] });
    expect(twice.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: 'product_codes: A product appears twice in this dashboard.' });

    const badSlug = await call('POST', '/api/dashboards', { name: 'X', slug: 'Not a slug!' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields.slug).toMatch(/lower-case letters/);

    const noName = await call('POST', '/api/dashboards', { name: '   ' });
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { name: 'Please provide a name.' } });

    const taken = await call('POST', '/api/dashboards', { name: 'Morning desk' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', detail: 'You already have a dashboard at /home/morning-desk.' });

    const bobSameSlug = await call('POST', '/api/dashboards', { name: 'Morning desk' }, bob.headers);
    expect(bobSameSlug.statusCode).toBe(201);
  });

  it('renames and changes products; another user’s dashboard is not found', async () => {
    const { id } = (await call('POST', '/api/dashboards', { name: 'Crude', product_codes: ['WTI'] })).json();
    const renamed = await call('PUT', `/api/dashboards/${id}`, { name: 'Crude oils', slug: 'crude-oils', product_codes: ['WTI', 'BRENT'] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Crude oils', slug: 'crude-oils', product_codes: ['WTI', 'BRENT'] });

    const clash = await call('PUT', `/api/dashboards/${id}`, { slug: 'morning-desk' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PUT', `/api/dashboards/${id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/dashboards/${id}`, { name: 'Hijack' }, bob.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/dashboards/${id}`, undefined, bob.headers)).statusCode).toBe(404);
    expect((await call('PUT', '/api/dashboards/not-a-uuid', { name: 'X' })).statusCode).toBe(400);
  });

  it('deletes a dashboard once', async () => {
    const { id } = (await call('POST', '/api/dashboards', { name: 'Temporary' })).json();
    const deleted = await call('DELETE', `/api/dashboards/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('DELETE', `/api/dashboards/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/dashboards')).json().dashboards.map((dashboard: { id: string }) => dashboard.id)).not.toContain(id);
  });

  it('needs a signed-in user who is not a restricted cliente', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboards' })).statusCode).toBe(401);
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    expect((await call('GET', '/api/dashboards', undefined, cliente.headers)).statusCode).toBe(403);
  });
});
