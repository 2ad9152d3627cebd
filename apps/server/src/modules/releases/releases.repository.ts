import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releases, type ReleaseTextRow } from '../../db/schema';

export type NewRelease = typeof releases.$inferInsert;
export type ReleaseRow = typeof releases.$inferSelect;

export function listReleaseRows(db: DbOrTx, limit: number) {
  return db.select().from(releases).orderBy(desc(releases.releasedAt), desc(releases.createdAt)).limit(limit);
}

/** Every stored version, and whether it has its Spanish text (the seeder's one query on a restart). */
export function listReleaseVersions(db: DbOrTx): Promise<{ version: string; hasSpanish: boolean }[]> {
  return db.select({ version: releases.version, hasSpanish: sql<boolean>`(${releases.translations} -> 'es') is not null` }).from(releases);
}

/** Inserts unless the version exists; returns the new row or undefined. */
export async function insertReleaseIfNew(db: DbOrTx, values: NewRelease) {
  const [row] = await db.insert(releases).values(values).onConflictDoNothing({ target: releases.version }).returning();
  return row;
}

/**
 * Adds the Spanish text to the release with this version and English title when it has none yet;
 * a translation already stored is kept, and a different release published under the same version is left alone.
 * Returns whether a row changed.
 */
export async function addSpanishIfMissing(db: DbOrTx, version: string, englishTitle: string, es: ReleaseTextRow) {
  const changed = await db
    .update(releases)
    .set({ translations: sql`coalesce(${releases.translations}, '{}'::jsonb) || jsonb_build_object('es', ${JSON.stringify(es)}::jsonb)` })
    .where(and(eq(releases.version, version), eq(releases.title, englishTitle), isNull(sql`${releases.translations} -> 'es'`)))
    .returning({ id: releases.id });
  return changed.length > 0;
}
