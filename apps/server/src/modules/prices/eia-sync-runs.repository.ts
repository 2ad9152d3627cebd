import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eiaSyncRuns } from '../../db/schema';

export type EiaSyncRunRecord = typeof eiaSyncRuns.$inferSelect;

/** The owner of eia_sync_runs: a run is inserted when it starts and finished once. */
export async function insertEiaSyncRun(
  db: DbOrTx,
  values: Pick<typeof eiaSyncRuns.$inferInsert, 'trigger' | 'requestedBy' | 'jobId' | 'startedAt'>,
): Promise<EiaSyncRunRecord> {
  // A retried pg-boss job keeps its id: its attempt follows the runs it already had.
  const attempt = values.jobId
    ? sql<number>`(select count(*)::int + 1 from ${eiaSyncRuns} where ${eiaSyncRuns.jobId} = ${values.jobId})`
    : sql<number>`1`;
  const [row] = await db
    .insert(eiaSyncRuns)
    .values({ ...values, status: 'running', attempt })
    .returning();
  return row!;
}

export async function finishEiaSyncRun(
  db: DbOrTx,
  id: string,
  values: { status: 'succeeded' | 'failed'; finishedAt: Date; rowsWritten: number; errorKey: string | null; errorParams: Record<string, string | number> | null },
): Promise<void> {
  await db.update(eiaSyncRuns).set(values).where(eq(eiaSyncRuns.id, id));
}

export async function listRecentEiaSyncRuns(db: DbOrTx, limit: number): Promise<EiaSyncRunRecord[]> {
  return db.select().from(eiaSyncRuns).orderBy(desc(eiaSyncRuns.startedAt), desc(eiaSyncRuns.id)).limit(limit);
}

export async function findLastEiaSyncSuccess(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: eiaSyncRuns.finishedAt })
    .from(eiaSyncRuns)
    .where(eq(eiaSyncRuns.status, 'succeeded'))
    .orderBy(desc(eiaSyncRuns.startedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Whether a run marked running started after `since` (older ones are taken as interrupted). */
export async function hasLiveEiaSyncRun(db: DbOrTx, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: eiaSyncRuns.id })
    .from(eiaSyncRuns)
    .where(and(eq(eiaSyncRuns.status, 'running'), gt(eiaSyncRuns.startedAt, since)))
    .limit(1);
  return Boolean(row);
}
