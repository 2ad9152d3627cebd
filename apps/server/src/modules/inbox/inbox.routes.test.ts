import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';

type Headers = Record<string, string>;

const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let otherAdmin: Awaited<ReturnType<typeof createSignedInUser>>;
let member: Awaited<ReturnType<typeof createSignedInUser>>;
let client: Awaited<ReturnType<typeof createSignedInUser>>;
let ipCounter = 0;
const ids: { contact: string; lead: string; support: string } = { contact: '', lead: '', support: '' };
// Close to the real clock: the signed-in users' tokens are checked against it.
const base = new Date(Math.floor(Date.now() / 1000) * 1000);

const at = (minutes: number) => t.setNow(new Date(base.getTime() + minutes * 60_000));

async function send(url: string, payload: object, headers: Headers = {}) {
  ipCounter += 1;
  const response = await t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.9.0.${ipCounter}` });
  expect(response.statusCode).toBe(201);
  return response.json() as { id?: string };
}

const get = (url: string, headers: Headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
const patch = (url: string, payload: unknown, headers: Headers = admin.headers) => t.app.inject({ method: 'PATCH', url, payload: payload as object, headers });
const list = async (query = '') => {
  const response = await get(`/api/admin/inbox${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { kind: string; id: string; subject: string; status: string; assignee: { id: string } | null }[]; total: number; page: number; page_size: number };
};
const subjects = async (query = '') => (await list(query)).items.map((item) => item.subject);

beforeAll(async () => {
  admin = await createSignedInUser(t.ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  otherAdmin = await createSignedInUser(t.ctx, { role: 'admin', firstName: 'Otto', lastName: 'Other' });
  member = await createSignedInUser(t.ctx, { role: 'user', firstName: 'Uma', lastName: 'User', email: 'uma@example.com' });
  client = await createSignedInUser(t.ctx, { role: 'cliente' });

  at(1);
  await send('/api/contact', {
    name: 'Lee Park',
    email: 'lee@example.com',
    phone: '+1 305 555 0142',
    company: 'Harbor Fuels',
    subject: 'Coverage of ULSD',
    question: 'Do you publish Gulf Coast ULSD every business day?',
  });
  at(2);
  await send('/api/leads', {
    first_name: 'María José',
    last_name: 'Pérez',
    email: 'mj@example.com',
    phone: '',
    company: 'Combustibles del Norte',
    job_title: 'Head of supply',
    employees: '51-200',
    industry: 'fuel_distribution',
    interests: ['crude_reports_prices'],
    regions: ['north_america', 'south_america'],
    operational_scale: 'national',
    message: 'We would like a demo of the jet fuel dashboards.',
  });
  at(3);
  const support = await send('/api/support', { type: 'complaint', subject: 'Chart 100% wrong', message: 'The diesel chart shows last week.' }, member.headers);
  ids.support = support.id!;
  const all = await list();
  ids.contact = all.items.find((item) => item.kind === 'contact')!.id;
  ids.lead = all.items.find((item) => item.kind === 'lead')!.id;
  t.setNow(null);
});

describe('admin inbox: access', () => {
  const urls = () => [
    ['GET', '/api/admin/inbox'],
    ['GET', '/api/admin/inbox/assignees'],
    ['GET', `/api/admin/inbox/contact/${ids.contact}`],
    ['PATCH', `/api/admin/inbox/contact/${ids.contact}`],
  ] as const;

  it('answers 401 signed out and 403 to users and clients, for every inbox route', async () => {
    for (const [method, url] of urls()) {
      const payload = method === 'PATCH' ? { status: 'answered' } : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: member.headers })).statusCode, `${method} ${url} user`).toBe(403);
      expect((await t.app.inject({ method, url, payload, headers: client.headers })).statusCode, `${method} ${url} cliente`).toBe(403);
    }
    // Nothing was changed by the refused PATCHes.
    expect((await get(`/api/admin/inbox/contact/${ids.contact}`)).json()).toMatchObject({ status: 'open', assignee: null });
  });
});

describe('admin inbox: list', () => {
  it('lists the three kinds newest first with the sender, subject and total', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(body.items.map((item) => item.kind)).toEqual(['support', 'lead', 'contact']);
    expect(body.items[0]).toMatchObject({ from_name: 'Uma User', from_email: 'uma@example.com', subject: 'Chart 100% wrong', status: 'open', assignee: null });
    expect(body.items[1]).toMatchObject({ from_name: 'María José Pérez', from_email: 'mj@example.com', subject: 'Combustibles del Norte', preview: 'We would like a demo of the jet fuel dashboards.' });
    expect(body.items[2]).toMatchObject({ from_name: 'Lee Park', subject: 'Coverage of ULSD', created_at: new Date(base.getTime() + 60_000).toISOString() });
  });

  it('filters by kind and searches sender, company, subject and text, case-insensitively', async () => {
    expect(await subjects('?kind=lead')).toEqual(['Combustibles del Norte']);
    expect(await subjects('?kind=support')).toEqual(['Chart 100% wrong']);
    expect(await subjects('?q=harbor')).toEqual(['Coverage of ULSD']);
    expect(await subjects('?q=JET%20FUEL')).toEqual(['Combustibles del Norte']);
    expect(await subjects('?q=uma%40example')).toEqual(['Chart 100% wrong']);
    expect(await subjects('?q=diesel')).toEqual(['Chart 100% wrong']);
    // % and _ are searched as themselves, not as wildcards.
    expect(await subjects('?q=100%25')).toEqual(['Chart 100% wrong']);
    expect(await subjects('?q=%25')).toEqual(['Chart 100% wrong']);
    expect(await subjects('?q=ulsd&kind=lead')).toEqual([]);
    expect((await list('?q=nothing-like-this')).total).toBe(0);
  });

  it('pages with the total of the whole filter', async () => {
    const first = await list('?page=1&page_size=2');
    const second = await list('?page=2&page_size=2');
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect([...first.items, ...second.items].map((item) => item.kind)).toEqual(['support', 'lead', 'contact']);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('refuses bad filters with 400 and a message naming them', async () => {
    for (const query of ['?kind=spam', '?status=closed', '?assignee=someone', '?page=0', '?page_size=500', `?q=${'x'.repeat(201)}`]) {
      const response = await get(`/api/admin/inbox${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await get('/api/admin/inbox?kind=spam')).json().fields).toEqual({ kind: 'Kind must be contact, lead or support.' });
    const es = await get('/api/admin/inbox?status=closed', { ...admin.headers, 'accept-language': 'es' });
    expect(es.json().fields).toEqual({ status: 'El estado debe ser abierto o respondido.' });
  });
});

describe('admin inbox: one message and its changes', () => {
  it('reads each kind in full with its form fields', async () => {
    const contact = await get(`/api/admin/inbox/contact/${ids.contact}`);
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toMatchObject({
      kind: 'contact',
      message: 'Do you publish Gulf Coast ULSD every business day?',
      language: 'en',
      fields: { phone: '+1 305 555 0142', company: 'Harbor Fuels' },
    });
    const lead = (await get(`/api/admin/inbox/lead/${ids.lead}`)).json();
    expect(lead.fields).toMatchObject({ phone: null, job_title: 'Head of supply', interests: 'crude_reports_prices', regions: 'north_america, south_america' });
    const support = (await get(`/api/admin/inbox/support/${ids.support}`)).json();
    expect(support).toMatchObject({ kind: 'support', message: 'The diesel chart shows last week.', fields: { type: 'complaint' } });
  });

  it('answers 404 for an unknown id or an id of another kind, 400 for a malformed id or kind', async () => {
    expect((await get(`/api/admin/inbox/contact/${randomUUID()}`)).json()).toMatchObject({ code: 'NOT_FOUND', detail: 'This message does not exist.' });
    expect((await get(`/api/admin/inbox/lead/${ids.contact}`)).statusCode).toBe(404);
    expect((await patch(`/api/admin/inbox/support/${randomUUID()}`, { status: 'answered' })).statusCode).toBe(404);
    expect((await get('/api/admin/inbox/contact/not-an-id')).statusCode).toBe(400);
    expect((await get(`/api/admin/inbox/letters/${ids.contact}`)).statusCode).toBe(400);
    expect((await patch('/api/admin/inbox/contact/1%27%20or%201=1', { status: 'answered' })).statusCode).toBe(400);
  });

  it('sets the status and the assignee, and the list filters on both', async () => {
    const mine = await patch(`/api/admin/inbox/lead/${ids.lead}`, { assignee_id: admin.user.id });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ status: 'open', assignee: { id: admin.user.id, name: 'Ada Admin', email: admin.user.email } });
    at(10);
    const answered = await patch(`/api/admin/inbox/support/${ids.support}`, { status: 'answered', assignee_id: otherAdmin.user.id });
    t.setNow(null);
    expect(answered.json()).toMatchObject({ status: 'answered', assignee: { id: otherAdmin.user.id }, updated_at: new Date(base.getTime() + 600_000).toISOString() });

    expect(await subjects('?assignee=me')).toEqual(['Combustibles del Norte']);
    expect(await subjects(`?assignee=${otherAdmin.user.id}`)).toEqual(['Chart 100% wrong']);
    expect(await subjects('?assignee=none')).toEqual(['Coverage of ULSD']);
    expect(await subjects('?status=answered')).toEqual(['Chart 100% wrong']);
    expect(await subjects('?status=open')).toEqual(['Combustibles del Norte', 'Coverage of ULSD']);
    expect(await subjects('?status=open&assignee=me&kind=lead&q=norte')).toEqual(['Combustibles del Norte']);
    // The other admin sees its own under "me".
    const theirs = await get('/api/admin/inbox?assignee=me', otherAdmin.headers);
    expect(theirs.json().items.map((item: { id: string }) => item.id)).toEqual([ids.support]);

    // null gives it back to nobody; reopening keeps the assignee.
    expect((await patch(`/api/admin/inbox/lead/${ids.lead}`, { assignee_id: null })).json()).toMatchObject({ assignee: null });
    expect((await patch(`/api/admin/inbox/support/${ids.support}`, { status: 'open' })).json()).toMatchObject({ status: 'open', assignee: { id: otherAdmin.user.id } });
    expect(await subjects('?status=answered')).toEqual([]);
  });

  it('refuses an assignee who is not an active administrator with a clear 400, in Spanish too', async () => {
    const url = `/api/admin/inbox/contact/${ids.contact}`;
    const notAdmin = await patch(url, { assignee_id: member.user.id });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json()).toMatchObject({ code: 'VALIDATION_ERROR', detail: 'The assignee must be an active administrator.', fields: { assignee_id: 'The assignee must be an active administrator.' } });
    const unknown = await patch(url, { assignee_id: randomUUID() }, { ...admin.headers, 'accept-language': 'es-ES' });
    expect(unknown.json()).toMatchObject({ detail: 'El responsable debe ser un administrador activo.' });
    const inactive = await createSignedInUser(t.ctx, { role: 'admin', active: false });
    expect((await patch(url, { assignee_id: inactive.user.id })).statusCode).toBe(400);
    expect((await get(url)).json()).toMatchObject({ assignee: null });
  });

  it('refuses empty, unknown and malformed changes with 400', async () => {
    const url = `/api/admin/inbox/contact/${ids.contact}`;
    for (const body of [{}, { status: 'closed' }, { assignee_id: 'bob' }, { status: 'answered', extra: 1 }, { assignee_id: 7 }]) {
      const response = await patch(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await patch(url, {})).json().detail).toBeTruthy();
    expect((await t.app.inject({ method: 'PATCH', url, payload: '[1,2]', headers: { ...admin.headers, 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await get(url)).json()).toMatchObject({ status: 'open' });
  });

  it('lists the active administrators one can assign to', async () => {
    const response = await get('/api/admin/inbox/assignees');
    expect(response.statusCode).toBe(200);
    const assignees = response.json().assignees as { id: string; name: string }[];
    expect(assignees.map((assignee) => assignee.name)).toEqual(['Ada Admin', 'Otto Other']);
    expect(assignees.map((assignee) => assignee.id)).not.toContain(member.user.id);
  });
});

describe('admin inbox: any input', () => {
  const text = fc.oneof(fc.string(), fc.constantFrom('contact', 'lead', 'support', 'open', 'answered', 'me', 'none', '0', '-1', '1e9', '%', '\\', "'"), fc.uuid());

  it('answers every query string, path and body with 2xx or a 4xx {code, detail}, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('kind', 'status', 'assignee', 'q', 'page', 'page_size', 'other'), text),
        text,
        text,
        fc.oneof(fc.dictionary(fc.constantFrom('status', 'assignee_id', 'other'), fc.oneof(text, fc.constant(null), fc.integer())), fc.anything()),
        async (query, kind, id, body) => {
          const list = await get(`/api/admin/inbox?${new URLSearchParams(query).toString()}`);
          const one = await get(`/api/admin/inbox/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`);
          const change = await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/inbox/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
            headers: { ...admin.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          for (const response of [list, one, change]) {
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.json()).toEqual(expect.objectContaining({ code: expect.any(String), detail: expect.any(String) }));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
