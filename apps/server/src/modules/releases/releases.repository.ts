import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema';

export type NewRelease = typeof releases.$inferInsert;
export type ReleaseRow = typeof releases.$inferSelect;

export function listReleaseRows(db: DbOrTx, limit: number) {
  return db.select().from(releases).orderBy(desc(releases.releasedAt), desc(releases.createdAt)).limit(limit);
}

/** Inserts unless the version exists; returns the new row or undefined. */
export async function insertReleaseIfNew(db: DbOrTx, values: NewRelease) {
  const [row] = await db.insert(releases).values(values).onConflictDoNothing({ target: releases.version }).returning();
  return row;
}
