import { and, count, desc, eq, gt, gte, ilike, asc, lt, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

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

/** This transaction's commit does not wait for the WAL flush (recordReadAudit). */
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

export interface ChainChunk {
  /** Entries checked in this chunk (0: the end of the log). */
  entries: number;
  /** The first entry whose hash, prev_hash or id does not follow from the one before. */
  firstBadId: number | null;
  lastId: number | null;
  lastHash: string | null;
}

/**
 * Recomputes the hashes of the `limit` entries after `afterId` in the database (audit_entry_hash)
 * and compares each with the one before (the first with `afterHash`): one statement per chunk, so
 * that a long log never runs into the statement timeout.
 */
export async function checkAuditChunk(db: DbOrTx, afterId: number, afterHash: string, limit: number): Promise<ChainChunk> {
  const [row] = await queryRows<{ entries: string | number; first_bad: string | number | null; last_id: string | number | null; last_hash: string | null }>(
    db,
    sql`with chunk as (select * from audit_log where id > ${afterId} order by id limit ${limit}),
      checked as (
        select id, hash, prev_hash, lag(id) over w as prev_id, lag(hash) over w as prev_actual,
          audit_entry_hash(prev_hash, id, at, actor_id, actor_email, action, subject, details, ip) as expected
        from chunk window w as (order by id)
      )
      select
        (select count(*) from checked) as entries,
        (select min(id) from checked where hash <> expected or prev_hash <> coalesce(prev_actual, ${afterHash}) or id <> coalesce(prev_id, ${afterId}) + 1) as first_bad,
        (select id from checked order by id desc limit 1) as last_id,
        (select hash from checked order by id desc limit 1) as last_hash`,
  );
  const num = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { entries: Number(row?.entries ?? 0), firstBadId: num(row?.first_bad), lastId: num(row?.last_id), lastHash: row?.last_hash ?? null };
}

export async function readAuditHead(db: DbOrTx): Promise<{ lastId: number; lastHash: string } | null> {
  const [row] = await queryRows<{ last_id: string | number; last_hash: string }>(db, sql`select last_id, last_hash from audit_head where id = 1`);
  return row ? { lastId: Number(row.last_id), lastHash: row.last_hash } : null;
}

export async function countAuditEntries(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog);
  return Number(row?.total ?? 0);
}
