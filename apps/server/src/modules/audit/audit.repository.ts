import { and, asc, count, desc, eq, gt, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditHead, auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * The chain head, locked until the transaction ends: every writer (on every server) waits here,
 * so entries get consecutive ids and each one the hash of the one before.
 */
export async function lockAuditHead(tx: DbOrTx): Promise<{ lastId: number; lastHash: string }> {
  const [row] = await tx.select({ lastId: auditHead.lastId, lastHash: auditHead.lastHash }).from(auditHead).where(eq(auditHead.id, 1)).for('update');
  if (!row) throw new Error('audit_head has no row (migration 0013 creates it)');
  return row;
}

/** Appends one entry and moves the head (call with the head locked, in the same transaction). */
export async function appendAuditRow(tx: DbOrTx, row: NewAuditRow & { id: number; hash: string }): Promise<void> {
  await tx.insert(auditLog).values(row);
  await tx.update(auditHead).set({ lastId: row.id, lastHash: row.hash }).where(eq(auditHead.id, 1));
}

export async function readAuditHead(db: DbOrTx): Promise<{ lastId: number; lastHash: string } | null> {
  const [row] = await db.select({ lastId: auditHead.lastId, lastHash: auditHead.lastHash }).from(auditHead).where(eq(auditHead.id, 1));
  return row ?? null;
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
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total: Number(total?.total ?? 0) };
}

/** Oldest first, after `afterId` (keyset paging for verify and export). */
export async function readAuditBatch(db: DbOrTx, afterId: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const where = whereOf(filter);
  return db
    .select()
    .from(auditLog)
    .where(where ? and(gt(auditLog.id, afterId), where) : gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}
