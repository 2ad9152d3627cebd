// How fresh each stored list is (DECISIONS.md "Screening coverage, freshness and decisions"): its
// publication date and where it came from, its age, whether it is stale, the daily job's last check,
// change, error and next run; and the stale/fresh transitions, recorded for the notifications module.
import { sanctionsListName, type PublishedAtSource, type SanctionsSource } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { loadCronParser } from '../../lib/cron-parser';
import { findLatestVersions, insertListEvent, listPendingListEvents, listSourceStatuses, markListEventsNotified, saveSourceStatus, type ListVersionRow, type SourceStatusRow } from './screening.repository';
import { createNotifications, deliverNotifications, queueMailWithin } from '../notifications/notifications.service';
import { listActiveAdminIds } from '../users/users.service';

const DAY_MS = 86_400_000;

/** `<source>@<first 12 hex digits of the content hash>`: the same content has the same id on every install. */
export function listVersionId(row: Pick<ListVersionRow, 'source' | 'contentHash'>): string {
  return `${row.source}@${row.contentHash.slice(0, 12)}`;
}

export interface ListFreshness {
  versionId: string;
  publishedAtSource: PublishedAtSource;
  /** Whole days since publication; null when undated. */
  ageDays: number | null;
  /** Published more than SCREENING_STALE_DAYS ago, or undated. */
  stale: boolean;
}

export function listFreshness(
  row: Pick<ListVersionRow, 'source' | 'contentHash' | 'publishedAt' | 'publishedAtSource'>,
  now: Date,
  staleDays: number,
): ListFreshness {
  const published = row.publishedAt;
  const ageMs = published ? now.getTime() - published.getTime() : null;
  return {
    versionId: listVersionId(row),
    publishedAtSource: published ? row.publishedAtSource : 'unknown',
    ageDays: ageMs === null ? null : Math.max(0, Math.floor(ageMs / DAY_MS)),
    stale: ageMs === null || ageMs > staleDays * DAY_MS,
  };
}

/** When the daily list download runs next (UTC), or null when it is switched off. */
export function nextSanctionsRun(ctx: AppContext): Date | null {
  const cron = ctx.config.SANCTIONS_UPDATE_CRON.trim();
  if (cron === 'off') return null;
  try {
    return loadCronParser().parseExpression(cron, { currentDate: ctx.now(), tz: 'UTC' }).next().toDate();
  } catch {
    return null;
  }
}

export interface ListUpdateView {
  lastCheckedAt: string | null;
  lastChangedAt: string | null;
  lastError: string | null;
  nextRunAt: string | null;
}

export function presentListUpdate(ctx: AppContext, status: SourceStatusRow | undefined, version: ListVersionRow | undefined): ListUpdateView {
  const changed = status?.lastChangedAt ?? version?.loadedAt ?? null;
  return {
    lastCheckedAt: status?.lastCheckedAt?.toISOString() ?? null,
    lastChangedAt: changed?.toISOString() ?? null,
    lastError: status?.lastError ?? null,
    nextRunAt: nextSanctionsRun(ctx)?.toISOString() ?? null,
  };
}

export interface StaleTransition {
  source: SanctionsSource;
  kind: 'became_stale' | 'became_fresh';
  versionId: string;
  publishedAt: string | null;
}

/**
 * Compares each stored list's staleness now with the state recorded at the last evaluation, records
 * every change (a `sanctions_list_events` row the notifications module turns into `list_stale`
 * notifications) and the new state. A list seen for the first time records `became_stale` when it is
 * stale already (an admin must hear that the lists in use are old), and nothing when fresh.
 */
export async function recordStaleTransitions(ctx: AppContext): Promise<StaleTransition[]> {
  const now = ctx.now();
  const staleDays = ctx.config.SCREENING_STALE_DAYS;
  const [versions, statuses] = await Promise.all([findLatestVersions(ctx.db), listSourceStatuses(ctx.db)]);
  const transitions: StaleTransition[] = [];
  for (const version of versions) {
    const freshness = listFreshness(version, now, staleDays);
    const previous = statuses.get(version.source)?.stale ?? null;
    if (previous === freshness.stale) continue;
    const firstSeenFresh = previous === null && !freshness.stale;
    await ctx.db.transaction(async (tx) => {
      if (!firstSeenFresh) {
        const transition: StaleTransition = {
          source: version.source,
          kind: freshness.stale ? 'became_stale' : 'became_fresh',
          versionId: freshness.versionId,
          publishedAt: version.publishedAt?.toISOString() ?? null,
        };
        transitions.push(transition);
        await insertListEvent(tx, {
          source: version.source,
          kind: transition.kind,
          at: now,
          versionId: transition.versionId,
          publishedAt: version.publishedAt,
          details: { name: sanctionsListName(version.source), age_days: freshness.ageDays, stale_days: staleDays, published_at_source: freshness.publishedAtSource },
        });
      }
      await saveSourceStatus(tx, version.source, { stale: freshness.stale, staleSince: freshness.stale ? now : null });
    });
  }
  if (transitions.length > 0) ctx.log.warn({ transitions }, 'sanctions lists changed freshness');
  return transitions;
}

/**
 * Turns the recorded stale transitions into `list_stale` notifications for every active admin (panel
 * and mail), once per event: the events are marked, and the mail jobs queued, in the same transaction
 * as the notifications (queued after the commit, a process killed in between lost that mail: the
 * events were already marked notified).
 */
export async function notifyListStaleEvents(
  ctx: AppContext,
  opts: {
    /** Tests: a crash right after the commit, before the notifications are delivered. */
    afterCommit?: () => Promise<void>;
  } = {},
): Promise<number> {
  const events = await listPendingListEvents(ctx.db);
  if (events.length === 0) return 0;
  const admins = await listActiveAdminIds(ctx.db);
  const now = ctx.now();
  const stored = await ctx.db.transaction(async (tx) => {
    const result = await createNotifications(
      tx,
      events
        .filter((event) => event.kind === 'became_stale')
        .flatMap((event) =>
          admins.map((userId) => ({
            userId,
            kind: 'list_stale' as const,
            params: { source: event.source, published_at: event.publishedAt ? event.publishedAt.toISOString().slice(0, 10) : null },
            url: '/due-diligence/screening',
            dedupeKey: `list_stale:${event.id}`,
            email: true,
            webhook: false,
          })),
        ),
      now,
      ctx.config.PUBLIC_URL,
    );
    await markListEventsNotified(tx, events.map((event) => event.id), now);
    await queueMailWithin(ctx, tx, result);
    return result;
  });
  if (opts.afterCommit) await opts.afterCommit();
  await deliverNotifications(ctx, stored);
  return stored.rows.length;
}
