import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { testDb } from '../../../test/build-test-app';
import { openTestContext, useTestContext } from '../../../test/test-context';
import { createDueBody, validDueForm } from '../../../test/due-diligence';
import { createSignedInUser } from '../../../test/factories';
import { loadTinySanctionsList } from '../../../test/screening';
import { hash } from 'node:crypto';
import { AUDIT_CHAIN_COLUMNS, checkAuditChainChunk } from './audit.chain';
import { canonicalJson } from './audit.hash';
import { flushAuditQueue } from './audit.queue';
import { AUDIT_BODY, readAuditChainColumns } from './audit.repository';
import { queueReadAudit, recordAudit, SYSTEM_ACTOR, verifyAuditChain } from './audit.service';

const t = useTestContext();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  await loadTinySanctionsList(t.ctx);
  admin = await createSignedInUser(t.ctx, { role: 'admin' });
  alice = await createSignedInUser(t.ctx, { planCode: 'pro' });
  bob = await createSignedInUser(t.ctx);
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const verify = async () => (await get('/api/audit/verify', admin.headers)).json() as { ok: boolean; entries: number; first_bad_id: number | null };

/** Runs SQL with the append-only trigger off (what a database owner could do by hand), then on again. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
  try {
    await t.ctx.db.execute(statement);
  } finally {
    await t.ctx.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  }
}

describe('canonical form', () => {
  it('does not depend on key order and changes with any field', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    const hash = async (fields: { subject?: string; details?: string; prev?: string; id?: number; ip?: string | null }) => {
      const [row] = (
        (await t.ctx.db.execute(
          sql`select audit_entry_hash(${fields.prev ?? '0'.repeat(64)}, ${fields.id ?? 1}, ${new Date('2026-01-01T00:00:00.123Z')}, null, null, 'screening.search', ${fields.subject ?? 'x'}, ${fields.details ?? '{"a": 1, "b": [1, 2]}'}::jsonb, ${fields.ip ?? null}) as h`,
        )) as unknown as { rows: { h: string }[] }
      ).rows;
      return row!.h;
    };
    const base = await hash({});
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await hash({ details: '{"b":[1,2],"a":1}' })).toBe(base);
    expect(await hash({ subject: 'y' })).not.toBe(base);
    expect(await hash({ details: '{"a": 2, "b": [1, 2]}' })).not.toBe(base);
    expect(await hash({ prev: '1'.repeat(64) })).not.toBe(base);
    expect(await hash({ id: 2 })).not.toBe(base);
    // A null is not an empty text: the fields cannot shift into each other.
    expect(await hash({ ip: '' })).not.toBe(base);
  });
});

describe('audit log', () => {
  it('records a search with who, what, the list versions, the threshold, counts and the address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/screening/search?q=Karvelis%20Fuel%20Trading', headers: alice.headers, remoteAddress: '10.1.2.3' });
    expect(response.statusCode).toBe(200);
    const mine = (await get('/api/audit?action=screening.search', alice.headers)).json();
    const entry = mine.items[0];
    expect(entry).toMatchObject({ actor_id: alice.user.id, actor_email: alice.user.email, action: 'screening.search', subject: 'Karvelis Fuel Trading', ip: '10.1.2.3' });
    expect(entry.details.version_ids).toHaveLength(1);
    expect(entry.details.threshold).toBe(response.json().threshold);
    expect(entry.details.matches).toBeGreaterThanOrEqual(1);
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows a user their own entries only, an admin everybody’s, with filters', async () => {
    await get('/api/screening/search?q=Nordic%20Zephyra', bob.headers);
    const bobs = (await get('/api/audit', bob.headers)).json();
    expect(bobs.items.length).toBeGreaterThan(0);
    expect(bobs.items.every((item: { actor_id: string }) => item.actor_id === bob.user.id)).toBe(true);
    // A user asking for someone else's entries still gets their own.
    const asked = (await get(`/api/audit?actor=${alice.user.id}`, bob.headers)).json();
    expect(asked.items.every((item: { actor_id: string }) => item.actor_id === bob.user.id)).toBe(true);
    const all = (await get('/api/audit', admin.headers)).json();
    // The users' searches, and the list import of the set-up (by the system: no actor).
    expect(new Set(all.items.map((item: { actor_id: string }) => item.actor_id))).toEqual(new Set([alice.user.id, bob.user.id, null]));
    expect(all.items.find((item: { action: string }) => item.action === 'screening.list_import')).toMatchObject({ actor_id: null, subject: 'ofac_sdn', details: { version_id: expect.any(Number), entries: 6 } });
    const onlyAlice = (await get(`/api/audit?actor=${alice.user.id}`, admin.headers)).json();
    expect(onlyAlice.items.every((item: { actor_id: string }) => item.actor_id === alice.user.id)).toBe(true);
    const searched = (await get('/api/audit?q=zephyra', admin.headers)).json();
    expect(searched.items.map((item: { subject: string }) => item.subject)).toEqual(['Nordic Zephyra']);
    const future = (await get('/api/audit?from=2999-01-01', admin.headers)).json();
    expect(future).toEqual({ items: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/audit?to=${today}`, admin.headers)).json().total).toBe(all.total);
    // My activity: an admin's own entries only.
    expect((await get('/api/audit/mine', admin.headers)).json().items.every((item: { actor_id: string }) => item.actor_id === admin.user.id)).toBe(true);
  });

  it('refuses bad filters with 400 in the caller’s language', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/audit?from=yesterday&action=nope', headers: { ...admin.headers, 'accept-language': 'es' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ from: 'Una fecha tiene la forma 2026-01-31 (o una hora ISO completa).', action: 'Acción desconocida.' });
  });

  it('exports CSV and verifies for admins only', async () => {
    expect((await get('/api/audit/export?format=csv', bob.headers)).statusCode).toBe(403);
    expect((await get('/api/audit/verify', bob.headers)).statusCode).toBe(403);
    const csv = await get('/api/audit/export?format=csv&action=screening.search', admin.headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_email,action,subject,details,ip,prev_hash,hash');
    expect(lines.slice(1).every((line) => line.includes('screening.search'))).toBe(true);
    expect(await verify()).toMatchObject({ ok: true, first_bad_id: null });
  });

  it('leaves no entry for an action that failed', async () => {
    const before = (await get('/api/audit?action=due.create', admin.headers)).json().total;
    const starter = await createSignedInUser(t.ctx, { planCode: 'starter' });
    let status = 201;
    // Past the plan's monthly limit the create is refused: exactly the refused ones leave no entry.
    let created = 0;
    for (let attempt = 0; attempt < 30 && status === 201; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/due/create', headers: starter.headers, payload: createDueBody(validDueForm()) });
      status = response.statusCode;
      if (status === 201) created += 1;
    }
    expect(status).toBe(403);
    expect((await get('/api/audit?action=due.create', admin.headers)).json().total).toBe(before + created);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of entries', async () => {
    await expect(t.ctx.db.execute(sql`update audit_log set subject = 'changed'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await verify()).toMatchObject({ ok: true });
  });
});

describe('any sequence of actions keeps the chain whole', () => {
  it('verify stays ok (property)', async () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('search' as const), q: fc.constantFrom('Karvelis', 'Ivor Peltomaa', 'Nobody Known', 'Ñandú Ω') }),
      fc.record({ kind: fc.constant('batch' as const), names: fc.array(fc.constantFrom('Nordic Zephyra', 'Tessaly Okonkwo', 'Acme'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('decision' as const), note: fc.string({ minLength: 1, maxLength: 20 }).filter((note) => note.trim().length > 0 && !note.includes('\u0000')) }),
      fc.record({ kind: fc.constant('system' as const), subject: fc.string({ maxLength: 30 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 5 }), async (actions) => {
        await Promise.all(
          actions.map(async (step) => {
            if (step.kind === 'search') await get(`/api/screening/search?q=${encodeURIComponent(step.q)}`, alice.headers);
            else if (step.kind === 'batch') await t.app.inject({ method: 'POST', url: '/api/screening/batch', headers: bob.headers, payload: { queries: step.names.map((name) => ({ name })) } });
            else if (step.kind === 'decision') {
              await t.app.inject({
                method: 'POST',
                url: '/api/screening/decisions',
                headers: alice.headers,
                payload: { subject_name: 'Karvelis Fuel', entity_id: 'ofac_sdn:90002', decision: 'needs_review', note: step.note },
              });
            } else await t.ctx.db.transaction((tx) => recordAudit(tx, { actor: SYSTEM_ACTOR, action: 'screening.list_import', subject: step.subject, details: { n: step.subject.length } }));
          }),
        );
        const result = await verify();
        expect(result).toMatchObject({ ok: true, first_bad_id: null });
      }),
      { numRuns: testDb === 'postgres' ? 8 : 15, seed: 30_2026 },
    );
  });
});

describe('tampering breaks the chain', () => {
  it('an edited row, then a deleted row, then a deleted last row make verify fail at that entry', async () => {
    const { items } = (await get('/api/audit', admin.headers)).json() as { items: { id: number; hash: string }[] };
    const { id: target, hash } = items[Math.floor(items.length / 2)]!;
    // A hash edited into something that is not one (a space, a line break) fails at its own entry.
    await tamper(sql`update audit_log set hash = ${'ab \n' + hash.slice(4)} where id = ${target}`);
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: target });
    await tamper(sql`update audit_log set hash = ${hash} where id = ${target}`);
    expect(await verify()).toMatchObject({ ok: true });
    await tamper(sql`update audit_log set subject = 'someone else' where id = ${target}`);
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: target });
    // Restoring the text is not enough to hide a deletion.
    await tamper(sql`delete from audit_log where id = ${target}`);
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: target + 1 });
  });

  it('queued entries are appended together, in order, chained with what was written meanwhile', async () => {
    const fresh = await openTestContext();
    const actor = { id: null, email: 'q@example.com', ip: null };
    for (const subject of ['one', 'two', 'Ñandú \ud800 "three"']) queueReadAudit(fresh.ctx, { actor, action: 'screening.search', subject, details: { subject } });
    // A synchronous entry (an action that changes data) meanwhile, before or after the queued ones.
    await fresh.ctx.db.transaction((tx) => recordAudit(tx, { actor: SYSTEM_ACTOR, action: 'screening.list_import', subject: 'now' }));
    await flushAuditQueue(fresh.ctx);
    const rows = (await fresh.ctx.db.execute(sql`select id, subject from audit_log where action = 'screening.search' order by id`)) as unknown as { rows: { id: string; subject: string }[] };
    expect(rows.rows.map((row) => row.subject)).toEqual(['one', 'two', 'Ñandú \ufffd "three"']);
    // One statement: consecutive ids.
    expect(rows.rows.map((row) => Number(row.id) - Number(rows.rows[0]!.id))).toEqual([0, 1, 2]);
    const user = await createSignedInUser(fresh.ctx, { role: 'admin' });
    expect((await fresh.app.inject({ method: 'GET', url: '/api/audit/verify', headers: user.headers })).json()).toEqual({ ok: true, entries: 4, first_bad_id: null });
  });

  it('a deleted last entry is found through the head', async () => {
    const fresh = await openTestContext();
    const user = await createSignedInUser(fresh.ctx, { role: 'admin' });
    await fresh.app.inject({ method: 'GET', url: '/api/screening/search?q=one', headers: user.headers });
    await fresh.app.inject({ method: 'GET', url: '/api/screening/search?q=two', headers: user.headers });
    const ok = (await fresh.app.inject({ method: 'GET', url: '/api/audit/verify', headers: user.headers })).json();
    expect(ok).toEqual({ ok: true, entries: 2, first_bad_id: null });
    await fresh.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await fresh.ctx.db.execute(sql`delete from audit_log where id = 2`);
    const broken = (await fresh.app.inject({ method: 'GET', url: '/api/audit/verify', headers: user.headers })).json();
    expect(broken).toEqual({ ok: false, entries: 1, first_bad_id: 2 });
  });
});

/** Appends an entry as appendAuditEntry does, with the timestamp as PostgreSQL text (microseconds). */
async function appendRaw(ctx: typeof t.ctx, entry: { at: string; actorId: string | null; email: string | null; action: string; subject: string; details: string; ip: string | null }) {
  await ctx.db.execute(sql`with head as (select last_id, last_hash from audit_head where id = 1 for update),
    added as (
      insert into audit_log (id, at, actor_id, actor_email, action, subject, details, ip, prev_hash, hash)
      select last_id + 1, ${entry.at}::timestamptz, ${entry.actorId}::uuid, ${entry.email}, ${entry.action}, ${entry.subject}, ${entry.details}::jsonb, ${entry.ip}, last_hash,
        audit_entry_hash(last_hash, last_id + 1, ${entry.at}::timestamptz, ${entry.actorId}::uuid, ${entry.email}, ${entry.action}, ${entry.subject}, ${entry.details}::jsonb, ${entry.ip})
      from head
      returning id, hash
    )
    update audit_head set last_id = added.id, last_hash = added.hash from added where audit_head.id = 1`);
}

/**
 * The chain's columns after `afterId` as readAuditChainColumns hands them to audit.chain.ts: on PGlite
 * that function itself; on PostgreSQL (no /dev/blob) the same arrays' binary form (array_send, what
 * COPY's binary format writes for them), framed as COPY's binary format.
 */
async function chainColumns(ctx: typeof t.ctx, afterId: number, limit: number): Promise<Uint8Array> {
  if (ctx.database.kind === 'pglite') return readAuditChainColumns(ctx.db, afterId, limit);
  const columns = AUDIT_CHAIN_COLUMNS.map((column, i) => `encode(array_send(array_agg(${column})), 'hex') as c${i}`).join(', ');
  const [row] = await queryRows<Record<string, string | null>>(ctx.db, sql.raw(`select ${columns} from (select * from audit_log where id > ${afterId} order by id limit ${limit}) entries`));
  const fields = AUDIT_CHAIN_COLUMNS.map((_, i) => (row![`c${i}`] == null ? null : Buffer.from(row![`c${i}`]!, 'hex')));
  const int = (value: number, bytes: 2 | 4) => {
    const buffer = Buffer.alloc(bytes);
    if (bytes === 2) buffer.writeInt16BE(value);
    else buffer.writeInt32BE(value);
    return buffer;
  };
  return Buffer.concat([
    Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
    int(0, 4),
    int(0, 4),
    int(fields.length, 2),
    ...fields.flatMap((field) => (field ? [int(field.length, 4), field] : [int(-1, 4)])),
    int(-1, 2),
  ]);
}

describe('the canonical text written in Node (PGlite verify)', () => {
  it('is byte for byte the text audit_entry_hash hashes, on tricky entries', async () => {
    const fresh = await openTestContext();
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('').slice(1);
    const subjects = [`quotes " and \\ back\\slash, controls ${controls} \u007f del`, 'Ñandú 日本語 🚢 \u2028\u2029 \ufeff', '', '{"not": "json"} | pipes |'];
    const details = [
      '{}',
      '[]',
      '{"b": [1, 1.0, 1.50, -0, 1e3, 12345678901234567890123, 0.000001, -1.5e-7], "a": {"nested": {"deep": [null, true, false, "x\\"y", "\\u0001\\n"]}}, "aa": {}, "ñ": "ü"}',
      '{"version_ids": [1], "threshold": 0.78, "matches": 1, "cleared": 0}',
      '"a string"',
      '{"z": 1, "y": {"x": [[], [{}], [1, [2, [3]]]]}, "key with \\"quote\\"": "🚢", "": null}',
    ];
    const ats = ['2026-02-03 04:05:06.789012+00', '1999-12-31 23:59:59.999999+00', '1969-12-31 23:59:59.000001+00', '1970-01-01 00:00:00+00', '2300-01-01 00:00:00.000001+00', '2026-11-28 12:00:00.5+05:30'];
    const entries = ats.flatMap((at, i) =>
      subjects.map((subject, j) => ({
        at,
        actorId: (i + j) % 3 === 0 ? null : `${'0123456789abcdef'[i]!.repeat(8)}-aaaa-4bbb-8ccc-${'f'.repeat(11)}${j}`,
        email: j % 2 === 0 ? null : `o'brien+${i}"@example.com`,
        action: j === 3 ? 'screening.list_import' : 'screening.search',
        subject,
        details: details[(i + j) % details.length]!,
        ip: (i + j) % 4 === 0 ? null : j === 1 ? '::1' : '10.0.0.1',
      })),
    );
    for (const entry of entries) await appendRaw(fresh.ctx, entry);
    const chunk = checkAuditChainChunk(await chainColumns(fresh.ctx, 0, 1_000), (data) => hash('sha256', data, 'hex'), true);
    const database = (await fresh.ctx.db.execute(
      sql`select encode(convert_to(prev_hash || ${AUDIT_BODY}, 'UTF8'), 'hex') as text, hash, audit_entry_hash(prev_hash, id, at, actor_id, actor_email, action, subject, details, ip) as computed from audit_log order by id`,
    )) as unknown as { rows: { text: string; hash: string; computed: string }[] };
    expect(database.rows).toHaveLength(entries.length);
    expect(chunk.texts!.map((text) => text.toString('hex'))).toEqual(database.rows.map((row) => row.text));
    expect(database.rows.every((row) => row.hash === row.computed)).toBe(true);
    expect(chunk).toMatchObject({ count: entries.length, firstId: 1, lastId: entries.length, badId: null });
    expect(await verifyAuditChain(fresh.ctx)).toEqual({ ok: true, entries: entries.length, first_bad_id: null });
  });
});

describe('verify in chunks', () => {
  it('finds the same first bad entry whatever the chunk size (links across chunks)', async () => {
    const fresh = await openTestContext();
    for (let i = 0; i < 9; i += 1) await fresh.ctx.db.transaction((tx) => recordAudit(tx, { actor: SYSTEM_ACTOR, action: 'screening.list_import', subject: `entry ${i}` }));
    const results = async () => Promise.all([verifyAuditChain(fresh.ctx), verifyAuditChain(fresh.ctx, 2), verifyAuditChain(fresh.ctx, 3), verifyAuditChain(fresh.ctx, 1)]);
    const tamperFresh = async (statement: ReturnType<typeof sql>) => {
      await fresh.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
      await fresh.ctx.db.execute(statement);
      await fresh.ctx.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    };
    expect(new Set((await results()).map((result) => JSON.stringify(result)))).toEqual(new Set([JSON.stringify({ ok: true, entries: 9, first_bad_id: null })]));
    // The first entry of a chunk of 2 (ids 3-4) with another prev_hash: it fails there, not later.
    await tamperFresh(sql`update audit_log set prev_hash = hash where id = 3`);
    for (const result of await results()) expect(result).toEqual({ ok: false, entries: 9, first_bad_id: 3 });
    await tamperFresh(sql`update audit_log set prev_hash = (select hash from audit_log where id = 2) where id = 3`);
    // A deleted first entry of a chunk, then the entry after it edited: the gap comes first.
    await tamperFresh(sql`delete from audit_log where id = 5`);
    await tamperFresh(sql`update audit_log set subject = 'changed' where id = 6`);
    for (const result of await results()) expect(result).toEqual({ ok: false, entries: 8, first_bad_id: 6 });
    await tamperFresh(sql`update audit_log set subject = 'changed' where id = 2`);
    for (const result of await results()) expect(result).toEqual({ ok: false, entries: 8, first_bad_id: 2 });
  });
});
