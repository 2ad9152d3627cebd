import { randomUUID } from 'node:crypto';
import { SCREENING_LISTS_UPDATED_EVENT, sanctionsSources, type EntityType, type SanctionsSource } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import {
  buildScreeningIndex,
  compareNames,
  DEFAULT_SCREENING_THRESHOLD,
  type SanctionsEntity,
  type ScreeningIndex,
  type ScreeningMatch,
} from './engine';
import type { EntityType as EngineEntityType, SanctionsSource as EngineSanctionsSource } from './engine';
import { explainScore, type ExplanationLanguage, type HitReasons } from './screening.explanation';
import { listFreshness, listVersionId, type ListFreshness } from './screening-freshness';
import { findLatestVersions, loadVersionEntities, type ListVersionRow } from './screening.repository';

/** One loaded list version, as screening sees it. */
export interface ScreeningListStatus extends ListFreshness {
  source: SanctionsSource;
  entries: number;
  names: number;
  publishedAt: string | null;
  loadedAt: string;
}

/** `loaded: false` means no sanctions list is stored: nothing can be screened (never read it as "no match"). */
export interface ScreeningStatus {
  loaded: boolean;
  threshold: number;
  /** SCREENING_STALE_DAYS */
  staleDays: number;
  lists: ScreeningListStatus[];
}

/**
 * The app layers use the contracts' SanctionsSource and EntityType; the engine keeps copies of its own.
 * These fail the typecheck the day the two disagree.
 */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ENGINE_TYPES_MATCH_CONTRACTS: [SameUnion<SanctionsSource, EngineSanctionsSource>, SameUnion<EntityType, EngineEntityType>] = [true, true];

export interface ScreeningHit {
  entityId: string;
  source: SanctionsSource;
  /** The list entry's primary name. */
  name: string;
  /** The entry's name (primary or alias) that matched. */
  matchedName: string;
  type: EntityType;
  programs: string[];
  /** In [0, 1]. */
  score: number;
  /** score ≥ threshold */
  isMatch: boolean;
  /** The version id of the hit's list (`<source>@<hash>`, as GET /screening/lists names it); null when unknown. */
  versionId: string | null;
  /** The engine's sentence (English); `reasons` can say it again in Spanish. */
  explanation: string;
  reasons: HitReasons;
}

export interface ScreeningQuery {
  name: string;
  type?: EntityType;
  /** Several entity types at once (a business name against organisations and persons); overrides `type`. */
  types?: readonly EntityType[];
}

export interface ScreenNamesResult {
  status: ScreeningStatus;
  results: { name: string; matches: ScreeningHit[] }[];
}

export const SCREENING_DEFAULT_LIMIT = 10;
/**
 * The version of the matching (normalisation, scoring) that a report records beside the list
 * versions and the threshold: bump it whenever the same name and list can score differently.
 */
export const SCREENING_ENGINE_VERSION = 'fueldesk-screening-1';
/** Names screened between two turns of the event loop in a batch. */
const SCREENING_YIELD_EVERY = 25;
/** Even without an event (one lost while a bus reconnected), an instance notices a new version within this time. */
export const SCREENING_RECHECK_MS = 5 * 60_000;

/** The threshold from SCREENING_THRESHOLD, else the engine's measured default. */
export function screeningThreshold(ctx: AppContext): number {
  return ctx.config.SCREENING_THRESHOLD ?? DEFAULT_SCREENING_THRESHOLD;
}

interface LoadedIndex {
  index: ScreeningIndex | null;
  versions: ListVersionRow[];
  entities: Map<string, SanctionsEntity>;
  checkedAt: number;
}

interface ScreeningState {
  /** Tells this instance's own announcements apart from other instances'. */
  instanceId: string;
  current: LoadedIndex | null;
  /** The build under way, if any. */
  building: Promise<LoadedIndex> | null;
  /** Set when a new version was announced while a build was under way: build once more after it. */
  stale: boolean;
}

const states = new WeakMap<AppContext, ScreeningState>();

function sameVersions(a: ListVersionRow[], b: ListVersionRow[]): boolean {
  const ids = (rows: ListVersionRow[]) => rows.map((row) => row.id).sort((x, y) => x - y).join(',');
  return ids(a) === ids(b);
}

async function buildFromDatabase(ctx: AppContext): Promise<LoadedIndex> {
  const versions = await findLatestVersions(ctx.db);
  const byVersion = await loadVersionEntities(ctx.db, versions.map((version) => version.id));
  const all: SanctionsEntity[] = [];
  for (const version of versions) all.push(...((byVersion.get(version.id) ?? []) as SanctionsEntity[]));
  const started = Date.now();
  const index = all.length > 0 ? buildScreeningIndex(all) : null;
  if (index) {
    ctx.log.info(
      { lists: versions.map((version) => `${version.source}#${version.id}`), entities: index.entityCount, names: index.nameCount, ms: Date.now() - started },
      'sanctions screening index built',
    );
  }
  return { index, versions, entities: new Map(all.map((entity) => [entity.id, entity])), checkedAt: Date.now() };
}

function startBuild(ctx: AppContext, state: ScreeningState): Promise<LoadedIndex> {
  if (state.building) {
    state.stale = true;
    return state.building;
  }
  state.stale = false;
  const building = buildFromDatabase(ctx)
    .then((loaded) => {
      state.current = loaded;
      return loaded;
    })
    .finally(() => {
      if (state.building === building) state.building = null;
      if (state.stale) void startBuild(ctx, state).catch((error) => ctx.log.error({ err: error }, 'sanctions index rebuild failed'));
    });
  state.building = building;
  return building;
}

function getState(ctx: AppContext): ScreeningState {
  let state = states.get(ctx);
  if (!state) {
    const created: ScreeningState = { instanceId: randomUUID(), current: null, building: null, stale: false };
    // Another instance stored a new version: rebuild from the database.
    ctx.events.subscribe((event) => {
      if (event.type !== SCREENING_LISTS_UPDATED_EVENT) return;
      if ((event.data as { instance?: unknown } | undefined)?.instance === created.instanceId) return;
      void startBuild(ctx, created).catch((error) => ctx.log.error({ err: error }, 'sanctions index rebuild failed'));
    });
    states.set(ctx, created);
    state = created;
  }
  return state;
}

/** This instance's index, built on first use and rebuilt when a new list version is stored. */
async function loadedIndex(ctx: AppContext): Promise<LoadedIndex> {
  const state = getState(ctx);
  if (state.building) return state.building;
  const current = state.current;
  if (!current) return startBuild(ctx, state);
  if (Date.now() - current.checkedAt > SCREENING_RECHECK_MS) {
    current.checkedAt = Date.now();
    const latest = await findLatestVersions(ctx.db);
    if (!sameVersions(latest, current.versions)) return startBuild(ctx, state);
  }
  return current;
}

/**
 * After new versions were stored: rebuilds this instance's index (the caller may screen right
 * away) and tells every other instance through the event bus.
 */
export async function announceNewListVersions(ctx: AppContext, stored: { source: SanctionsSource; entries: number; id: number }[]): Promise<void> {
  if (stored.length === 0) return;
  const state = getState(ctx);
  if (state.building) await state.building.catch(() => undefined);
  await startBuild(ctx, state);
  try {
    await ctx.events.publish({
      userId: null,
      type: SCREENING_LISTS_UPDATED_EVENT,
      data: { instance: state.instanceId, lists: stored.map((row) => ({ source: row.source, entries: row.entries, version: row.id })) },
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not publish screening_lists_updated');
  }
}

/** Starts building the index in the background (server start), so the first search does not wait. */
export function warmScreeningIndex(ctx: AppContext): void {
  void loadedIndex(ctx).catch((error) => ctx.log.error({ err: error }, 'sanctions index build failed'));
}

function presentStatus(ctx: AppContext, loaded: LoadedIndex): ScreeningStatus {
  const order = (source: SanctionsSource) => sanctionsSources.indexOf(source);
  const lists = [...loaded.versions]
    .sort((a, b) => order(a.source) - order(b.source))
    .map((version) => ({
      source: version.source,
      entries: version.entries,
      names: version.names,
      publishedAt: version.publishedAt?.toISOString() ?? null,
      loadedAt: version.loadedAt.toISOString(),
      ...listFreshness(version, ctx.now(), ctx.config.SCREENING_STALE_DAYS),
    }));
  return { loaded: loaded.index !== null, threshold: screeningThreshold(ctx), staleDays: ctx.config.SCREENING_STALE_DAYS, lists };
}

/** Which lists this instance screens against; `loaded: false` on an install with no list stored. */
export async function getScreeningStatus(ctx: AppContext): Promise<ScreeningStatus> {
  return presentStatus(ctx, await loadedIndex(ctx));
}

function presentHit(match: ScreeningMatch, entity: SanctionsEntity | undefined, threshold: number, versions: ListVersionRow[]): ScreeningHit {
  const found = entity ?? match.entity;
  return {
    versionId: ((version) => (version ? listVersionId(version) : null))(versions.find((version) => version.source === found.source)),
    entityId: found.id,
    source: found.source,
    name: found.name,
    matchedName: match.matchedName,
    type: found.type,
    programs: [...found.programs],
    score: match.score,
    isMatch: match.score >= threshold,
    explanation: match.explanation.summary,
    reasons: {
      score: match.score,
      explanation: match.explanation,
      alias: match.matchedName === found.name ? null : (found.aliases.find((alias) => alias.name === match.matchedName) ?? null),
      matchedName: match.matchedName,
      entryName: found.name,
    },
  };
}

/**
 * Screens names against the loaded lists, in the order given, best match first. `matchesOnly`
 * keeps only hits at or above the threshold. When `status.loaded` is false every result is empty
 * because nothing was screened — callers must report "not screened", never "no match".
 */
export async function screenNames(
  ctx: AppContext,
  queries: ScreeningQuery[],
  opts: { limit?: number; matchesOnly?: boolean; threshold?: number; sources?: readonly SanctionsSource[] } = {},
): Promise<ScreenNamesResult> {
  const loaded = await loadedIndex(ctx);
  const status = presentStatus(ctx, loaded);
  // A per-request threshold (API.md: 0.5 to 1) replaces the server's for this answer.
  if (opts.threshold !== undefined) status.threshold = opts.threshold;
  const threshold = status.threshold;
  const limit = opts.limit ?? SCREENING_DEFAULT_LIMIT;
  const results: ScreenNamesResult['results'] = [];
  for (const [position, query] of queries.entries()) {
    // A long batch lets other requests through now and then instead of holding the event loop.
    if (position > 0 && position % SCREENING_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    // Nothing to compare in a name without a letter or digit (a blank form field).
    if (!loaded.index || !/[\p{L}\p{N}]/u.test(query.name)) {
      results.push({ name: query.name, matches: [] });
      continue;
    }
    const matches = loaded.index
      .search(query.name, { type: query.type, types: query.types, sources: opts.sources, limit, minScore: opts.matchesOnly ? threshold : undefined })
      .map((match) => presentHit(match, loaded.entities.get(match.entity.id), threshold, loaded.versions))
      .filter((hit) => !opts.matchesOnly || hit.isMatch);
    results.push({ name: query.name, matches });
  }
  return { status, results };
}

/** The list entry behind an entity id, from this instance's index (null when not loaded or unknown). */
export async function getScreeningEntity(ctx: AppContext, entityId: string): Promise<SanctionsEntity | null> {
  return (await loadedIndex(ctx)).entities.get(entityId) ?? null;
}

/**
 * The score of one name against one list entry, as a search finds it (its best name or alias);
 * null when no loaded list has the entry. Also the stored version the entry came from.
 */
export async function scoreAgainstEntity(
  ctx: AppContext,
  name: string,
  entityId: string,
  type?: EntityType,
): Promise<{ entity: SanctionsEntity; score: number; versionId: number | null } | null> {
  const loaded = await loadedIndex(ctx);
  const entity = loaded.entities.get(entityId);
  if (!entity || !loaded.index) return null;
  const found = loaded.index.search(name, { type, limit: 200 }).find((match) => match.entity.id === entityId);
  const score = found
    ? found.score
    : Math.max(0, ...[entity.name, ...entity.aliases.map((alias) => alias.name)].map((candidate) => compareNames(name, candidate, type ?? entity.type).score));
  const versionId = loaded.versions.find((version) => version.source === entity.source)?.id ?? null;
  return { entity, score, versionId };
}

/** The list entries behind some entity ids (those no loaded list has are left out). */
export async function getScreeningEntities(ctx: AppContext, entityIds: Iterable<string>): Promise<Map<string, SanctionsEntity>> {
  const loaded = await loadedIndex(ctx);
  const found = new Map<string, SanctionsEntity>();
  for (const id of entityIds) {
    const entity = loaded.entities.get(id);
    if (entity) found.set(id, entity);
  }
  return found;
}

/** The same scorer on two names; needs no list. */
export function compareScreeningNames(ctx: AppContext, name1: string, name2: string, type?: EntityType, lang: ExplanationLanguage = 'en') {
  const threshold = screeningThreshold(ctx);
  const { score, explanation } = compareNames(name1, name2, type);
  return { score, isMatch: score >= threshold, threshold, explanation: explainScore(score, explanation, lang) };
}

/** The latest stored version of every list (the watchlist's re-screen records which versions it used). */
export async function latestListVersions(ctx: AppContext): Promise<ListVersionRow[]> {
  return findLatestVersions(ctx.db);
}

/** The stored entities of some list versions, grouped by version id (the watchlist compares two versions). */
export async function listVersionEntities(ctx: AppContext, versionIds: number[]): Promise<Map<number, SanctionsEntity[]>> {
  return (await loadVersionEntities(ctx.db, versionIds)) as Map<number, SanctionsEntity[]>;
}

/** The stored ids (sanctions_list_versions.id) of the latest versions, by their public id `<source>@<hash>` (the watchlist records stored ids). */
export async function storedVersionIdsByKey(ctx: AppContext): Promise<Map<string, number>> {
  return new Map((await findLatestVersions(ctx.db)).map((row) => [listVersionId(row), row.id]));
}
