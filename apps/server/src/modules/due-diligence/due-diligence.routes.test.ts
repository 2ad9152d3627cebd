import { createServer, type Server } from 'node:http';
import { en, es } from '../../../test/messages';
import type { AddressInfo } from 'node:net';
import { DUE_REPORT_READY_EVENT, dueFormSections, dueMessages, type DueReport } from '@fueldesk/contracts';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { createDueBody as createBody, validDueForm } from '../../../test/due-diligence';
import { loadTinySanctionsList } from '../../../test/screening';
import { dueReports } from '../../db/schema';
import type { AppEvent } from '../../integrations/events/event-bus';
import { produceDueReport } from './due-diligence.pipeline';

type Headers = Record<string, string>;

describe('/api/due', () => {
  const t = useTestContext();
  let user: Headers;
  let userId: string;
  let other: Headers;
  let admin: Headers;
  const events: AppEvent[] = [];

  beforeAll(async () => {
    const signedIn = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    user = signedIn.headers;
    userId = signedIn.user.id;
    other = (await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' })).headers;
    admin = (await createSignedInUser(t.ctx, { role: 'admin' })).headers;
    t.ctx.events.subscribe((event) => events.push(event));
  });

  const get = (url: string, headers: Headers = user) => t.app.inject({ method: 'GET', url, headers });
  const create = (payload: unknown, headers: Headers = user) => t.app.inject({ method: 'POST', url: '/api/due/create', payload: payload as object, headers });

  it('needs a signed-in user; a restricted cliente gets 403', async () => {
    const cliente = (await createSignedInUser(t.ctx, { role: 'cliente' })).headers;
    for (const [method, url] of [
      ['POST', '/api/due/create'],
      ['GET', '/api/due/reports'],
      ['GET', '/api/due/usage'],
      ['GET', '/api/due/report/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/due/report/00000000-0000-4000-8000-000000000000/pdf'],
    ] as const) {
      const payload = method === 'POST' ? createBody() : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method, url, headers: cliente, payload })).statusCode, url).toBe(403);
    }
  });

  it('answers 400 with SPEC.md §5 messages and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no business', validDueForm({ business_name: '  ' }), 'extra.business_name', en(dueMessages.businessRequired)],
      ['no contact or owner', validDueForm({ contact_name: '', owner_name: '' }), 'extra.contact_name', en(dueMessages.contactRequired)],
      ['bad email', validDueForm({ email: 'dana@' }), 'extra.email', en(dueMessages.emailInvalid)],
      ['bad extra email', validDueForm({ emails: 'a@b.com, nope' }), 'extra.emails', en(dueMessages.emailInvalid)],
      ['letters in tanks', validDueForm({ ust_count: 'three' }), 'extra.ust_count', en(dueMessages.numbersOnly)],
      ['letters in routing', validDueForm({ routing_number: '02100002A' }), 'extra.routing_number', en(dueMessages.numbersOnly)],
      ['short routing', validDueForm({ routing_number: '02100002' }), 'extra.routing_number', en(dueMessages.routingLength)],
      ['long tax id', validDueForm({ federal_tax_id: '12-34567890' }), 'extra.federal_tax_id', en(dueMessages.taxIdLength)],
      // A typo no longer costs one of the month's reports: the shared rules refuse it before anything is stored.
      ['routing checksum', validDueForm({ routing_number: '021000022' }), 'extra.routing_number', en(dueMessages.routingChecksum)],
      ['routing symbol', validDueForm({ routing_number: '130000006' }), 'extra.routing_number', en(dueMessages.routingPrefix)],
      ['unassigned EIN prefix', validDueForm({ federal_tax_id: '07-1234567' }), 'extra.federal_tax_id', en(dueMessages.taxIdPrefix)],
      ['no consent', validDueForm({ consent: false }), 'extra.consent', en(dueMessages.consentRequired)],
      ['unknown business type', validDueForm({ business_type: 'trust' }), 'extra.business_type', en(dueMessages.invalidChoice)],
    ];
    for (const [label, form, field, message] of cases) {
      const response = await create(createBody(form));
      expect(response.statusCode, label).toBe(400);
      expect(response.json().fields?.[field], label).toBe(message);
    }
    for (const extra of ['a string', [1, 2], null, 42]) {
      const response = await create({ description: '', contact_name: 'X', extra });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields?.extra).toBe(en(dueMessages.payloadNotObject));
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/due/create', headers: { ...user, 'content-type': 'application/json' }, payload: '{"broken' })).statusCode).toBe(400);
    expect((await create(createBody(validDueForm({ ust_count: 'x' })), { ...user, 'accept-language': 'es' })).json().detail).toBe('Algunos campos no son válidos.');
    const spanish = (await create(createBody(validDueForm({ routing_number: '021 000 022' })), { ...user, 'accept-language': 'es' })).json();
    expect(spanish.fields['extra.routing_number']).toBe(es(dueMessages.routingChecksum));
    expect((await get('/api/due/report/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/due/reports?limit=500')).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(dueReports).where(eq(dueReports.userId, userId))).toHaveLength(0);
  });

  it('never answers 500 to arbitrary form values', async () => {
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const keys = Object.values(dueFormSections).flat();
    const value = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string()));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys, 'other'), value), fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)), async (extra, contactName) => {
        const response = await create({ description: 'x', contact_name: contactName, extra }, headers);
        expect([201, 400, 403]).toContain(response.statusCode);
        if (response.statusCode === 400) expect(response.json().code).toBe('VALIDATION_ERROR');
      }),
      { numRuns: 40 },
    );
  });

  it('creates a processing report at once; the job makes it ready and tells the owner; without a list it is incomplete', async () => {
    const response = await create(createBody());
    expect(response.statusCode).toBe(201);
    const created = response.json<DueReport>();
    expect(created).toMatchObject({ title: 'Dana Whitfield', status: 'processing', content: '', findings: null });

    const list = await get('/api/due/reports');
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json()[0]).toMatchObject({ id: created.id, status: 'processing' });

    await produceDueReport(t.ctx, created.id, { writer: null });
    const ready = (await get(`/api/due/report/${created.id}`)).json<DueReport>();
    expect(ready.status).toBe('ready');
    expect(ready.findings?.risk.rating).toBe('incomplete');
    expect(ready.findings?.risk.reasons[0]).toMatch(/Not screened/);
    expect(ready.findings?.lists).toEqual([]);
    expect(ready.findings?.screening.map((entry) => entry.field)).toEqual(
      expect.arrayContaining(['business_name', 'legal_business_name', 'contact_name', 'owner_name', 'authorized_signer', 'bank_name']),
    );
    expect(ready.findings?.routing_number.valid).toBe(true);
    expect(ready.findings?.federal_tax_id.valid).toBe(true);
    expect(ready.findings?.narrative).toMatchObject({ text: null, source: 'none' });
    expect(ready.content).toContain('not screened');
    expect(events.filter((event) => event.type === DUE_REPORT_READY_EVENT && (event.data as { id: string }).id === created.id)).toEqual([
      { userId, type: DUE_REPORT_READY_EVENT, data: { id: created.id, title: 'Dana Whitfield', status: 'ready', rating: 'incomplete' } },
    ]);

    // A second run of the same job (a retry after a crash) changes nothing and announces nothing.
    expect(await produceDueReport(t.ctx, created.id, { writer: null })).toBeNull();
    expect(events.filter((event) => (event.data as { id?: string }).id === created.id)).toHaveLength(1);
  });

  it('writes the report in the language the user asked in, so a Spanish screen gets a Spanish report', async () => {
    const created = (await create(createBody(), { ...user, 'accept-language': 'es' })).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const ready = (await get(`/api/due/report/${created.id}`)).json<DueReport>();
    expect(ready.findings?.narrative.note).toBe('No hay un modelo de lenguaje configurado: este informe no tiene narrativa.');
  });

  it('keeps reports private: another user gets 404, an admin can read it', async () => {
    const created = (await create(createBody())).json<DueReport>();
    expect((await get(`/api/due/report/${created.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/due/report/${created.id}/pdf`, other)).statusCode).toBe(404);
    expect((await get('/api/due/reports', other)).json()).toEqual([]);
    expect((await get(`/api/due/report/${created.id}`, admin)).statusCode).toBe(200);
    expect((await get('/api/due/report/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('escapes hostile form text in the stored content', async () => {
    const hostile = validDueForm({ contact_name: '<img src=x onerror=alert(1)>Eve', business_name: '<script>alert(1)</script>Evil Co', city: '"><svg onload=alert(1)>' });
    const created = (await create(createBody(hostile))).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const ready = (await get(`/api/due/report/${created.id}`)).json<DueReport>();
    expect(ready.title).toBe('<img src=x onerror=alert(1)>Eve');
    expect(ready.content).not.toMatch(/<script|<img|<svg|<[^>]+ on\w+=/i);
    expect(ready.content).toContain('&lt;img src=x onerror=alert(1)&gt;Eve');
    expect(ready.content).toContain('&lt;script&gt;');
  });

  it('serves a ready report as a PDF; 409 while it is processing', async () => {
    const created = (await create(createBody())).json<DueReport>();
    expect((await get(`/api/due/report/${created.id}/pdf`)).statusCode).toBe(409);
    await produceDueReport(t.ctx, created.id, { writer: null });
    const pdf = await get(`/api/due/report/${created.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('due-diligence-blue-harbor-fuels.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
  });

  it('screens every name against the loaded list: a sanctioned business is critical, a sanctioned signer high', async () => {
    await loadTinySanctionsList(t.ctx);
    const business = (await create(createBody(validDueForm({ business_name: 'Karvelis Fuel Trading LLC' })))).json<DueReport>();
    await produceDueReport(t.ctx, business.id, { writer: null });
    const found = (await get(`/api/due/report/${business.id}`)).json<DueReport>();
    expect(found.findings?.lists).toEqual([expect.objectContaining({ source: 'ofac_sdn', entries: 6 })]);
    const hit = found.findings?.screening.find((entry) => entry.field === 'business_name');
    expect(hit?.matches[0]).toMatchObject({ entity_id: 'ofac_sdn:90002', name: 'KARVELIS FUEL TRADING LLC', programs: ['IRAN'] });
    expect(hit?.matches[0]?.score).toBeGreaterThanOrEqual(0.95);
    expect(found.findings?.risk.rating).toBe('critical');
    expect(found.findings?.risk.reasons.join(' ')).toContain('KARVELIS FUEL TRADING LLC');
    expect(found.findings?.screening.find((entry) => entry.field === 'contact_name')?.matches).toEqual([]);
    expect(found.content).toContain('ofac_sdn:90002');

    const signer = (await create(createBody(validDueForm({ authorized_signer: 'Ivor Peltomaa' })))).json<DueReport>();
    await produceDueReport(t.ctx, signer.id, { writer: null });
    const signed = (await get(`/api/due/report/${signer.id}`)).json<DueReport>();
    expect(['high', 'critical']).toContain(signed.findings?.risk.rating);

    const clean = (await create(createBody())).json<DueReport>();
    await produceDueReport(t.ctx, clean.id, { writer: null });
    expect((await get(`/api/due/report/${clean.id}`)).json<DueReport>().findings?.risk.rating).toBe('low');
  });

  it('explains a match in Spanish in a Spanish report, in the findings and the content', async () => {
    await loadTinySanctionsList(t.ctx);
    // Its own user, so the shared user's monthly reports are left for the other tests.
    const owner = (await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' })).headers;
    const created = (await create(createBody(validDueForm({ business_name: 'Karvelis Fuel Trading LLC' })), { ...owner, 'accept-language': 'es' })).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const ready = (await get(`/api/due/report/${created.id}`, owner)).json<DueReport>();
    const explanation = ready.findings?.screening.find((entry) => entry.field === 'business_name')?.matches[0]?.explanation ?? '';
    expect(explanation).toMatch(/^Coincide con el nombre de la lista «KARVELIS FUEL TRADING LLC»\. Puntuación \d+ %: /);
    expect(explanation).toContain('es idéntica');
    expect(explanation).not.toMatch(/tokens? (equal|match)|identical/i);
    expect(ready.content).toContain('Coincide con el nombre de la lista «KARVELIS FUEL TRADING LLC»');

    // The same match in an English report keeps the engine's English sentence.
    const english = (await create(createBody(validDueForm({ business_name: 'Karvelis Fuel Trading LLC' })), owner)).json<DueReport>();
    await produceDueReport(t.ctx, english.id, { writer: null });
    const englishExplanation = (await get(`/api/due/report/${english.id}`, owner)).json<DueReport>().findings?.screening.find((entry) => entry.field === 'business_name')?.matches[0]?.explanation;
    expect(englishExplanation).toBeTruthy();
    expect(englishExplanation).not.toContain('Coincide');
  });

  it("lists FuelDesk's own news articles that mention a screened name, newest first, with links", async () => {
    const article = (title: string, url: string, publishedAt: string) => ({
      title,
      summary: 'Port authorities held a cargo.',
      category: 'oil',
      source_name: 'Harbor Wire',
      source_url: url,
      published_at: publishedAt,
    });
    for (const body of [
      article('Tessaly Okonkwo-Bramble fined over diesel cargo', 'https://news.example.com/a', '2026-10-01T00:00:00.000Z'),
      article('Regulator names Tessaly Okonkwo-Bramble again', 'https://news.example.com/b', '2026-11-01T00:00:00.000Z'),
      article('Okonkwo opens a station; Bramble closes one', 'https://news.example.com/c', '2026-11-02T00:00:00.000Z'),
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: admin, payload: body })).statusCode).toBe(201);
    }
    // Two names with articles (all names are searched in one query): each gets its own, in the form's order.
    const created = (await create(createBody(validDueForm({ buyer_name: 'Tessaly Okonkwo-Bramble', owner_name: 'Okonkwo' })))).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const ready = (await get(`/api/due/report/${created.id}`)).json<DueReport>();
    expect(ready.findings?.adverse_media).toEqual([
      {
        field: 'owner_name',
        name: 'Okonkwo',
        articles: [
          expect.objectContaining({ title: 'Okonkwo opens a station; Bramble closes one', published_at: '2026-11-02T00:00:00.000Z' }),
          expect.objectContaining({ title: 'Regulator names Tessaly Okonkwo-Bramble again' }),
          expect.objectContaining({ title: 'Tessaly Okonkwo-Bramble fined over diesel cargo' }),
        ],
      },
      {
        field: 'buyer_name',
        name: 'Tessaly Okonkwo-Bramble',
        articles: [
          expect.objectContaining({ title: 'Regulator names Tessaly Okonkwo-Bramble again', url: 'https://news.example.com/b', source_name: 'Harbor Wire', published_at: '2026-11-01T00:00:00.000Z' }),
          expect.objectContaining({ title: 'Tessaly Okonkwo-Bramble fined over diesel cargo' }),
        ],
      },
    ]);
    expect(ready.findings?.risk.reasons.join(' ')).toContain('2 news article(s) in FuelDesk mention "Tessaly Okonkwo-Bramble"');
    expect(ready.content).toContain('href="https://news.example.com/b"');
  });

  it('keeps the language the report was created in, whatever the reader asks for', async () => {
    // Another user of the file: the first one's monthly reports are counted by the other tests.
    const created = (await create(createBody(validDueForm({ email: 'x@mailinator.com' })), { ...other, 'accept-language': 'es' })).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const read = (await get(`/api/due/report/${created.id}`, { ...other, 'accept-language': 'en' })).json<DueReport>();
    expect(read.language).toBe('es');
    expect(read.findings?.risk.reasons.join(' ')).toContain('desechable');
  });

  it('rates failed checks medium, with the reason for each', async () => {
    const created = (await create(createBody(validDueForm({ email: 'x@mailinator.com' })))).json<DueReport>();
    await produceDueReport(t.ctx, created.id, { writer: null });
    const risk = (await get(`/api/due/report/${created.id}`)).json<DueReport>().findings?.risk;
    expect(risk?.rating).toBe('medium');
    expect(risk?.reasons).toEqual(expect.arrayContaining(['The email uses a disposable mail domain.']));
  });
});

describe('/api/due plan limits', () => {
  const t = useTestContext();

  it('stops a Starter user after 3 reports this month with PLAN_LIMIT; bad input is never counted', async () => {
    // The clock is set before signing in: a token issued "later" than the server's now is refused.
    t.setNow(new Date('2026-03-31T23:55:00Z'));
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'starter' });
    const usage0 = (await t.app.inject({ method: 'GET', url: '/api/due/usage?ts=1', headers })).json();
    expect(usage0).toEqual({ plan_code: 'starter', limit: 3, used: 0, remaining: 3, period_start: '2026-03-01T00:00:00.000Z', period_end: '2026-04-01T00:00:00.000Z' });
    for (let index = 0; index < 3; index += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })).statusCode).toBe(201);
      expect((await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody(validDueForm({ consent: false })) })).statusCode).toBe(400);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/due/create', headers: { ...headers, 'accept-language': 'es' }, payload: createBody() });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(over.json().detail).toContain('Ha usado los 3 informes');
    expect((await t.app.inject({ method: 'GET', url: '/api/due/usage', headers })).json()).toMatchObject({ used: 3, remaining: 0 });

    // A new calendar month (UTC) starts a new count.
    t.setNow(new Date('2026-04-01T00:00:00Z'));
    expect((await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })).statusCode).toBe(201);
    t.setNow(null);
  });

  it('lets exactly one of two concurrent creates through at the boundary', async () => {
    // Mid-month, set before signing in: a run across a month's start would count in two months.
    t.setNow(new Date('2026-05-15T12:00:00Z'));
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'pro' });
    for (let index = 0; index < 4; index += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })).statusCode).toBe(201);
    }
    const both = await Promise.all([0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    expect((await t.app.inject({ method: 'GET', url: '/api/due/reports', headers })).json()).toHaveLength(5);
    t.setNow(null);
  });
});

/** A chat-completions endpoint that answers with a fixed narrative (or an error) and records what it got. */
async function startLlmStub(mode: { fail: boolean }) {
  const received: { authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      if (mode.fail || request.url !== '/v1/chat/completions') {
        response.writeHead(500).end('{}');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Blue Harbor Fuels shows no sanctions match.' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('due diligence narrative', () => {
  const mode = { fail: false };
  let stub: Awaited<ReturnType<typeof startLlmStub>>;
  beforeAll(async () => {
    stub = await startLlmStub(mode);
  });
  afterAll(() => stub.close());
  // After the stub's hooks: built once the stub listens, closed before it stops.
  const t = useTestContext(() => ({ env: { LLM_BASE_URL: stub.url, LLM_API_KEY: 'stub-key', LLM_MODEL: 'stub-model' } }));

  it('asks the configured model from the findings only and stores the prompt; without an answer the report is still complete', async () => {
    const { headers } = await createSignedInUser(t.ctx, { planCode: 'premium_enterprise' });
    const created = (await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })).json<DueReport>();
    await produceDueReport(t.ctx, created.id);
    const ready = (await t.app.inject({ method: 'GET', url: `/api/due/report/${created.id}`, headers })).json<DueReport>();
    expect(ready.findings?.narrative).toMatchObject({ text: 'Blue Harbor Fuels shows no sanctions match.', source: 'model' });
    expect(ready.content).toContain('Blue Harbor Fuels shows no sanctions match.');
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]!.authorization).toBe('Bearer stub-key');
    expect(stub.received[0]!.body.model).toBe('stub-model');
    const sent = JSON.parse(stub.received[0]!.body.messages[1]!.content);
    expect(sent.routing_number.valid).toBe(true);
    expect(sent).not.toHaveProperty('narrative');
    const [row] = await t.ctx.db.select().from(dueReports).where(eq(dueReports.id, created.id));
    expect(JSON.parse(row!.llmPrompt!).user).toBe(stub.received[0]!.body.messages[1]!.content);

    mode.fail = true;
    const second = (await t.app.inject({ method: 'POST', url: '/api/due/create', headers, payload: createBody() })).json<DueReport>();
    await produceDueReport(t.ctx, second.id);
    const without = (await t.app.inject({ method: 'GET', url: `/api/due/report/${second.id}`, headers })).json<DueReport>();
    expect(without.status).toBe('ready');
    expect(without.findings?.narrative).toMatchObject({ text: null, source: 'none' });
    expect(without.findings?.narrative.note).toMatch(/did not answer/);
  });
});
