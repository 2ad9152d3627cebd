import type { SanctionsSource } from '@fueldesk/contracts';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sanctionsDownloads, sanctionsListChunks, sanctionsListEvents, sanctionsListVersions, sanctionsSourceStatus } from '../../db/schema';

export type ListVersionRow = typeof sanctionsListVersions.$inferSelect;
export type DownloadStateRow = typeof sanctionsDownloads.$inferSelect;
export type SourceStatusRow = typeof sanctionsSourceStatus.$inferSelect;
export type ListEventRow = typeof sanctionsListEvents.$inferSelect;

/** Entities per stored row: a full SDN list is a handful of rows. */
export const ENTITIES_PER_CHUNK = 2_000;
/** Older versions kept per source (for a look back); the newest is the one screened against. */
export const VERSIONS_KEPT_PER_SOURCE = 3;

export interface NewListVersion {
  source: SanctionsSource;
  publishedAt: Date | null;
  publishedAtSource: 'file' | 'http' | 'unknown';
  entries: number;
  names: number;
  contentHash: string;
  origin: string;
  loadedAt: Date;
}

/** The newest stored version of each source. */
export async function findLatestVersions(db: DbOrTx): Promise<ListVersionRow[]> {
  return db
    .selectDistinctOn([sanctionsListVersions.source])
    .from(sanctionsListVersions)
    .orderBy(asc(sanctionsListVersions.source), desc(sanctionsListVersions.id));
}

export async function findVersionByHash(db: DbOrTx, source: SanctionsSource, contentHash: string): Promise<ListVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(sanctionsListVersions)
    .where(and(eq(sanctionsListVersions.source, source), eq(sanctionsListVersions.contentHash, contentHash)))
    .limit(1);
  return row;
}

/** Stores a version and its entities (call inside a transaction); returns the new row. */
export async function insertListVersion(db: DbOrTx, version: NewListVersion, entities: readonly unknown[]): Promise<ListVersionRow> {
  const [row] = await db.insert(sanctionsListVersions).values(version).returning();
  for (let seq = 0; seq * ENTITIES_PER_CHUNK < entities.length; seq += 1) {
    const chunk = entities.slice(seq * ENTITIES_PER_CHUNK, (seq + 1) * ENTITIES_PER_CHUNK);
    await db.insert(sanctionsListChunks).values({ versionId: row!.id, seq, entities: chunk });
  }
  return row!;
}

/** Drops all but the newest `keep` versions of a source (their entities go with them). */
export async function pruneOldVersions(db: DbOrTx, source: SanctionsSource, keep = VERSIONS_KEPT_PER_SOURCE): Promise<number> {
  const kept = await db
    .select({ id: sanctionsListVersions.id })
    .from(sanctionsListVersions)
    .where(eq(sanctionsListVersions.source, source))
    .orderBy(desc(sanctionsListVersions.id))
    .limit(keep);
  const oldestKept = kept.at(-1)?.id;
  if (oldestKept === undefined || kept.length < keep) return 0;
  const removed = await db
    .delete(sanctionsListVersions)
    .where(and(eq(sanctionsListVersions.source, source), lt(sanctionsListVersions.id, oldestKept)))
    .returning({ id: sanctionsListVersions.id });
  return removed.length;
}

/** The entities of some versions, in stored order, grouped by version id. */
export async function loadVersionEntities(db: DbOrTx, versionIds: number[]): Promise<Map<number, unknown[]>> {
  const byVersion = new Map<number, unknown[]>(versionIds.map((id) => [id, []]));
  if (versionIds.length === 0) return byVersion;
  const rows = await db
    .select({ versionId: sanctionsListChunks.versionId, entities: sanctionsListChunks.entities })
    .from(sanctionsListChunks)
    .where(inArray(sanctionsListChunks.versionId, versionIds))
    .orderBy(asc(sanctionsListChunks.versionId), asc(sanctionsListChunks.seq));
  for (const row of rows) {
    const entities = typeof row.entities === 'string' ? (JSON.parse(row.entities) as unknown[]) : (row.entities as unknown[]);
    byVersion.get(row.versionId)!.push(...entities);
  }
  return byVersion;
}

export async function findDownloadStates(db: DbOrTx, urls: string[]): Promise<Map<string, DownloadStateRow>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(sanctionsDownloads).where(inArray(sanctionsDownloads.url, urls));
  return new Map(rows.map((row) => [row.url, row]));
}

export async function listDownloadStates(db: DbOrTx): Promise<DownloadStateRow[]> {
  return db.select().from(sanctionsDownloads).orderBy(asc(sanctionsDownloads.source), asc(sanctionsDownloads.url));
}

export async function saveDownloadState(db: DbOrTx, state: DownloadStateRow): Promise<void> {
  await db
    .insert(sanctionsDownloads)
    .values(state)
    .onConflictDoUpdate({
      target: sanctionsDownloads.url,
      set: {
        source: sql`excluded.source`,
        etag: sql`excluded.etag`,
        lastModified: sql`excluded.last_modified`,
        checkedAt: sql`excluded.checked_at`,
        lastError: sql`excluded.last_error`,
      },
    });
}

export async function listSourceStatuses(db: DbOrTx): Promise<Map<SanctionsSource, SourceStatusRow>> {
  const rows = await db.select().from(sanctionsSourceStatus);
  return new Map(rows.map((row) => [row.source, row]));
}

/** Creates or updates one list's status; only the fields given change. */
export async function saveSourceStatus(db: DbOrTx, source: SanctionsSource, changes: Partial<Omit<SourceStatusRow, 'source'>>): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const insert = db.insert(sanctionsSourceStatus).values({ source, ...set });
  if (Object.keys(set).length === 0) await insert.onConflictDoNothing();
  else await insert.onConflictDoUpdate({ target: sanctionsSourceStatus.source, set });
}

export async function insertListEvent(db: DbOrTx, event: Omit<typeof sanctionsListEvents.$inferInsert, 'id'>): Promise<void> {
  await db.insert(sanctionsListEvents).values(event);
}

/** Events no notification has been sent for yet, oldest first (for the notifications module). */
export async function listPendingListEvents(db: DbOrTx, limit = 100): Promise<ListEventRow[]> {
  return db.select().from(sanctionsListEvents).where(isNull(sanctionsListEvents.notifiedAt)).orderBy(asc(sanctionsListEvents.id)).limit(limit);
}

export async function markListEventsNotified(db: DbOrTx, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(sanctionsListEvents).set({ notifiedAt: at }).where(inArray(sanctionsListEvents.id, ids));
}
