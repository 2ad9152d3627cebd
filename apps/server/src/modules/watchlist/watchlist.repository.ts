import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sanctionsListVersions, users, watchlistEvents, watchlistItems, watchlistMatches, watchlistRuns, type WatchMatchRecord } from '../../db/schema';

export type WatchItemRow = typeof watchlistItems.$inferSelect;
export type WatchMatchRow = typeof watchlistMatches.$inferSelect;
export type WatchEventRow = typeof watchlistEvents.$inferSelect;
export type NewWatchItem = typeof watchlistItems.$inferInsert;

export async function countItems(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.userId, userId));
  return Number(row?.n ?? 0);
}

/** Serialises adds of one user (the limit check and the insert), like the report quota does. */
export async function lockUserItems(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertItems(db: DbOrTx, values: NewWatchItem[]): Promise<WatchItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(watchlistItems).values(values).returning();
}

export async function listItemsOf(db: DbOrTx, userId: string): Promise<WatchItemRow[]> {
  return db.select().from(watchlistItems).where(eq(watchlistItems.userId, userId)).orderBy(desc(watchlistItems.createdAt), asc(watchlistItems.id));
}

export async function listItemNames(db: DbOrTx, userId: string): Promise<string[]> {
  return (await db.select({ name: watchlistItems.name }).from(watchlistItems).where(eq(watchlistItems.userId, userId))).map((row) => row.name);
}

export async function findItemOf(db: DbOrTx, userId: string, id: string): Promise<WatchItemRow | undefined> {
  const [row] = await db.select().from(watchlistItems).where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId)));
  return row;
}

export async function deleteItem(db: DbOrTx, userId: string, id: string): Promise<WatchItemRow | undefined> {
  const [row] = await db.delete(watchlistItems).where(and(eq(watchlistItems.id, id), eq(watchlistItems.userId, userId))).returning();
  return row;
}

export async function matchesOf(db: DbOrTx, itemIds: string[]): Promise<WatchMatchRow[]> {
  if (itemIds.length === 0) return [];
  return db.select().from(watchlistMatches).where(inArray(watchlistMatches.itemId, itemIds)).orderBy(desc(watchlistMatches.score));
}

export async function eventsOf(db: DbOrTx, itemId: string): Promise<WatchEventRow[]> {
  return db.select().from(watchlistEvents).where(eq(watchlistEvents.itemId, itemId)).orderBy(desc(watchlistEvents.at), desc(watchlistEvents.id));
}

export async function insertMatches(db: DbOrTx, values: (typeof watchlistMatches.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(watchlistMatches)
    .values(values)
    .onConflictDoUpdate({
      target: [watchlistMatches.itemId, watchlistMatches.entityId],
      set: { name: sql`excluded.name`, matchedName: sql`excluded.matched_name`, score: sql`excluded.score`, versionId: sql`excluded.version_id` },
    });
}

export async function deleteMatches(db: DbOrTx, pairs: { itemId: string; entityId: string }[]): Promise<void> {
  for (const { itemId, entityId } of pairs) {
    await db.delete(watchlistMatches).where(and(eq(watchlistMatches.itemId, itemId), eq(watchlistMatches.entityId, entityId)));
  }
}

export async function deleteMatchesOfItems(db: DbOrTx, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.delete(watchlistMatches).where(inArray(watchlistMatches.itemId, itemIds));
}

export async function insertEvents(db: DbOrTx, values: { itemId: string; versionId: number | null; at: Date; added: WatchMatchRecord[]; removed: WatchMatchRecord[] }[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(watchlistEvents).values(values);
}

export async function markScreened(db: DbOrTx, itemIds: string[], at: Date, versionIds: (row: WatchItemRow) => number[], rows: WatchItemRow[]): Promise<void> {
  if (itemIds.length === 0) return;
  // Items that share their version list are updated in one statement.
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    if (!itemIds.includes(row.id)) continue;
    const key = JSON.stringify(versionIds(row));
    groups.set(key, [...(groups.get(key) ?? []), row.id]);
  }
  for (const [key, ids] of groups) {
    await db
      .update(watchlistItems)
      .set({ lastScreenedAt: at, versionIds: JSON.parse(key) as number[] })
      .where(inArray(watchlistItems.id, ids));
  }
}

/** Marks (item, version) units of work done; answers the items this call claimed (those not done before). */
export async function claimRuns(db: DbOrTx, itemIds: string[], versionId: number, at: Date): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .insert(watchlistRuns)
    .values(itemIds.map((itemId) => ({ itemId, versionId, at })))
    .onConflictDoNothing()
    .returning({ itemId: watchlistRuns.itemId });
  return rows.map((row) => row.itemId);
}

/** The next items (any user) not yet re-screened for a version, in id order. */
export async function itemsWithoutRun(db: DbOrTx, versionId: number, limit: number): Promise<WatchItemRow[]> {
  return db
    .select({ item: watchlistItems })
    .from(watchlistItems)
    .leftJoin(watchlistRuns, and(eq(watchlistRuns.itemId, watchlistItems.id), eq(watchlistRuns.versionId, versionId)))
    .where(isNull(watchlistRuns.itemId))
    .orderBy(asc(watchlistItems.id))
    .limit(limit)
    .then((rows) => rows.map((row) => row.item));
}

export type ListVersion = typeof sanctionsListVersions.$inferSelect;

export async function findVersion(db: DbOrTx, id: number): Promise<ListVersion | undefined> {
  const [row] = await db.select().from(sanctionsListVersions).where(eq(sanctionsListVersions.id, id));
  return row;
}

/** The version of the same list stored just before this one (null for the list's first version, or pruned). */
export async function findPreviousVersion(db: DbOrTx, version: ListVersion): Promise<ListVersion | undefined> {
  const [row] = await db
    .select()
    .from(sanctionsListVersions)
    .where(and(eq(sanctionsListVersions.source, version.source), lt(sanctionsListVersions.id, version.id)))
    .orderBy(desc(sanctionsListVersions.id))
    .limit(1);
  return row;
}

export async function findVersions(db: DbOrTx, ids: number[]): Promise<ListVersion[]> {
  if (ids.length === 0) return [];
  return db.select().from(sanctionsListVersions).where(inArray(sanctionsListVersions.id, ids));
}
