import type { AppContext } from '../../context';
import { findDecidedSubjectKeys } from './decisions.repository';

/**
 * Which names each user decided on, cached per process, so that a screening search looks decisions
 * up only for a name its caller decided on (most searches: none, and no query). A new decision
 * drops its user's set here at once and on every other instance through the event bus; a set is
 * also reloaded after DECIDED_SUBJECTS_TTL_MS, which bounds how long an instance that missed the
 * event (its LISTEN connection was down) could show a search without a decision made elsewhere.
 */
export const DECISIONS_CHANGED_EVENT = 'screening_decisions_changed';
const DECIDED_SUBJECTS_TTL_MS = 30_000;
/** Users whose set is kept; past that the cache starts over. */
const MAX_USERS = 10_000;

interface SubjectCache {
  sets: Map<string, { keys: Set<string>; loadedAt: number }>;
  /** Bumped on each change of a user's decisions: a load started before it is not kept. */
  generations: Map<string, number>;
}

const caches = new WeakMap<AppContext, SubjectCache>();

function cacheOf(ctx: AppContext): SubjectCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created: SubjectCache = { sets: new Map(), generations: new Map() };
    ctx.events.subscribe((event) => {
      if (event.type === DECISIONS_CHANGED_EVENT && event.userId) forget(created, event.userId);
    });
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

function forget(cache: SubjectCache, userId: string) {
  cache.sets.delete(userId);
  cache.generations.set(userId, (cache.generations.get(userId) ?? 0) + 1);
}

/** The subject keys (decisions.service subjectKey) `userId` has a decision on. */
export async function decisionSubjectsOf(ctx: AppContext, userId: string): Promise<ReadonlySet<string>> {
  const cache = cacheOf(ctx);
  const cached = cache.sets.get(userId);
  if (cached && Date.now() - cached.loadedAt < DECIDED_SUBJECTS_TTL_MS) return cached.keys;
  const generation = cache.generations.get(userId) ?? 0;
  const keys = new Set(await findDecidedSubjectKeys(ctx.db, userId));
  if ((cache.generations.get(userId) ?? 0) === generation) {
    if (cache.sets.size >= MAX_USERS) {
      cache.sets.clear();
    }
    cache.sets.set(userId, { keys, loadedAt: Date.now() });
  }
  return keys;
}

/** After a decision of `userId` committed: this instance forgets the set now, the others on the event. */
export async function decisionsChanged(ctx: AppContext, userId: string): Promise<void> {
  forget(cacheOf(ctx), userId);
  await ctx.events.publish({ userId, type: DECISIONS_CHANGED_EVENT }).catch((error) => ctx.log.warn({ err: error }, 'could not publish screening_decisions_changed'));
}
