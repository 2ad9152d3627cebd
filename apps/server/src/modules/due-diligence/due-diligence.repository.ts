import type { DueFindings, DueRatingHistoryEntry } from '@fueldesk/contracts';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dueReports, users } from '../../db/schema';

export type DueReportRow = typeof dueReports.$inferSelect;
export type NewDueReport = Pick<typeof dueReports.$inferInsert, 'userId' | 'title' | 'description' | 'form' | 'language' | 'createdAt' | 'previousId' | 'version'>;

/**
 * The owner's plan and language, with the user row locked until the transaction ends: two
 * concurrent creates of one user then count their reports one after the other.
 */
export async function lockReportOwner(tx: DbOrTx, userId: string): Promise<{ planCode: string; language: string } | null> {
  const [row] = await tx
    .select({ planCode: users.planCode, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findReportOwner(
  db: DbOrTx,
  userId: string,
): Promise<{ planCode: string; language: string; email: string; firstName: string | null; lastName: string | null } | null> {
  const [row] = await db
    .select({ planCode: users.planCode, language: users.language, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Reports the user created in [from, to); re-runs (a previous version) do not count toward the plan. */
export async function countReportsCreated(db: DbOrTx, userId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(dueReports)
    .where(and(eq(dueReports.userId, userId), gte(dueReports.createdAt, from), lt(dueReports.createdAt, to), isNull(dueReports.previousId)));
  return Number(row?.total ?? 0);
}

export async function insertReport(db: DbOrTx, values: NewDueReport): Promise<DueReportRow> {
  const [row] = await db.insert(dueReports).values(values).returning();
  return row!;
}

/** Newest first; `userId` null lists everybody's (admins). */
export async function listReports(db: DbOrTx, userId: string | null, page: { limit: number; offset: number }): Promise<DueReportRow[]> {
  return db
    .select()
    .from(dueReports)
    .where(userId ? eq(dueReports.userId, userId) : undefined)
    .orderBy(desc(dueReports.createdAt), desc(dueReports.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findReport(db: DbOrTx, id: string): Promise<DueReportRow | null> {
  const [row] = await db.select().from(dueReports).where(eq(dueReports.id, id));
  return row ?? null;
}

/** Stores the outcome only while the report is still processing: a job retried after a crash completes it once. */
export async function completeReport(
  db: DbOrTx,
  id: string,
  outcome: { findings: DueFindings; content: string; llmPrompt: string | null; completedAt: Date; engineVersion: string; threshold: number },
): Promise<DueReportRow | null> {
  const [row] = await db
    .update(dueReports)
    .set({
      status: 'ready',
      findings: outcome.findings,
      content: outcome.content,
      llmPrompt: outcome.llmPrompt,
      completedAt: outcome.completedAt,
      engineVersion: outcome.engineVersion,
      threshold: outcome.threshold,
    })
    .where(and(eq(dueReports.id, id), eq(dueReports.status, 'processing')))
    .returning();
  return row ?? null;
}

export async function failReport(db: DbOrTx, id: string, reason: string, completedAt: Date): Promise<DueReportRow | null> {
  const [row] = await db
    .update(dueReports)
    .set({ status: 'failed', failureReason: reason, completedAt })
    .where(and(eq(dueReports.id, id), eq(dueReports.status, 'processing')))
    .returning();
  return row ?? null;
}

/** Counts one more run of the report's job; null when the report is gone or no longer processing. */
export async function startReportAttempt(db: DbOrTx, id: string): Promise<DueReportRow | null> {
  const [row] = await db
    .update(dueReports)
    .set({ attempts: sql`${dueReports.attempts} + 1` })
    .where(and(eq(dueReports.id, id), eq(dueReports.status, 'processing')))
    .returning();
  return row ?? null;
}

/** Ids of the reports still processing that were created before `before`. */
export async function listStaleReports(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: dueReports.id })
    .from(dueReports)
    .where(and(eq(dueReports.status, 'processing'), lt(dueReports.createdAt, before)))
    .limit(500);
  return rows.map((row) => row.id);
}

/** A user's ready reports whose screening found the entry (jsonb containment). */
export async function listReadyReportsWithEntity(db: DbOrTx, userId: string, entityId: string): Promise<DueReportRow[]> {
  const probe = JSON.stringify({ screening: [{ matches: [{ entity_id: entityId }] }] });
  return db
    .select()
    .from(dueReports)
    .where(and(eq(dueReports.userId, userId), eq(dueReports.status, 'ready'), sql`${dueReports.findings} @> ${probe}::jsonb`));
}

/** New findings (decisions attached, rating recomputed) and, when the rating changed, the earlier one kept in the history. */
export async function updateReportFindings(db: DbOrTx, id: string, values: { findings: DueFindings; content: string; ratingHistory: DueRatingHistoryEntry[] }): Promise<void> {
  await db.update(dueReports).set({ findings: values.findings, content: values.content, ratingHistory: values.ratingHistory }).where(eq(dueReports.id, id));
}

/** Whether a re-run of the report exists already. */
export async function hasNextVersion(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: dueReports.id }).from(dueReports).where(eq(dueReports.previousId, id)).limit(1);
  return Boolean(row);
}
