// In-memory screening index: every primary name and alias, pre-tokenised, with an inverted index on
// tokens and phonetic keys (blocking) so that a search scores a few dozen candidates, not every name.
import { explain, scoreTokens, summarize, type PairMemo } from './compare';
import { tokenizeName, type NameToken } from './normalize';
import { ENTITY_TYPES } from './types';
import type { EntityType, SanctionsAlias, SanctionsEntity, ScreeningIndex, ScreeningMatch, SearchOptions } from './types';

/** Weak aliases (short, broad names the publisher itself calls low quality) score a little lower. */
export const WEAK_ALIAS_FACTOR = 0.95;
/** Candidates fully scored per search, best blocking evidence first. */
const MAX_CANDIDATES = 80;
/** Candidates with less than this share of the best candidate's blocking evidence are not scored. */
const MIN_EVIDENCE_SHARE = 0.25;
/** Posting lists longer than this (e.g. "al", "mohammed", "ltd") only count when the query has nothing rarer. */
const MAX_POSTING = 3000;

/** Blocking is kept per entity type, so a vessel search never wades through companies. */
const GROUP: Record<EntityType, string> = { person: 'P', organization: 'O', vessel: 'V', aircraft: 'A' };

interface IndexedName {
  entity: number;
  name: string;
  alias: SanctionsAlias | null;
  tokens: NameToken[];
}

const blockingKeys = (token: NameToken): string[] => {
  if (token.role === 'legal_form') return [];
  const keys = [`t:${token.text}`];
  if (token.role === 'particle') return keys;
  if (token.role !== 'number' && token.phonetic.length >= 2) keys.push(`p:${token.phonetic}`);
  return keys;
};

function describeName(entity: SanctionsEntity, named: IndexedName): string {
  if (!named.alias) return `the listed name “${named.name}”`;
  const kind = { aka: 'alias (a.k.a.)', fka: 'former name (f.k.a.)', nka: 'new name (n.k.a.)' }[named.alias.kind];
  return `the ${named.alias.weak ? 'weak ' : ''}${kind} “${named.name}” of “${entity.name}”`;
}

export function buildScreeningIndex(entities: SanctionsEntity[]): ScreeningIndex {
  const names: IndexedName[] = [];
  const postings = new Map<string, number[]>();
  entities.forEach((entity, e) => {
    const all: Array<{ name: string; alias: SanctionsAlias | null }> = [
      { name: entity.name, alias: null },
      ...entity.aliases.map((alias) => ({ name: alias.name, alias })),
    ];
    const seen = new Set<string>();
    for (const { name, alias } of all) {
      const tokens = tokenizeName(name, entity.type);
      const signature = tokens.map((t) => t.text).join(' ');
      if (!signature || seen.has(signature)) continue;
      seen.add(signature);
      const id = names.length;
      names.push({ entity: e, name, alias, tokens });
      const keys = new Set(tokens.flatMap(blockingKeys));
      // A name made only of particles or legal forms is still findable by its words.
      if (keys.size === 0) for (const t of tokens) keys.add(`t:${t.text}`);
      const group = GROUP[entity.type];
      for (const bare of keys) {
        const key = group + bare;
        const list = postings.get(key);
        if (list) list.push(id);
        else postings.set(key, [id]);
      }
    }
  });

  // Per-search scratch space for blocking evidence, reused across searches.
  const evidence = new Float64Array(names.length);
  const touched = new Int32Array(names.length);

  /** Names of one entity type's group sharing blocking keys with the query, best evidence first. */
  function candidates(query: NameToken[], group: string): number[] {
    if (query.length === 0) return [];
    const lookups: Array<{ list: number[]; weight: number }> = [];
    const seenKeys = new Set<string>();
    for (const token of query) {
      const keys = blockingKeys(token);
      if (keys.length === 0) keys.push(`t:${token.text}`);
      for (const key of keys) {
        if (seenKeys.has(key)) continue;
        seenKeys.add(key);
        const list = postings.get(group + key);
        if (list) lookups.push({ list, weight: token.weight * (key.startsWith('t:') ? 1 : 0.8) });
      }
    }
    lookups.sort((a, b) => a.list.length - b.list.length);
    let count = 0;
    lookups.forEach(({ list, weight }, k) => {
      // Rarer keys say more: scale by inverse frequency.
      const w = weight / Math.log2(2 + list.length);
      // A very common key ("al", "mohammed", "trading") only adds to candidates found by rarer keys.
      const onlyKnown = k > 0 && list.length > MAX_POSTING;
      for (const id of list) {
        if (evidence[id] > 0) evidence[id] += w;
        else if (!onlyKnown) {
          evidence[id] = w;
          touched[count++] = id;
        }
      }
    });
    // Among equal evidence, names of about the query's length first ("ABU ALI" before "ALI HASSAN AL-…").
    const queryLength = query.length;
    let strongest = 0;
    for (let k = 0; k < count; k++) strongest = Math.max(strongest, evidence[touched[k]]);
    const ranked: Array<[number, number]> = [];
    for (let k = 0; k < count; k++) {
      const id = touched[k];
      // Names sharing only a small part of the best candidate's evidence cannot outscore it.
      if (evidence[id] >= strongest * MIN_EVIDENCE_SHARE) {
        ranked.push([id, evidence[id] - 0.01 * Math.abs(names[id].tokens.length - queryLength)]);
      }
      evidence[id] = 0;
    }
    return ranked
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_CANDIDATES)
      .map(([id]) => id);
  }

  return {
    entityCount: entities.length,
    nameCount: names.length,
    search(name: string, opts: SearchOptions = {}): ScreeningMatch[] {
      const limit = opts.limit ?? 10;
      const minScore = opts.minScore ?? 0;
      // The query is read with each candidate's rules: person rules (honorifics dropped, no legal
      // forms: "PAO" and "AG" are names) for persons, organisation rules for everything else.
      const asPerson = opts.type && opts.type !== 'person' ? [] : tokenizeName(name, 'person');
      const asOther = opts.type === 'person' ? [] : tokenizeName(name, opts.type ?? 'organization');
      if ((asPerson.length === 0 && asOther.length === 0) || limit <= 0) return [];
      const memo: PairMemo = new WeakMap();
      const best = new Map<number, { named: IndexedName; result: ReturnType<typeof scoreTokens>; score: number }>();
      const types = opts.type ? [opts.type] : ENTITY_TYPES;
      const ids = types.flatMap((type) => candidates(type === 'person' ? asPerson : asOther, GROUP[type]));
      for (const id of ids) {
        const named = names[id];
        const entity = entities[named.entity];
        const query = entity.type === 'person' ? asPerson : asOther;
        const result = scoreTokens(query, named.tokens, entity.type, memo);
        const score = Math.round(result.score * (named.alias?.weak ? WEAK_ALIAS_FACTOR : 1) * 10000) / 10000;
        if (score < minScore || score === 0) continue;
        const current = best.get(named.entity);
        if (!current || score > current.score) best.set(named.entity, { named, result, score });
      }
      return [...best.values()]
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map(({ named, result, score }) => {
          const entity = entities[named.entity];
          const base = explain(result);
          return {
            entity,
            matchedName: named.name,
            score,
            explanation: {
              ...base,
              summary: `Matched ${describeName(entity, named)}. ${summarize(score, result.tokens, result.unmatchedQuery, result.unmatchedCandidate)}`,
            },
          };
        });
    },
  };
}
