import { FOUR_EYES_SCORE } from '@fueldesk/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useTestContext } from '../../../test/test-context';
import { createDueBody, validDueForm } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { loadTinySanctionsList, tinySanctionsEntries, tinySanctionsFiles } from '../../../test/screening';
import { parseSanctionsFiles } from '../screening/engine';
import { storeParsedLists } from '../screening/screening-import.service';
import { produceDueReport } from '../due-diligence/due-diligence.pipeline';
import { insertDecision } from './decisions.repository';
import { decisionStatus, subjectKey } from './decisions.service';
import { DECISIONS_CHANGED_EVENT } from './decisions.subjects';

const t = useTestContext();
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
let alice: Signed;
let bob: Signed;
let admin: Signed;
let admin2: Signed;

beforeAll(async () => {
  await loadTinySanctionsList(t.ctx);
  alice = await createSignedInUser(t.ctx, { planCode: 'pro' });
  bob = await createSignedInUser(t.ctx, { planCode: 'pro' });
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
  admin2 = await createSignedInUser(t.ctx, { role: 'admin' });
});

const decide = (who: Signed, payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/screening/decisions', headers: { ...who.headers, 'accept-language': lang }, payload });
const approve = (who: Signed, id: string) => t.app.inject({ method: 'POST', url: `/api/screening/decisions/${id}/approve`, headers: who.headers });
const search = async (who: Signed, q: string) => (await t.app.inject({ method: 'GET', url: `/api/screening/search?q=${encodeURIComponent(q)}`, headers: who.headers })).json();

/** Stores the tiny list again with one entry changed (a new remark): a new version whose entry hashes differently. */
async function changeEntries(remarks: Record<number, string>) {
  const entries = tinySanctionsEntries.map((entry) => (remarks[entry.id] ? { ...entry, remarks: remarks[entry.id] } : entry));
  const results = await storeParsedLists(t.ctx, parseSanctionsFiles(tinySanctionsFiles(entries)), { origin: 'test' });
  expect(results.map((result) => result.status)).toContain('stored');
}

async function reportFor(who: Signed, form: Record<string, unknown>) {
  const created = await t.app.inject({ method: 'POST', url: '/api/due/create', headers: who.headers, payload: createDueBody(validDueForm(form)) });
  expect(created.statusCode).toBe(201);
  await produceDueReport(t.ctx, created.json().id, { writer: null });
  return (await t.app.inject({ method: 'GET', url: `/api/due/report/${created.json().id}`, headers: who.headers })).json();
}

describe('decisions on searches', () => {
  it('a search shows a decision another instance stored once its event arrives (the cached set of decided names is dropped)', async () => {
    const carol = await createSignedInUser(t.ctx, { planCode: 'pro' });
    const name = 'Nordic Zephyra';
    const { matches } = await search(carol, name);
    expect(matches[0].decision).toBeUndefined();
    // What another instance does: the row in the database, then the event (this instance saw no request).
    await insertDecision(t.ctx.db, {
      userId: carol.user.id,
      subjectName: name,
      subjectKey: subjectKey(name),
      entityId: matches[0].entity_id,
      entityHash: 'elsewhere',
      score: matches[0].score,
      decision: 'needs_review',
      note: 'Checked on the other server.',
      status: 'final',
      decidedAt: new Date(),
    });
    await t.ctx.events.publish({ userId: carol.user.id, type: DECISIONS_CHANGED_EVENT });
    expect((await search(carol, name)).matches[0].decision).toMatchObject({ decision: 'needs_review', note: 'Checked on the other server.' });
  });
});

describe('the four-eyes rule', () => {
  it('starts pending exactly from 0.95 when clearing, and never for other decisions', () => {
    expect(FOUR_EYES_SCORE).toBe(0.95);
    expect(decisionStatus('false_positive', 0.95)).toBe('pending_approval');
    expect(decisionStatus('false_positive', 1)).toBe('pending_approval');
    expect(decisionStatus('false_positive', 0.9499999)).toBe('final');
    expect(decisionStatus('true_match', 1)).toBe('final');
    expect(decisionStatus('needs_review', 0.99)).toBe('final');
  });

  it('normalises subject names (accents, case, punctuation)', () => {
    expect(subjectKey('  Karvélis,  FUEL-Trading ')).toBe('karvelis fuel trading');
  });

  it('requires a note, in the caller’s language', async () => {
    const response = await decide(alice, { subject_name: 'Karvelis Fuel Trading LLC', entity_id: 'ofac_sdn:90002', decision: 'false_positive', note: '   ' }, 'es');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.note).toBe('Escriba una nota: por qué esta decisión.');
    const unknown = await decide(alice, { subject_name: 'X', entity_id: 'ofac_sdn:1', decision: 'true_match', note: 'n' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a cleared strong match waits for another admin: not the decider (even an admin), not a demoted admin, not a plain user', async () => {
    const own = await decide(admin, { subject_name: 'Ivor Peltomaa Vasilyevich', entity_id: 'ofac_sdn:90001', decision: 'false_positive', note: 'Different person: born 1985.' });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ status: 'pending_approval', decided_by: admin.user.id, approved_by: null });
    expect(own.json().score).toBeGreaterThanOrEqual(0.95);
    const self = await approve(admin, own.json().id);
    expect([self.statusCode, self.json().code]).toEqual([403, 'FOUR_EYES']);
    expect((await approve(alice, own.json().id)).statusCode).toBe(403);
    // An admin demoted to user can no longer approve (the role is read live).
    const demoted = await createSignedInUser(t.ctx, { role: 'admin' });
    await t.ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.user.id));
    const byDemoted = await approve(demoted, own.json().id);
    expect([byDemoted.statusCode, byDemoted.json().code]).toEqual([403, 'FORBIDDEN']);
    const approved = await approve(admin2, own.json().id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'final', approved_by: admin2.user.id, approved_by_email: admin2.user.email });
    expect((await approve(admin2, own.json().id)).statusCode).toBe(409);
  });

  it('a decision below 0.95 is final at once; the status follows the score the server computed', async () => {
    const { matches } = await search(alice, 'Tessaly Okonkwo');
    const match = matches.find((item: { entity_id: string }) => item.entity_id === 'ofac_sdn:90005');
    const response = await decide(alice, { subject_name: 'Tessaly Okonkwo', entity_id: 'ofac_sdn:90005', decision: 'false_positive', note: 'Our customer since 2010, other person.' });
    expect(response.json().score).toBe(match.score);
    expect(response.json().status).toBe(decisionStatus('false_positive', match.score));
  });
});

describe('suppression', () => {
  it('a pending clearance still counts; once approved, searches and batches show the match cleared by whom, when and why', async () => {
    const name = 'Karvelis Fuel Trading LLC';
    const pending = await decide(alice, { subject_name: name, entity_id: 'ofac_sdn:90002', decision: 'false_positive', note: 'Namesake in Cyprus, checked registry.' });
    expect(pending.json().status).toBe('pending_approval');
    const before = (await search(alice, name)).matches[0];
    expect(before.decision).toMatchObject({ status: 'pending_approval', cleared: false });
    expect((await approve(admin, pending.json().id)).statusCode).toBe(200);
    const after = (await search(alice, 'karvelis fuel trading, llc')).matches.find((item: { entity_id: string }) => item.entity_id === 'ofac_sdn:90002');
    expect(after.decision).toMatchObject({ cleared: true, decision: 'false_positive', note: 'Namesake in Cyprus, checked registry.', decided_by_email: alice.user.email, approved_by_email: admin.user.email });
    const batch = (await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: alice.headers, payload: { queries: [{ name }, { name: 'Nordic Zephyra' }] } })).json();
    expect(batch.results[0].matches[0].decision).toMatchObject({ cleared: true });
    expect(batch.results[1].matches[0].decision).toBeUndefined();
    // Another user's screenings are not affected by Alice's decision, nor can they read it.
    expect((await search(bob, name)).matches[0].decision).toBeUndefined();
  });

  it('reports: a cleared match no longer raises the rating; a decision becoming final re-rates the report, keeping the earlier rating', async () => {
    const report = await reportFor(bob, { business_name: 'Karvelis Petrol' });
    const match = report.findings.screening.find((entry: { field: string }) => entry.field === 'business_name').matches[0];
    expect(match.entity_id).toBe('ofac_sdn:90002');
    expect(report.findings.lists[0].version_id).toEqual(expect.any(String));
    expect(report).toMatchObject({ version: 1, previous_id: null, engine_version: expect.any(String), threshold: expect.any(Number), rating_history: [] });
    const ratingBefore = report.rating;
    expect(['high', 'critical']).toContain(ratingBefore);
    const decision = await decide(bob, { subject_name: 'Karvelis Petrol', entity_id: 'ofac_sdn:90002', decision: 'false_positive', note: 'A filling station in Crete, not the trader.', report_id: report.id });
    expect(decision.statusCode).toBe(201);
    if (decision.json().status === 'pending_approval') expect((await approve(admin, decision.json().id)).statusCode).toBe(200);
    const rerated = (await t.app.inject({ method: 'GET', url: `/api/due/report/${report.id}`, headers: bob.headers })).json();
    const cleared = rerated.findings.screening.find((entry: { field: string }) => entry.field === 'business_name').matches[0];
    expect(cleared.decision).toMatchObject({ cleared: true, note: 'A filling station in Crete, not the trader.' });
    expect(rerated.rating).toBe('low');
    expect(rerated.rating_history).toEqual([expect.objectContaining({ rating: ratingBefore })]);
    expect(rerated.content).toContain('A filling station in Crete, not the trader.');
    const pdf = await t.app.inject({ method: 'GET', url: `/api/due/report/${report.id}/pdf`, headers: bob.headers });
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    // A new report with the same name starts cleared.
    const later = await reportFor(bob, { business_name: 'Karvelis Petrol' });
    expect(later.rating).toBe('low');
    expect(later.findings.risk.reasons.join(' ')).toContain('A filling station in Crete, not the trader.');
  });

  it('a changed entry reopens the decision and says why; a pending one on a changed entry cannot be approved', async () => {
    const cleared = await decide(alice, { subject_name: 'Karvelis Petrol', entity_id: 'ofac_sdn:90002', decision: 'true_match', note: 'Same company.' });
    expect(cleared.json().status).toBe('final');
    const pending = await decide(alice, { subject_name: 'Ivor Peltomaa Vasilyevich', entity_id: 'ofac_sdn:90001', decision: 'false_positive', note: 'Different birth date.' });
    expect(pending.json().status).toBe('pending_approval');
    const steady = await decide(alice, { subject_name: 'Nordic Zephyra', entity_id: 'ofac_sdn:90003', decision: 'needs_review', note: 'Check IMO.' });
    await changeEntries({ 90001: 'DOB 03 Mar 1971; nationality Finland; alt. DOB 1985.', 90002: 'Linked To: PELTOMAA, Ivor Vasilyevich.' });
    const reopened = (await search(alice, 'Karvelis Petrol')).matches.find((item: { entity_id: string }) => item.entity_id === 'ofac_sdn:90002');
    expect(reopened.decision).toMatchObject({ cleared: false, reopened_reason: expect.stringContaining('changed') });
    const blocked = await approve(admin, pending.json().id);
    expect([blocked.statusCode, blocked.json().detail]).toEqual([409, expect.stringContaining('changed')]);
    // An entry that did not change keeps its decision.
    const list = (await t.app.inject({ method: 'GET', url: '/api/screening/decisions', headers: alice.headers })).json();
    expect(list.items.find((item: { id: string }) => item.id === steady.json().id).entry_changed).toBe(false);
    expect(list.items.find((item: { id: string }) => item.id === cleared.json().id).entry_changed).toBe(true);
  });
});

describe('the watchlist', () => {
  it('a false positive with the item as context clears its match (by whom, when, why) and the item; another’s item is 404', async () => {
    const carol = await createSignedInUser(t.ctx);
    const watched = await t.app.inject({ method: 'POST', url: '/api/watchlist', headers: carol.headers, payload: { name: 'Grupo Quimbaya Combustibles', type: 'organization' } });
    expect(watched.statusCode, watched.body).toBe(201);
    const item = watched.json();
    expect(item.status).toBe('match');
    const match = item.matches.find((entry: { entity_id: string }) => entry.entity_id === 'ofac_sdn:90004');
    expect(match).toMatchObject({ source: 'ofac_sdn', version_id: expect.any(Number) });
    expect(match.decision).toBeUndefined();
    const note = 'A fuel distributor in Pereira, different registry number.';
    const foreign = await decide(bob, { subject_name: item.name, entity_id: 'ofac_sdn:90004', decision: 'false_positive', note, watch_id: item.id });
    expect(foreign.statusCode).toBe(404);
    const decided = await decide(carol, { subject_name: item.name, entity_id: 'ofac_sdn:90004', decision: 'false_positive', note, watch_id: item.id });
    expect(decided.statusCode, decided.body).toBe(201);
    expect(decided.json().watch_id).toBe(item.id);
    if (decided.json().status === 'pending_approval') expect((await approve(admin, decided.json().id)).statusCode).toBe(200);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/watchlist', headers: carol.headers })).json().items[0];
    expect(listed.status).toBe('clear');
    expect(listed.matches.find((entry: { entity_id: string }) => entry.entity_id === 'ofac_sdn:90004')).toMatchObject({
      cleared: true,
      decision: { cleared: true, decision: 'false_positive', note, decided_by_email: carol.user.email, decided_at: expect.any(String) },
    });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/watchlist/${item.id}`, headers: carol.headers })).json();
    expect(detail.matches[0].decision).toMatchObject({ cleared: true, note });
  });
});

describe('who sees which decision (BOLA)', () => {
  it('users list and read their own only; admins all, pending approvals first', async () => {
    const mine = await decide(bob, { subject_name: 'Grupo Quimbaya', entity_id: 'ofac_sdn:90004', decision: 'needs_review', note: 'Ask for the registry extract.' });
    const bobs = (await t.app.inject({ method: 'GET', url: '/api/screening/decisions', headers: bob.headers })).json();
    expect(bobs.items.every((item: { decided_by: string }) => item.decided_by === bob.user.id)).toBe(true);
    const alices = (await t.app.inject({ method: 'GET', url: '/api/screening/decisions', headers: alice.headers })).json();
    expect(alices.items.map((item: { id: string }) => item.id)).not.toContain(mine.json().id);
    const read = await t.app.inject({ method: 'GET', url: `/api/screening/decisions/${mine.json().id}`, headers: alice.headers });
    expect(read.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/screening/decisions/${mine.json().id}`, headers: admin.headers })).statusCode).toBe(200);
    const all = (await t.app.inject({ method: 'GET', url: '/api/screening/decisions', headers: admin.headers })).json();
    const statuses = all.items.map((item: { status: string }) => item.status);
    expect(statuses.lastIndexOf('pending_approval')).toBeLessThan(statuses.indexOf('final'));
    expect(new Set(all.items.map((item: { decided_by: string }) => item.decided_by)).size).toBeGreaterThan(1);
    // A decision may not point at someone else's report.
    const foreign = await reportFor(alice, {});
    const sneaky = await decide(bob, { subject_name: 'Grupo Quimbaya', entity_id: 'ofac_sdn:90004', decision: 'needs_review', note: 'x', report_id: foreign.id });
    expect(sneaky.statusCode).toBe(404);
  });

  it('every decision and approval is in the audit log, with the list version', async () => {
    const entries = (await t.app.inject({ method: 'GET', url: '/api/audit?action=screening.approve', headers: admin.headers })).json();
    expect(entries.items.length).toBeGreaterThan(0);
    expect(entries.items[0].details.version_ids).toHaveLength(1);
    const bobsView = (await t.app.inject({ method: 'GET', url: '/api/audit?action=screening.decision', headers: bob.headers })).json();
    expect(bobsView.items.every((item: { actor_id: string }) => item.actor_id === bob.user.id)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: admin.headers })).json()).toMatchObject({ ok: true });
  });
});
