import {
  type SanctionsSource,
  sanctionsListName,
  screeningMessages,
  type ScreeningBatchBody,
  type ScreeningEntity,
  ScreeningBatchResponse,
  type ScreeningListsResponse,
  type ScreeningMatch,
  type ScreeningSearchQuery,
  type ScreeningSearchResponse,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { explainHit, type ExplanationLanguage } from './screening.explanation';
import { presentListUpdate } from './screening-freshness';
import { findLatestVersions, listSourceStatuses, type ListVersionRow } from './screening.repository';
import { getScreeningEntity, getScreeningStatus, screenNames, type ScreeningHit, type ScreeningStatus } from './screening.service';

/** The wire (snake_case) shape of a hit. */
export function presentScreeningHit(hit: ScreeningHit, lang: ExplanationLanguage = 'en'): ScreeningMatch {
  return {
    entity_id: hit.entityId,
    source: hit.source,
    name: hit.name,
    matched_name: hit.matchedName,
    type: hit.type,
    programs: hit.programs,
    score: hit.score,
    is_match: hit.isMatch,
    explanation: explainHit(hit.reasons, lang),
    version_id: hit.versionId,
  };
}

function presentLists(ctx: AppContext, status: ScreeningStatus, updates: ListUpdates, lang: ExplanationLanguage): ScreeningListsResponse {
  return {
    loaded: status.loaded,
    threshold: status.threshold,
    stale_days: status.staleDays,
    lists: status.lists.map((list) => {
      const update = presentListUpdate(ctx, updates.statuses.get(list.source), updates.versions.get(list.source));
      return {
        source: list.source,
        name: sanctionsListName(list.source, lang),
        entries: list.entries,
        names: list.names,
        published_at: list.publishedAt,
        loaded_at: list.loadedAt,
        version_id: list.versionId,
        published_at_source: list.publishedAtSource,
        age_days: list.ageDays,
        stale: list.stale,
        update: {
          last_checked_at: update.lastCheckedAt,
          last_changed_at: update.lastChangedAt,
          last_error: update.lastError,
          next_run_at: update.nextRunAt,
        },
      };
    }),
  };
}

interface ListUpdates {
  statuses: Awaited<ReturnType<typeof listSourceStatuses>>;
  versions: Map<string, ListVersionRow>;
}

/** GET /screening/lists: the loaded lists with their freshness and the daily job's state. */
export async function listScreeningLists(ctx: AppContext, lang: ExplanationLanguage = 'en'): Promise<ScreeningListsResponse> {
  const [status, statuses, versions] = await Promise.all([getScreeningStatus(ctx), listSourceStatuses(ctx.db), findLatestVersions(ctx.db)]);
  return presentLists(ctx, status, { statuses, versions: new Map(versions.map((row) => [row.source, row])) }, lang);
}

export async function searchScreening(ctx: AppContext, query: ScreeningSearchQuery, lang: ExplanationLanguage = 'en'): Promise<ScreeningSearchResponse> {
  const { status, results } = await screenNames(ctx, [{ name: query.q, type: query.type }], {
    limit: query.limit,
    threshold: query.threshold,
    sources: query.sources,
  });
  return { query: query.q, threshold: status.threshold, loaded: status.loaded, matches: results[0]!.matches.map((hit) => presentScreeningHit(hit, lang)) };
}

/** A batch answers the best few candidates per name (the search's default is 10). */
export const SCREENING_BATCH_MATCHES = 5;

export async function batchScreening(
  ctx: AppContext,
  body: ScreeningBatchBody,
  lang: ExplanationLanguage = 'en',
  opts: { threshold?: number; sources?: readonly SanctionsSource[] } = {},
): Promise<ScreeningBatchResponse> {
  const queries = body.queries.map(({ name, type }) => ({ name, type }));
  const { status, results } = await screenNames(ctx, queries, { limit: SCREENING_BATCH_MATCHES, ...opts });
  return {
    threshold: status.threshold,
    loaded: status.loaded,
    results: results.map((result) => ({ name: result.name, matches: result.matches.map((hit) => presentScreeningHit(hit, lang)) })),
  };
}

/** One list entry in full, from this instance's loaded lists; 404 when no loaded list has it. */
export async function getScreeningEntityDetails(ctx: AppContext, entityId: string): Promise<ScreeningEntity> {
  const entity = await getScreeningEntity(ctx, entityId);
  if (!entity) throw notFound(screeningMessages.entityNotFound);
  return {
    entity_id: entity.id,
    source: entity.source,
    type: entity.type,
    name: entity.name,
    aliases: entity.aliases.map((alias) => ({ name: alias.name, kind: alias.kind, weak: alias.weak })),
    programs: entity.programs,
    addresses: entity.addresses,
    dates_of_birth: entity.datesOfBirth,
    nationalities: entity.nationalities,
    remarks: entity.remarks,
  };
}
