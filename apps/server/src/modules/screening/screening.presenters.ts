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
import type { AuthUser } from '../../plugins/auth';
import { queueReadAudit, type AuditActor } from '../audit/audit.service';
import { decisionsForMatches, matchKey, subjectKey } from '../decisions/decisions.service';
import { decisionSubjectsOf } from '../decisions/decisions.subjects';
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

/** Who screens: their decisions are shown on the matches, and the screening is recorded in the audit log. */
export interface ScreeningCaller {
  user: AuthUser;
  actor: AuditActor;
}

/** Each result's matches with the caller's decision on them, when one applies. */
async function withDecisions(ctx: AppContext, caller: ScreeningCaller | undefined, results: { name: string; matches: ScreeningMatch[] }[], lang: ExplanationLanguage) {
  if (!caller || results.every((result) => result.matches.length === 0)) return results;
  // Only the names the caller decided on (a cached set: most searches skip the lookup).
  const decided = await decisionSubjectsOf(ctx, caller.user.id);
  const refs = results
    .filter((result) => result.matches.length > 0 && decided.has(subjectKey(result.name)))
    .flatMap((result) => result.matches.map((match) => ({ subjectName: result.name, entityId: match.entity_id })));
  if (refs.length === 0) return results;
  const decisions = await decisionsForMatches(ctx, ctx.db, caller.user.id, refs, lang);
  if (decisions.size === 0) return results;
  return results.map((result) => ({
    name: result.name,
    matches: result.matches.map((match) => {
      const decision = decisions.get(matchKey(result.name, match.entity_id));
      return decision ? { ...match, decision } : match;
    }),
  }));
}

const countMatches = (results: { matches: ScreeningMatch[] }[]) => {
  let matches = 0;
  let cleared = 0;
  for (const result of results) {
    for (const match of result.matches) {
      if (!match.is_match) continue;
      if (match.decision?.cleared) cleared += 1;
      else matches += 1;
    }
  }
  return { matches, cleared };
};

export async function searchScreening(ctx: AppContext, query: ScreeningSearchQuery, lang: ExplanationLanguage = 'en', caller?: ScreeningCaller): Promise<ScreeningSearchResponse> {
  const { status, results } = await screenNames(ctx, [{ name: query.q, type: query.type }], {
    limit: query.limit,
    threshold: query.threshold,
    sources: query.sources,
  });
  const [result] = await withDecisions(ctx, caller, [{ name: query.q, matches: results[0]!.matches.map((hit) => presentScreeningHit(hit, lang)) }], lang);
  if (caller) {
    // The search itself writes nothing: its entry is written just after the answer (queueReadAudit).
    queueReadAudit(ctx, {
        at: ctx.now(),
        actor: caller.actor,
        action: 'screening.search',
        subject: query.q,
        details: { type: query.type ?? null, version_ids: status.lists.map((list) => list.versionId), threshold: status.threshold, loaded: status.loaded, ...countMatches([result!]) },
      });
  }
  return { query: query.q, threshold: status.threshold, loaded: status.loaded, matches: result!.matches };
}

/** A batch answers the best few candidates per name (the search's default is 10). */
export const SCREENING_BATCH_MATCHES = 5;

export async function batchScreening(
  ctx: AppContext,
  body: ScreeningBatchBody,
  lang: ExplanationLanguage = 'en',
  opts: { threshold?: number; sources?: readonly SanctionsSource[] } = {},
  caller?: ScreeningCaller,
): Promise<ScreeningBatchResponse> {
  const queries = body.queries.map(({ name, type }) => ({ name, type }));
  const { status, results } = await screenNames(ctx, queries, { limit: SCREENING_BATCH_MATCHES, ...opts });
  const presented = await withDecisions(
    ctx,
    caller,
    results.map((result) => ({ name: result.name, matches: result.matches.map((hit) => presentScreeningHit(hit, lang)) })),
    lang,
  );
  if (caller) {
    queueReadAudit(ctx, {
        at: ctx.now(),
        actor: caller.actor,
        action: 'screening.batch',
        subject: `${body.queries.length} names`,
        // The screened names are the compliance record: they stay in the entry (never in logs).
        details: {
          names: body.queries.map((query) => query.name),
          version_ids: status.lists.map((list) => list.versionId),
          threshold: status.threshold,
          loaded: status.loaded,
          ...countMatches(presented),
        },
      });
  }
  return { threshold: status.threshold, loaded: status.loaded, results: presented };
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
