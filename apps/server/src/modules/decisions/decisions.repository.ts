import type { ScreeningDecisionStatus } from '@fueldesk/contracts';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { screeningDecisions, users } from '../../db/schema';

export type DecisionRow = typeof screeningDecisions.$inferSelect;
export type NewDecisionRow = typeof screeningDecisions.$inferInsert;
export type DecisionWithPeople = DecisionRow & { decidedByEmail: string | null; approvedByEmail: string | null };

const approver = alias(users, 'approver');

function selectWithPeople(db: DbOrTx) {
  return db
    .select({ decision: screeningDecisions, decidedByEmail: users.email, approvedByEmail: approver.email })
    .from(screeningDecisions)
    .leftJoin(users, eq(users.id, screeningDecisions.userId))
    .leftJoin(approver, eq(approver.id, screeningDecisions.approvedBy));
}

const flatten = (row: { decision: DecisionRow; decidedByEmail: string | null; approvedByEmail: string | null }): DecisionWithPeople => ({
  ...row.decision,
  decidedByEmail: row.decidedByEmail,
  approvedByEmail: row.approvedByEmail,
});

export async function insertDecision(tx: DbOrTx, values: NewDecisionRow): Promise<DecisionRow> {
  const [row] = await tx.insert(screeningDecisions).values(values).returning();
  return row!;
}

export async function findDecision(db: DbOrTx, id: string): Promise<DecisionWithPeople | null> {
  const [row] = await selectWithPeople(db).where(eq(screeningDecisions.id, id));
  return row ? flatten(row) : null;
}

/** The decision row locked until the transaction ends (two admins approving at once: one wins). */
export async function lockDecision(tx: DbOrTx, id: string): Promise<DecisionRow | null> {
  const [row] = await tx.select().from(screeningDecisions).where(eq(screeningDecisions.id, id)).for('update');
  return row ?? null;
}

export async function markApproved(tx: DbOrTx, id: string, approvedBy: string, approvedAt: Date): Promise<DecisionRow | null> {
  const [row] = await tx
    .update(screeningDecisions)
    .set({ status: 'final', approvedBy, approvedAt })
    .where(and(eq(screeningDecisions.id, id), eq(screeningDecisions.status, 'pending_approval')))
    .returning();
  return row ?? null;
}

export interface DecisionFilter {
  /** null: everybody's (admins). */
  userId: string | null;
  subject?: string;
  entityId?: string;
  status?: ScreeningDecisionStatus;
}

/** Pending approvals first, then newest first. */
export async function listDecisionRows(db: DbOrTx, filter: DecisionFilter, page: { limit: number; offset: number }): Promise<{ rows: DecisionWithPeople[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.userId) conditions.push(eq(screeningDecisions.userId, filter.userId));
  if (filter.subject) conditions.push(ilike(screeningDecisions.subjectName, `%${filter.subject.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.entityId) conditions.push(eq(screeningDecisions.entityId, filter.entityId));
  if (filter.status) conditions.push(eq(screeningDecisions.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await selectWithPeople(db)
    .where(where)
    .orderBy(asc(sql`case when ${screeningDecisions.status} = 'pending_approval' then 0 else 1 end`), desc(screeningDecisions.decidedAt), desc(screeningDecisions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ total: count() }).from(screeningDecisions).where(where);
  return { rows: rows.map(flatten), total: Number(total?.total ?? 0) };
}

/** A user's decisions on some subjects × entries, newest first (the caller keeps the first per pair). */
export async function findDecisionsFor(db: DbOrTx, userId: string, subjectKeys: string[], entityIds: string[]): Promise<DecisionWithPeople[]> {
  if (subjectKeys.length === 0 || entityIds.length === 0) return [];
  const rows = await selectWithPeople(db)
    .where(
      and(
        eq(screeningDecisions.userId, userId),
        inArray(screeningDecisions.subjectKey, [...new Set(subjectKeys)]),
        inArray(screeningDecisions.entityId, [...new Set(entityIds)]),
      ),
    )
    .orderBy(desc(screeningDecisions.decidedAt), desc(screeningDecisions.id));
  return rows.map(flatten);
}

/** The subject keys a user decided on (any decision, any status). */
export async function findDecidedSubjectKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ key: screeningDecisions.subjectKey }).from(screeningDecisions).where(eq(screeningDecisions.userId, userId));
  return rows.map((row) => row.key);
}
