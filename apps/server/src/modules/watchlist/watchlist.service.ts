// The counterparty watchlist (DECISIONS.md "Watching"; API.md "Watching"): names a user watches,
// screened when added and re-screened by the worker for every new list version, exactly once per
// (item, version), against the version's changes only.
import {
  sanctionsListName,
  WATCHLIST_LIMIT,
  watchlistCreateBodySchema,
  watchlistMessages,
  withParams,
  watchlistTypes,
  type Language,
  type MatchDecision,
  type WatchlistCreateBody,
  type WatchlistDetail,
  type WatchlistImportResult,
  type WatchlistItem,
  type WatchlistMatch,
  type WatchlistType,
  type SanctionsSource,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { WatchMatchRecord } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { translate } from '../../lib/messages';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { decisionsForMatches, entityContentHash, matchKey } from '../decisions/decisions.service';
import { createNotifications, deliverNotifications, queueMailWithin, type NewNotificationInput } from '../notifications/notifications.service';
import { buildScreeningIndex, type SanctionsEntity } from '../screening/engine';
import { readSheetCells } from '../screening/screening-batch-file';
import { latestListVersions, listVersionEntities, screenNames, screeningThreshold, storedVersionIdsByKey } from '../screening/screening.service';
import {
  claimRuns,
  countItems,
  deleteItem,
  deleteMatches,
  deleteMatchesOfItems,
  eventsOf,
  findItemOf,
  findPreviousVersion,
  findVersion,
  findVersions,
  insertEvents,
  insertItems,
  insertMatches,
  itemsWithoutRun,
  listItemNames,
  listItemsOf,
  lockUserItems,
  markScreened,
  matchesOf,
  type WatchItemRow,
  type WatchMatchRow,
} from './watchlist.repository';

export const WATCHLIST_RESCREEN_JOB = 'watchlist.rescreen';
/** Items per transaction when a new version is re-screened: a crash loses at most one batch's work, redone on retry. */
export const WATCHLIST_BATCH = 500;

function groupBy<T, K>(values: T[], key: (value: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}

const sameName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function presentMatch(row: WatchMatchRow, decision: MatchDecision | undefined): WatchlistMatch {
  return {
    entity_id: row.entityId,
    source: row.source,
    name: row.name,
    matched_name: row.matchedName,
    score: row.score,
    version_id: row.versionId,
    ...(decision ? { decision, ...(decision.cleared ? { cleared: true } : {}) } : {}),
  };
}

async function versionsById(ctx: AppContext, ids: number[]) {
  const rows = await findVersions(ctx.db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, { id: row.id, source: row.source, published_at: row.publishedAt?.toISOString() ?? null }]));
}

type Decisions = Map<string, MatchDecision>;

/** The owner's decisions on the matches shown (item name × entry), one look-up for all items. */
async function decisionsOf(ctx: AppContext, userId: string, rows: WatchItemRow[], matches: WatchMatchRow[], lang: Language): Promise<Decisions> {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  const refs = matches.flatMap((match) => {
    const subjectName = names.get(match.itemId);
    return subjectName === undefined ? [] : [{ subjectName, entityId: match.entityId }];
  });
  return decisionsForMatches(ctx, ctx.db, userId, refs, lang === 'es' ? 'es' : 'en');
}

function presentItem(row: WatchItemRow, matches: WatchMatchRow[], versions: Map<number, { id: number; source: string; published_at: string | null }>, decisions: Decisions): WatchlistItem {
  const presented = matches.map((match) => presentMatch(match, decisions.get(matchKey(row.name, match.entityId))));
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    country: row.country,
    note: row.note,
    report_id: row.reportId,
    created_at: row.createdAt.toISOString(),
    last_screened_at: row.lastScreenedAt?.toISOString() ?? null,
    // A match cleared by a final false-positive decision no longer makes the item a match.
    status: row.lastScreenedAt === null ? 'not_screened' : presented.some((match) => !match.cleared) ? 'match' : 'clear',
    matches: presented,
    versions: row.versionIds.map((id) => versions.get(id)).filter((version) => version !== undefined),
  };
}

export async function listWatchlist(ctx: AppContext, user: AuthUser, lang: Language = 'en') {
  const rows = await listItemsOf(ctx.db, user.id);
  const matches = await matchesOf(ctx.db, rows.map((row) => row.id));
  const versions = await versionsById(ctx, rows.flatMap((row) => row.versionIds));
  const decisions = await decisionsOf(ctx, user.id, rows, matches, lang);
  const byItem = groupBy(matches, (match) => match.itemId);
  return { items: rows.map((row) => presentItem(row, byItem.get(row.id) ?? [], versions, decisions)), limit: WATCHLIST_LIMIT };
}

/** Whether the user watches this item: a decision names it as its context only then. */
export async function ownsWatchlistItem(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  return (await findItemOf(ctx.db, userId, id)) !== undefined;
}

export async function getWatchlistItem(ctx: AppContext, user: AuthUser, id: string, lang: Language = 'en'): Promise<WatchlistDetail> {
  const row = await findItemOf(ctx.db, user.id, id);
  if (!row) throw notFound(watchlistMessages.notFound);
  const matches = await matchesOf(ctx.db, [row.id]);
  const events = await eventsOf(ctx.db, row.id);
  const versions = await versionsById(ctx, [...row.versionIds, ...events.flatMap((event) => (event.versionId === null ? [] : [event.versionId]))]);
  const decisions = await decisionsOf(ctx, user.id, [row], matches, lang);
  return {
    ...presentItem(row, matches, versions, decisions),
    history: events.map((event) => {
      const ids = event.versionId === null ? [] : [event.versionId];
      return {
        at: event.at.toISOString(),
        version_ids: ids,
        versions: ids.map((versionId) => versions.get(versionId)).filter((version) => version !== undefined),
        added: event.added,
        removed: event.removed,
      };
    }),
  };
}

interface NewItemInput {
  name: string;
  type?: WatchlistType;
  country?: string;
  note?: string;
  report_id?: string;
}

async function addItems(ctx: AppContext, user: AuthUser, actor: AuditActor, inputs: NewItemInput[], over: 'throw' | 'skip') {
  const rows = await ctx.db.transaction(async (tx) => {
    await lockUserItems(tx, user.id);
    const room = WATCHLIST_LIMIT - (await countItems(tx, user.id));
    if (inputs.length > room && over === 'throw') throw new AppError('WATCHLIST_LIMIT', 403, withParams(watchlistMessages.limit, { limit: WATCHLIST_LIMIT }));
    const accepted = inputs.slice(0, Math.max(0, room));
    const inserted = await insertItems(
      tx,
      accepted.map((input) => ({
        userId: user.id,
        name: input.name,
        type: input.type ?? null,
        country: input.country ?? null,
        note: input.note ?? null,
        reportId: input.report_id ?? null,
        createdAt: ctx.now(),
      })),
    );
    for (const row of inserted) {
      await recordAudit(tx, { at: ctx.now(), actor, action: 'watch.add', subject: row.name, details: { item_id: row.id, type: row.type, report_id: row.reportId } });
    }
    return inserted;
  });
  await screenItemsNow(ctx, rows);
  return rows;
}

export async function addWatchlistItem(ctx: AppContext, user: AuthUser, actor: AuditActor, body: WatchlistCreateBody, lang: Language = 'en'): Promise<WatchlistItem> {
  const [row] = await addItems(ctx, user, actor, [body], 'throw');
  const items = await listWatchlist(ctx, user, lang);
  return items.items.find((item) => item.id === row!.id)!;
}

export async function removeWatchlistItem(ctx: AppContext, user: AuthUser, actor: AuditActor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await deleteItem(tx, user.id, id);
    if (!row) throw notFound(watchlistMessages.notFound);
    await recordAudit(tx, { at: ctx.now(), actor, action: 'watch.remove', subject: row.name, details: { item_id: row.id } });
  });
}

const TYPE_WORDS: Record<string, WatchlistType> = {
  person: 'person',
  individual: 'person',
  persona: 'person',
  organization: 'organization',
  organisation: 'organization',
  company: 'organization',
  entity: 'organization',
  empresa: 'organization',
  organización: 'organization',
  organizacion: 'organization',
  vessel: 'vessel',
  ship: 'vessel',
  buque: 'vessel',
};

/** POST /watchlist/import: a CSV or XLSX sheet (`name`, `type?`, `country?`); per-line errors, duplicates skipped. */
export async function importWatchlist(ctx: AppContext, user: AuthUser, actor: AuditActor, content: Buffer, lang: Language): Promise<WatchlistImportResult> {
  const cells = await readSheetCells(content);
  const headerIndex = cells.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const header = (cells[headerIndex] ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (names: string[]) => header.findIndex((cell) => names.includes(cell));
  const nameColumn = column(['name', 'nombre', 'full name', 'full_name']);
  if (headerIndex < 0 || nameColumn < 0) return { added: 0, skipped: 0, errors: [{ line: 1, detail: translate(lang, watchlistMessages.importNoName) }] };
  const typeColumn = column(['type', 'tipo']);
  const countryColumn = column(['country', 'pais', 'país']);
  const noteColumn = column(['note', 'nota']);
  const seen = new Set((await listItemNames(ctx.db, user.id)).map(sameName));
  const errors: WatchlistImportResult['errors'] = [];
  const accepted: { line: number; input: NewItemInput }[] = [];
  let skipped = 0;
  for (let i = headerIndex + 1; i < cells.length; i++) {
    const row = cells[i] ?? [];
    if (row.every((cell) => (cell ?? '').trim() === '')) continue;
    const line = i + 1;
    const rawType = typeColumn >= 0 ? (row[typeColumn] ?? '').trim().toLowerCase() : '';
    const type = rawType === '' ? undefined : TYPE_WORDS[rawType];
    if (rawType !== '' && !type) {
      errors.push({ line, detail: translate(lang, watchlistMessages.importBadType) });
      continue;
    }
    const parsed = watchlistCreateBodySchema.safeParse({
      name: row[nameColumn] ?? '',
      type,
      country: countryColumn >= 0 ? row[countryColumn] : undefined,
      note: noteColumn >= 0 ? row[noteColumn] : undefined,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      errors.push({ line, detail: translate(lang, message) });
      continue;
    }
    const key = sameName(parsed.data.name);
    if (seen.has(key)) {
      skipped += 1;
      continue;
    }
    seen.add(key);
    accepted.push({ line, input: parsed.data });
  }
  const added = await addItems(ctx, user, actor, accepted.map((entry) => entry.input), 'skip');
  for (const entry of accepted.slice(added.length)) errors.push({ line: entry.line, detail: translate(lang, withParams(watchlistMessages.importLimit, { limit: WATCHLIST_LIMIT })) });
  errors.sort((a, b) => a.line - b.line);
  return { added: added.length, skipped, errors };
}

const toRecord = (match: { entityId: string; source: string; name: string; matchedName: string; score: number }, cleared?: boolean): WatchMatchRecord => ({
  entity_id: match.entityId,
  source: match.source,
  name: match.name,
  matched_name: match.matchedName,
  score: match.score,
  ...(cleared ? { cleared: true } : {}),
});

const queryOf = (row: WatchItemRow) => ({
  name: row.name,
  type: row.type ?? undefined,
  // An organisation is compared with persons too, as reports do (a company named after a sanctioned person).
  types: row.type === 'organization' ? (['organization', 'person'] as const) : undefined,
});

/**
 * Screens items against every loaded list (when they are added): their matches, the versions used,
 * a first history entry. The owner just saw the result, so nothing is notified. Marks the loaded
 * versions as done for these items, so the re-screen of a version stored meanwhile skips them.
 */
export async function screenItemsNow(ctx: AppContext, rows: WatchItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { status, results } = await screenNames(ctx, rows.map(queryOf), { matchesOnly: true, limit: 20 });
  if (!status.loaded) return;
  const now = ctx.now();
  // Screening names versions by their public id (`<source>@<hash>`); the watchlist records the stored ids.
  const idByKey = await storedVersionIdsByKey(ctx);
  const storedId = (key: string | null) => (key === null ? null : (idByKey.get(key) ?? null));
  const versionIds = status.lists.map((list) => storedId(list.versionId)).filter((id) => id !== null);
  await ctx.db.transaction(async (tx) => {
    await deleteMatchesOfItems(tx, rows.map((row) => row.id));
    const matchValues = rows.flatMap((row, position) =>
      (results[position]?.matches ?? []).map((hit) => ({
        itemId: row.id,
        entityId: hit.entityId,
        source: hit.source,
        name: hit.name,
        matchedName: hit.matchedName,
        score: hit.score,
        versionId: storedId(hit.versionId),
        createdAt: now,
      })),
    );
    await insertMatches(tx, matchValues);
    await insertEvents(
      tx,
      rows.map((row, position) => ({ itemId: row.id, versionId: null, at: now, added: (results[position]?.matches ?? []).map((hit) => toRecord(hit)), removed: [] })),
    );
    await markScreened(tx, rows.map((row) => row.id), now, () => versionIds, rows);
    for (const versionId of versionIds) await claimRuns(tx, rows.map((row) => row.id), versionId, now);
  });
}

/** After a list version is stored: the job that re-screens every watched name against it. */
export async function queueWatchlistRescreen(ctx: AppContext, versionIds: number[]): Promise<void> {
  for (const versionId of versionIds) {
    try {
      await ctx.jobs.send(
        WATCHLIST_RESCREEN_JOB,
        { versionId },
        {
          singletonKey: `watchlist:${versionId}`,
          retryLimit: 10,
          retryDelay: ctx.config.WATCHLIST_RESCREEN_RETRY_SECONDS,
          // The lease: a worker killed mid-run leaves the job active until then, and it is then retried.
          expireInSeconds: ctx.config.WATCHLIST_RESCREEN_EXPIRE_SECONDS,
        },
      );
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not queue the watchlist re-screen');
    }
  }
}

export interface VersionDelta {
  /** Entities added or changed by the version (their content hash differs from the previous version's). */
  changed: SanctionsEntity[];
  /** Ids of entities the version removed. */
  removed: Set<string>;
}

/** What a version changed against the previous version of the same list, by entity content hash. */
export async function versionDelta(ctx: AppContext, db: DbOrTx, versionId: number): Promise<{ delta: VersionDelta; source: SanctionsSource } | null> {
  const version = await findVersion(db, versionId);
  if (!version) return null;
  const previous = await findPreviousVersion(db, version);
  const loaded = await listVersionEntities(ctx, previous ? [version.id, previous.id] : [version.id]);
  const current = (loaded.get(version.id) ?? []) as SanctionsEntity[];
  const before = new Map(((previous ? loaded.get(previous.id) : []) ?? []).map((entity) => [(entity as SanctionsEntity).id, entityContentHash(entity as SanctionsEntity)]));
  const changed = current.filter((entity) => before.get(entity.id) !== entityContentHash(entity));
  const currentIds = new Set(current.map((entity) => entity.id));
  const removed = new Set([...before.keys()].filter((id) => !currentIds.has(id)));
  return { delta: { changed, removed }, source: version.source };
}

export interface RescreenReport {
  items: number;
  added: number;
  removed: number;
  notified: number;
}

/**
 * The worker's re-screen of every watched name for one new list version, exactly once per (item,
 * version): each batch claims its items in `watchlist_runs` inside the transaction that writes the
 * matches, the history and the notifications, so a second worker skips (or waits for and then skips)
 * what another claimed, and a crash rolls the batch back for the retried job to redo. Only the
 * version's added/changed entities are screened (a small index of them); matches on removed entities
 * are dropped; a match on a changed entity that no longer scores is dropped too.
 */
export async function rescreenForVersion(ctx: AppContext, versionId: number, opts: {
    batchSize?: number;
    /** Tests: a crash right after a batch commits, before its notifications are delivered. */
    afterCommit?: () => Promise<void>;
    afterBatch?: () => Promise<void>;
  } = {},): Promise<RescreenReport> {
  const report: RescreenReport = { items: 0, added: 0, removed: 0, notified: 0 };
  const found = await versionDelta(ctx, ctx.db, versionId);
  if (!found) return report;
  const { delta, source } = found;
  const threshold = screeningThreshold(ctx);
  const index = delta.changed.length > 0 ? buildScreeningIndex(delta.changed) : null;
  const touched = new Set([...delta.changed.map((entity) => entity.id), ...delta.removed]);
  const listName = sanctionsListName(source, 'en');
  const batchSize = opts.batchSize ?? WATCHLIST_BATCH;
  // The versions an item's status now comes from: the latest of every list, this one for its list.
  const screenedVersions = (await latestListVersions(ctx)).map((version) => (version.source === source ? versionId : version.id));
  if (!screenedVersions.includes(versionId)) screenedVersions.push(versionId);
  for (;;) {
    const candidates = await itemsWithoutRun(ctx.db, versionId, batchSize);
    if (candidates.length === 0) break;
    // Screen outside the transaction (pure CPU), then claim and write in one.
    const hits = new Map(
      candidates.map((row) => {
        const query = queryOf(row);
        const matches = index && /[\p{L}\p{N}]/u.test(row.name) ? index.search(row.name, { type: query.type, types: query.types, limit: 20, minScore: threshold }) : [];
        return [row.id, matches.filter((match) => match.score >= threshold)] as const;
      }),
    );
    const now = ctx.now();
    const stored = await ctx.db.transaction(async (tx) => {
      const claimed = new Set(await claimRuns(tx, candidates.map((row) => row.id), versionId, now));
      const rows = candidates.filter((row) => claimed.has(row.id));
      if (rows.length === 0) return null;
      const existing = groupBy(
        (await matchesOf(tx, rows.map((row) => row.id))).filter((match) => touched.has(match.entityId)),
        (match) => match.itemId,
      );
      const inserts: Parameters<typeof insertMatches>[1] = [];
      const deletes: { itemId: string; entityId: string }[] = [];
      const events: Parameters<typeof insertEvents>[1] = [];
      const changes: { row: WatchItemRow; added: WatchMatchRecord[]; removed: WatchMatchRecord[] }[] = [];
      for (const row of rows) {
        const nowHits = hits.get(row.id) ?? [];
        const before = existing.get(row.id) ?? [];
        const beforeIds = new Set(before.map((match) => match.entityId));
        const hitIds = new Set(nowHits.map((hit) => hit.entity.id));
        const added = nowHits
          .filter((hit) => !beforeIds.has(hit.entity.id))
          .map((hit) => toRecord({ entityId: hit.entity.id, source: hit.entity.source, name: hit.entity.name, matchedName: hit.matchedName, score: hit.score }));
        const removed = before.filter((match) => !hitIds.has(match.entityId)).map((match) => toRecord(match));
        for (const hit of nowHits) {
          inserts.push({ itemId: row.id, entityId: hit.entity.id, source: hit.entity.source, name: hit.entity.name, matchedName: hit.matchedName, score: hit.score, versionId, createdAt: now });
        }
        for (const match of removed) deletes.push({ itemId: row.id, entityId: match.entity_id });
        if (added.length > 0 || removed.length > 0) {
          changes.push({ row, added, removed });
          events.push({ itemId: row.id, versionId, at: now, added, removed });
        }
      }
      // A final false-positive decision on the unchanged entry: recorded, not notified.
      // One look-up per user and batch.
      for (const [userId, ofUser] of groupBy(
        changes.filter((change) => change.added.length > 0),
        (change) => change.row.userId,
      )) {
        const refs = ofUser.flatMap((change) => change.added.map((match) => ({ subjectName: change.row.name, entityId: match.entity_id })));
        const decisions = await decisionsForMatches(ctx, tx, userId, refs, 'en');
        if (decisions.size === 0) continue;
        for (const change of ofUser) for (const match of change.added) if (decisions.get(matchKey(change.row.name, match.entity_id))?.cleared) match.cleared = true;
      }
      await insertMatches(tx, inserts);
      await deleteMatches(tx, deletes);
      await insertEvents(tx, events);
      await markScreened(tx, rows.map((row) => row.id), now, () => screenedVersions, rows);
      const notifications: NewNotificationInput[] = changes.flatMap(({ row, added, removed }) => [
        ...added
          .filter((match) => !match.cleared)
          .map((match) => notice(row, 'watch_match', match, versionId, listName)),
        ...removed.map((match) => notice(row, 'watch_clear', match, versionId, listName)),
      ]);
      report.items += rows.length;
      report.added += changes.reduce((sum, change) => sum + change.added.length, 0);
      report.removed += changes.reduce((sum, change) => sum + change.removed.length, 0);
      const created = await createNotifications(tx, notifications, now, ctx.config.PUBLIC_URL);
      // Their mail commits with them: a worker killed after this commit loses no mail.
      await queueMailWithin(ctx, tx, created);
      // Tests only (config refuses it otherwise): the batch is written, not yet committed, for a kill -9 to land in.
      if (ctx.config.WATCHLIST_TEST_BATCH_HOLD_MS > 0) await new Promise((resolve) => setTimeout(resolve, ctx.config.WATCHLIST_TEST_BATCH_HOLD_MS));
      return created;
    });
    if (opts.afterCommit) await opts.afterCommit();
    if (stored) {
      report.notified += stored.rows.length;
      await deliverNotifications(ctx, stored);
    }
    if (opts.afterBatch) await opts.afterBatch();
  }
  return report;
}

function notice(row: WatchItemRow, kind: 'watch_match' | 'watch_clear', match: WatchMatchRecord, versionId: number, listName: string): NewNotificationInput {
  return {
    userId: row.userId,
    kind,
    params: { item_id: row.id, name: row.name, matched_name: match.name, entity_id: match.entity_id, list_name: listName, version_id: versionId, score: match.score },
    url: `/due-diligence/watchlist?item=${row.id}`,
    dedupeKey: `watch:${row.id}:${versionId}:${match.entity_id}:${kind === 'watch_match' ? 'added' : 'removed'}`,
    email: true,
    webhook: true,
  };
}

export const WATCHLIST_TYPES = watchlistTypes;
