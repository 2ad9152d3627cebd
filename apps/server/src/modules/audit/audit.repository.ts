import { and, count, desc, eq, gt, gte, ilike, asc, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { AUDIT_CHAIN_COLUMNS } from './audit.chain';

export type AuditRow = typeof auditLog.$inferSelect;

export interface NewAuditEntry {
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  ip: string | null;
}

/**
 * Appends one entry in one statement: the chain head (audit_head, one row) is locked FOR UPDATE
 * until the caller's transaction ends, so writers on every server append one after the other; the
 * new entry gets the next id, the head's hash as prev_hash, and its own hash from audit_entry_hash.
 */
export async function appendAuditEntry(db: DbOrTx, entry: NewAuditEntry): Promise<{ id: number; hash: string }> {
  const details = JSON.stringify(entry.details);
  const [row] = await queryRows<{ id: string | number; hash: string }>(
    db,
    sql`with head as (select last_id, last_hash from audit_head where id = 1 for update),
      added as (
        insert into audit_log (id, at, actor_id, actor_email, action, subject, details, ip, prev_hash, hash)
        select last_id + 1, ${entry.at}, ${entry.actorId}, ${entry.actorEmail}, ${entry.action}, ${entry.subject}, ${details}::jsonb, ${entry.ip}, last_hash,
          audit_entry_hash(last_hash, last_id + 1, ${entry.at}, ${entry.actorId}::uuid, ${entry.actorEmail}, ${entry.action}, ${entry.subject}, ${details}::jsonb, ${entry.ip})
        from head
        returning id, hash
      )
      update audit_head set last_id = added.id, last_hash = added.hash from added where audit_head.id = 1
      returning added.id, added.hash`,
  );
  if (!row) throw new Error('audit_head has no row (migration 0013 creates it)');
  return { id: Number(row.id), hash: row.hash };
}

/**
 * Appends several entries in one statement, in the order given (the write-behind queue of
 * audit.queue.ts): the same head lock, and each entry chained to the one before it by a recursive
 * step that computes its hash with audit_entry_hash, as appendAuditEntry does for one.
 */
export async function appendAuditEntries(db: DbOrTx, entries: NewAuditEntry[]): Promise<{ lastId: number; lastHash: string } | null> {
  if (entries.length === 0) return null;
  const input = JSON.stringify(
    entries.map((entry) => ({ at: entry.at.toISOString(), actor_id: entry.actorId, actor_email: entry.actorEmail, action: entry.action, subject: entry.subject, details: entry.details, ip: entry.ip })),
  );
  const [row] = await queryRows<{ id: string | number; hash: string }>(
    db,
    sql`with recursive input as (select n, e from jsonb_array_elements(${input}::jsonb) with ordinality as t(e, n)),
      head as (select last_id, last_hash from audit_head where id = 1 for update),
      chain(n, id, prev, hash, e) as (
        select 0::bigint, last_id, null::text, last_hash, null::jsonb from head
        union all
        select i.n, c.id + 1, c.hash,
          audit_entry_hash(c.hash, c.id + 1, (i.e->>'at')::timestamptz, (i.e->>'actor_id')::uuid, i.e->>'actor_email', i.e->>'action', i.e->>'subject', i.e->'details', i.e->>'ip'),
          i.e
        from chain c join input i on i.n = c.n + 1
      ),
      added as (
        insert into audit_log (id, at, actor_id, actor_email, action, subject, details, ip, prev_hash, hash)
        select id, (e->>'at')::timestamptz, (e->>'actor_id')::uuid, e->>'actor_email', e->>'action', e->>'subject', e->'details', e->>'ip', prev, hash
        from chain where n > 0
        returning id, hash
      ),
      last as (select id, hash from added order by id desc limit 1)
      update audit_head set last_id = last.id, last_hash = last.hash from last where audit_head.id = 1
      returning last.id, last.hash`,
  );
  if (!row) throw new Error('audit_head has no row (migration 0013 creates it)');
  return { lastId: Number(row.id), lastHash: row.hash };
}

/** This transaction's commit does not wait for the WAL flush (the write-behind queue of read audits). */
export async function useAsynchronousCommit(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = off`);
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  q?: string;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lt(auditLog.at, filter.to));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(auditLog.subject, pattern), ilike(auditLog.actorEmail, pattern)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first. */
export async function listAuditRows(db: DbOrTx, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = page.limit > 0 ? await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset) : [];
  const [total] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Oldest first, after `afterId` (keyset paging for the export). */
export async function readAuditBatch(db: DbOrTx, afterId: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const where = whereOf(filter);
  return db
    .select()
    .from(auditLog)
    .where(where ? and(gt(auditLog.id, afterId), where) : gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/**
 * The entries after `afterId` (up to `untilId` when given; `limit` at most), oldest first, each with
 * the text its hash is taken over less the leading prev_hash (the canonical form of audit.hash.ts,
 * written by the same expressions as audit_entry_hash): the verification hashes `prev_hash + body`
 * itself (Node's SHA-256) instead of calling the function once per entry in the database (not
 * inlined, it cost ~11 µs an entry on PostgreSQL). audit.test.ts holds the two to the same text:
 * verify stays ok over entries with arbitrary subjects, details and nulls, written by audit_entry_hash.
 *
 * The chunk comes back as one text, an entry a line (`id prev_hash hash body`): a row per entry
 * cost PGlite twice as much to hand over. A line cannot hold a line break: every text in the body is
 * JSON, whose strings escape control characters.
 */
export async function readAuditChainChunk(db: DbOrTx, afterId: number, limit: number, untilId?: number): Promise<{ id: number; prevHash: string; hash: string; body: string }[]> {
  const until = untilId === undefined ? sql`` : sql` and id <= ${untilId}`;
  const [row] = await queryRows<{ chunk: string | null }>(
    db,
    sql`select string_agg(id::text || ' ' || ${hex('prev_hash')} || ' ' || ${hex('hash')} || body, E'\n' order by id) as chunk
      from (select id, prev_hash, hash, ${AUDIT_BODY} as body from audit_log where id > ${afterId}${until} order by id limit ${limit}) entries`,
  );
  if (!row?.chunk) return [];
  return row.chunk.split('\n').map((line) => {
    const space = line.indexOf(' ');
    return { id: Number(line.slice(0, space)), prevHash: line.slice(space + 1, space + 65), hash: line.slice(space + 66, space + 130), body: line.slice(space + 130) };
  });
}

/**
 * PGlite only: the entries after `afterId` (up to `untilId` when given; `limit` at most), oldest
 * first, as one row of COPY … TO '/dev/blob' (FORMAT binary) whose fields are AUDIT_CHAIN_COLUMNS,
 * each an array over the entries (audit.chain.ts writes their canonical texts and checks them).
 * The database only sends the columns: writing the canonical texts (readAuditChainChunk) was most
 * of PGlite's time in a verify. One row, so that PGlite's /dev/blob takes one write per chunk
 * (a row per entry cost it more in JavaScript than the text did). COPY takes no parameters: the
 * bounds are checked integers.
 */
export async function readAuditChainColumns(db: DbOrTx, afterId: number, limit: number, untilId?: number): Promise<Uint8Array> {
  for (const bound of [afterId, limit, untilId ?? 0]) if (!Number.isSafeInteger(bound)) throw new Error(`not an integer: ${bound}`);
  const until = untilId === undefined ? '' : ` and id <= ${untilId}`;
  const columns = AUDIT_CHAIN_COLUMNS.map((column) => `array_agg(${column})`).join(', ');
  const result = (await db.execute(
    sql.raw(`copy (select ${columns} from (select * from audit_log where id > ${afterId}${until} order by id limit ${limit}) entries) to '/dev/blob' with (format binary)`),
  )) as unknown as { blob?: Blob };
  if (!result.blob) throw new Error("COPY TO '/dev/blob' gave no blob (PGlite only)");
  return new Uint8Array(await result.blob.arrayBuffer());
}

/**
 * A stored hash as 64 characters that hold no space or line break: itself when it is 64 characters
 * (every hash written is 64 hex digits), with any space or line break as `_`, else 64 x's. An edited
 * hash still fails the check at its own entry, and cannot break the line format. (A regular
 * expression here, `~ '^[0-9a-f]{64}$'`, doubled the time of a verify.)
 */
const hex = (column: 'prev_hash' | 'hash') => sql.raw(`case when length(${column}) = 64 then translate(${column}, E' \\n', '__') else repeat('x', 64) end`);

/** audit_entry_hash's text after p_prev (migration 0013), over audit_log's columns. */
export const AUDIT_BODY = sql.raw(
  `'|' || id::text || '|' || ((extract(epoch from at) * 1000000)::bigint)::text || '|' || coalesce(to_json(actor_id)::text, 'null') || '|' || ` +
    `coalesce(to_json(actor_email)::text, 'null') || '|' || to_json(action)::text || '|' || to_json(subject)::text || '|' || details::text || '|' || coalesce(to_json(ip)::text, 'null')`,
);

export async function maxAuditId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ max: string | number | null }>(db, sql`select max(id) as max from audit_log`);
  return Number(row?.max ?? 0);
}

export async function readAuditHead(db: DbOrTx): Promise<{ lastId: number; lastHash: string } | null> {
  const [row] = await queryRows<{ last_id: string | number; last_hash: string }>(db, sql`select last_id, last_hash from audit_head where id = 1`);
  return row ? { lastId: Number(row.last_id), lastHash: row.last_hash } : null;
}

export async function countAuditEntries(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog);
  return Number(row?.total ?? 0);
}
