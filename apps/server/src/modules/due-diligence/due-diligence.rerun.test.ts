import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createDueBody, validDueForm } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { loadTinySanctionsList, tinySanctionsEntries, tinySanctionsFiles } from '../../../test/screening';
import { parseSanctionsFiles } from '../screening/engine';
import { storeParsedLists } from '../screening/screening-import.service';
import { produceDueReport } from './due-diligence.pipeline';

const t = useTestContext();
type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
let owner: Signed;
let other: Signed;

beforeAll(async () => {
  await loadTinySanctionsList(t.ctx);
  owner = await createSignedInUser(t.ctx, { planCode: 'pro' });
  other = await createSignedInUser(t.ctx, { planCode: 'pro' });
});

const rerun = (who: Signed, id: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url: `/api/due/report/${id}/rerun`, headers: { ...who.headers, 'accept-language': lang } });
const read = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/due/report/${id}`, headers: owner.headers })).json();
const usage = async () => (await t.app.inject({ method: 'GET', url: '/api/due/usage', headers: owner.headers })).json();

describe('re-running a report', () => {
  it('is refused while no list changed, then screens the same form against the new lists as the next version, outside the plan', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/due/create', headers: owner.headers, payload: createDueBody(validDueForm({ business_name: 'Karvelis Petrol' })) });
    const id = created.json().id as string;
    expect((await rerun(owner, id)).statusCode).toBe(409);
    await produceDueReport(t.ctx, id, { writer: null });
    const first = await read(id);
    expect(first.findings.lists).toEqual([expect.objectContaining({ source: 'ofac_sdn', version_id: expect.any(String) })]);

    const unchanged = await rerun(owner, id, 'es');
    expect([unchanged.statusCode, unchanged.json().detail]).toEqual([409, expect.stringContaining('Ninguna lista')]);
    expect((await rerun(other, id)).statusCode).toBe(404);

    // A new list version names the owner and drops the Karvelis entry.
    const entries = [...tinySanctionsEntries.filter((entry) => entry.id !== 90002), { id: 90010, name: 'LINDQVIST, Marcus', type: 'individual' as const, program: 'SDGT', aliases: [] }];
    const stored = await storeParsedLists(t.ctx, parseSanctionsFiles(tinySanctionsFiles(entries)), { origin: 'test' });
    expect(stored[0]!.status).toBe('stored');

    const usedBefore = (await usage()).used;
    const second = await rerun(owner, id);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ previous_id: id, version: 2, status: 'processing' });
    expect((await usage()).used).toBe(usedBefore);
    await produceDueReport(t.ctx, second.json().id, { writer: null });
    const again = await read(second.json().id);
    expect(again.changes.new_matches).toEqual([expect.objectContaining({ field: 'owner_name', entity_id: 'ofac_sdn:90010' })]);
    expect(again.changes.cleared_matches).toEqual([expect.objectContaining({ field: 'business_name', entity_id: 'ofac_sdn:90002' })]);
    const [list] = again.changes.lists;
    expect(list.source).toBe('ofac_sdn');
    expect(list.version_id).toEqual(expect.any(String));
    expect(list.version_id).not.toBe(list.previous_version_id);

    // The older version cannot be re-run once a newer one exists; the newer has nothing new to find.
    expect((await rerun(owner, id)).statusCode).toBe(409);
    expect((await rerun(owner, second.json().id)).statusCode).toBe(409);

    const audit = (await t.app.inject({ method: 'GET', url: '/api/audit?action=due.rerun', headers: owner.headers })).json();
    expect(audit.items).toEqual([expect.objectContaining({ actor_id: owner.user.id, details: expect.objectContaining({ previous_id: id, report_id: second.json().id, version: 2 }) })]);
  });
});
