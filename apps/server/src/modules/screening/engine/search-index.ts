// In-memory screening index: every primary name and alias, pre-tokenised, with an inverted index on
// tokens and phonetic keys (blocking) so that a search scores a few dozen candidates, not every name.
import { explain, rewritesNames, scoreTokens, summarize, type PairMemo } from './compare';
import { NameTable, type Reading } from './name-table';
import { dropsVesselPrefix, inspectName, nameWords, normalizeInspected, phoneticKey, tokenizeName, tokenizeWords, type NameToken } from './normalize';
import { ENTITY_TYPES } from './types';
import type { EntityType, MatchExplanation, MatchNote, SanctionsAlias, SanctionsEntity, ScreeningIndex, ScreeningMatch, SearchOptions } from './types';

/** Weak aliases (short, broad names the publisher itself calls low quality) score a little lower. */
export const WEAK_ALIAS_FACTOR = 0.95;
/** Candidates fully scored per search, best blocking evidence first. */
const MAX_CANDIDATES = 80;
/** Candidates with less than this share of the best candidate's blocking evidence are not scored. */
const MIN_EVIDENCE_SHARE = 0.25;
/** Posting lists longer than this (e.g. "al", "mohammed", "ltd") only count when the query has nothing rarer. */
const MAX_POSTING = 3000;

/**
 * A business name compared with a person's name without its legal forms ("Ivan Petrov LLC" against
 * Ivan Petrov) keeps this share of the score: the extra legal form lowers it a little.
 */
export const LEGAL_FORM_IGNORED_FACTOR = 0.97;

/** "IMO 9123456", "imo:9123456", "IMO no. 9123456": a search for a ship by its IMO number. */
const IMO_QUERY = /^\s*imo\s*(?:n[o°º]\.?|number|#)?\s*[:#.-]?\s*(\d{7})\s*$/i;
const SEVEN_DIGITS = /^\s*(\d{7})\s*$/;
/** IMO numbers written in a list entry's remarks ("Vessel Registration Identification IMO 9187629"). */
const IMO_IN_TEXT = /\bIMO(?:\s*(?:number|no\.?))?[\s:#.]*(\d{7})\b/gi;

/** The IMO number a query asks for, or null when it is a name. Seven bare digits count only in a vessel search. */
export function imoQuery(query: string, type?: EntityType): string | null {
  const prefixed = IMO_QUERY.exec(query);
  if (prefixed) return prefixed[1];
  const bare = type === 'vessel' ? SEVEN_DIGITS.exec(query) : null;
  return bare ? bare[1] : null;
}

/** The IMO numbers of an entry: those the parser gave, and any its remarks name. */
export function entityImoNumbers(entity: SanctionsEntity): string[] {
  const found = new Set(entity.imoNumbers ?? []);
  if (entity.remarks) for (const m of entity.remarks.matchAll(IMO_IN_TEXT)) found.add(m[1]);
  return [...found];
}

/** Binary search in an ascending list of ids. */
function containsSorted(list: number[], id: number): boolean {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = list[mid];
    if (value === id) return true;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** Blocking is kept per entity type, so a vessel search never wades through companies. */
const GROUP: Record<EntityType, string> = { person: 'P', organization: 'O', vessel: 'V', aircraft: 'A' };

/** One entity group's posting lists by kind of key. */
interface GroupPostings {
  words: Map<string, number[]>;
  sounds: Map<string, number[]>;
  letters: Map<string, number[]>;
}

interface IndexedName {
  entity: number;
  name: string;
  alias: SanctionsAlias | null;
  tokens: NameToken[];
}

/** Words seen before keep their letters-in-order key (sorting a word's letters was most of a search's garbage). */
const LETTERS_KEYS = new Map<string, string>();
function lettersKey(text: string): string {
  let key = LETTERS_KEYS.get(text);
  if (key === undefined) {
    if (LETTERS_KEYS.size >= 200_000) LETTERS_KEYS.clear();
    LETTERS_KEYS.set(text, (key = `a:${[...text].sort().join('')}`));
  }
  return key;
}

const blockingKeys = (token: NameToken): string[] => {
  if (token.role === 'legal_form') return [];
  const keys = [`t:${token.text}`];
  if (token.role === 'particle') return keys;
  if (token.role !== 'number' && token.phonetic.length >= 2) keys.push(`p:${token.phonetic}`);
  // The word's letters in order: two letters swapped ("Cmiex" for "Cimex") keep this key when
  // they change both the word and its sound.
  if (token.role === 'name' && token.text.length >= 4) keys.push(lettersKey(token.text));
  return keys;
};

/**
 * The `limit` ids of the highest rank, highest first, ties in their given order: what a stable sort
 * of all of them by rank and a slice would give, without sorting the thousands of names a common
 * word brings (the cut-off rank is found in a plain numeric sort of the ranks alone); written into
 * `best`, their count returned.
 */
function bestRanked(ids: Int32Array, ranks: Float64Array, count: number, limit: number, scratch: Float64Array, best: Int32Array): number {
  let chosen = 0;
  if (count <= limit) {
    for (let k = 0; k < count; k++) best[chosen++] = k;
  } else {
    // Selected in scratch space: sorting a copy of thousands of ranks was most of a search's garbage.
    for (let k = 0; k < count; k++) scratch[k] = ranks[k];
    const cutoff = selectNth(scratch, count, count - limit);
    let ties = limit;
    for (let k = 0; k < count; k++) if (ranks[k] > cutoff) ties--;
    for (let k = 0; k < count; k++) {
      if (ranks[k] > cutoff) best[chosen++] = k;
      else if (ranks[k] === cutoff && ties > 0) {
        best[chosen++] = k;
        ties--;
      }
    }
  }
  // Insertion in place, highest rank first, ties in given order (at most `limit` names: no sort call,
  // whose comparisons were a search's largest source of garbage; no array either).
  for (let n = 1; n < chosen; n++) {
    const k = best[n];
    let at = n;
    while (at > 0 && ranks[best[at - 1]] < ranks[k]) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = k;
  }
  for (let n = 0; n < chosen; n++) best[n] = ids[best[n]];
  return chosen;
}

/** The value that would stand at `nth` if the first `count` values were sorted ascending (they are reordered). */
function selectNth(values: Float64Array, count: number, nth: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (nth <= j) high = j;
    else if (nth >= i) low = i;
    else return values[nth];
  }
  return values[nth];
}

function describeName(entity: SanctionsEntity, named: IndexedName): string {
  if (!named.alias) return `the listed name “${named.name}”`;
  const kind = { aka: 'alias (a.k.a.)', fka: 'former name (f.k.a.)', nka: 'new name (n.k.a.)' }[named.alias.kind];
  return `the ${named.alias.weak ? 'weak ' : ''}${kind} “${named.name}” of “${entity.name}”`;
}

export function buildScreeningIndex(entities: SanctionsEntity[]): ScreeningIndex {
  const names: IndexedName[] = [];
  const table = new NameTable();
  /** Per entity group, the names under each blocking key (a search looks keys up without joining strings). */
  const postings = new Map<string, Map<string, number[]>>(Object.values(GROUP).map((group) => [group, new Map()]));
  /**
   * The same lists, per group and kind of key, under the bare word, sound key or letters-in-order
   * key (as lettersKey gives it): a search looks its words up as they are, building no key string.
   */
  const blocks = new Map<string, GroupPostings>(Object.values(GROUP).map((group) => [group, { words: new Map(), sounds: new Map(), letters: new Map() }]));
  /** IMO number → vessels carrying it. */
  const vesselsByImo = new Map<string, number[]>();
  /**
   * The posting lists a word of a given role and group goes into, looked up once per distinct word
   * (the same words recur across the lists' 50,000 names: building their keys was a third of the build).
   */
  const listsOfWord = new Map<string, Map<string, number[][]>>();
  const addToPostings = (group: string, role: NameToken['role'], text: string, id: number): boolean => {
    const byRole = group + role;
    let words = listsOfWord.get(byRole);
    if (!words) listsOfWord.set(byRole, (words = new Map()));
    let lists = words.get(text);
    if (!lists) {
      lists = blockingKeys({ text, role, weight: 0, phonetic: phoneticKey(text) }).map((bare) => {
        const groupPostings = postings.get(group)!;
        let list = groupPostings.get(bare);
        if (!list) groupPostings.set(bare, (list = []));
        return list;
      });
      words.set(text, lists);
    }
    // Ids only grow: a name whose two words share a key is listed once.
    for (const list of lists) if (list[list.length - 1] !== id) list.push(id);
    return lists.length > 0;
  };
  entities.forEach((entity, e) => {
    if (entity.type === 'vessel') {
      for (const imo of entityImoNumbers(entity)) {
        const list = vesselsByImo.get(imo);
        if (list) list.push(e);
        else vesselsByImo.set(imo, [e]);
      }
    }
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
      table.add(tokens);
      const group = GROUP[entity.type];
      let keyed = false;
      for (const token of tokens) keyed = addToPostings(group, token.role, token.text, id) || keyed;
      // A name made only of particles or legal forms is still findable by its words.
      if (!keyed) for (const t of tokens) addToPostings(group, 'particle', t.text, id);
    }
  });

  table.seal();
  for (const [group, byKey] of postings) {
    const { words, sounds, letters } = blocks.get(group)!;
    for (const [key, list] of byKey) {
      if (key.startsWith('t:')) words.set(key.slice(2), list);
      else if (key.startsWith('p:')) sounds.set(key.slice(2), list);
      else letters.set(key, list);
    }
  }
  postings.clear();
  // Built: the word cache would otherwise live as long as the index (its closures share this scope).
  listsOfWord.clear();

  // Per-search scratch space for blocking evidence, reused across searches.
  const evidence = new Float64Array(names.length);
  const touched = new Int32Array(names.length);
  const keptIds = new Int32Array(names.length);
  const keptRanks = new Float64Array(names.length);
  const sortedRanks = new Float64Array(names.length);
  const nameLengths = Uint16Array.from(names, (named) => named.tokens.length);
  // Per name, its entity and whether it is a weak alias, read by every scored candidate without
  // touching the name's object (those reads were a tenth of a search's profile).
  const nameEntity = Int32Array.from(names, (named) => named.entity);
  const nameWeak = Uint8Array.from(names, (named) => (named.alias?.weak ? 1 : 0));
  // Per-search scratch space for each entity's best name (stamped with the search that set it).
  let searchStamp = 0;
  const bestStamp = new Int32Array(entities.length);
  const bestOrder = new Int32Array(entities.length);
  const bestScore = new Float64Array(entities.length);
  const bestName = new Int32Array(entities.length);
  const bestQuery = new Uint8Array(entities.length);
  const bestLegal = new Uint8Array(entities.length);

  // Per-search scratch space for the posting lists a query's words look up (a search's keys were
  // strings joined on every search, in a set, with an object per list: most of its garbage left).
  const lookupLists: number[][] = [];
  let lookupWeights = new Float64Array(64);
  const seenLists: number[][] = [];
  /** Adds a key's list once per search (as a set of the keys did: each key has its own list). */
  const lookUp = (list: number[] | undefined, weight: number, skip: boolean, found: number): number => {
    if (!list) return found;
    for (let k = 0; k < seenLists.length; k++) if (seenLists[k] === list) return found;
    seenLists.push(list);
    // The letters-in-order key is for words the lists do not hold as written (a typo).
    if (skip) return found;
    if (found === lookupWeights.length) {
      const grown = new Float64Array(found * 2);
      grown.set(lookupWeights);
      lookupWeights = grown;
    }
    // Shortest list first, equal lengths in the order found (what a stable sort by length gave).
    let at = found;
    while (at > 0 && lookupLists[at - 1].length > list.length) {
      lookupLists[at] = lookupLists[at - 1];
      lookupWeights[at] = lookupWeights[at - 1];
      at--;
    }
    lookupLists[at] = list;
    lookupWeights[at] = weight;
    return found + 1;
  };

  /** Where candidates() writes its names (read before the next call). */
  const candidateIds = new Int32Array(MAX_CANDIDATES);

  /**
   * Names of one entity type's group sharing blocking keys with the query, best evidence first: their
   * count, the names in candidateIds.
   */
  function candidates(query: NameToken[], group: string, allowed: ((id: number) => boolean) | null): number {
    if (query.length === 0) return 0;
    const { words, sounds, letters } = blocks.get(group)!;
    seenLists.length = 0;
    let found = 0;
    // The keys blockingKeys gives each word, in its order (a legal form is looked up as written).
    for (const token of query) {
      const role = token.role;
      const asWritten = words.get(token.text);
      found = lookUp(asWritten, token.weight * 1, false, found);
      if (role === 'legal_form' || role === 'particle') continue;
      if (role !== 'number' && token.phonetic.length >= 2) found = lookUp(sounds.get(token.phonetic), token.weight * 0.8, false, found);
      if (role === 'name' && token.text.length >= 4) found = lookUp(letters.get(lettersKey(token.text)), token.weight * 0.6, asWritten !== undefined, found);
    }
    const lists = lookupLists;
    let count = 0;
    for (let k = 0; k < found; k++) {
      const list = lists[k];
      const weight = lookupWeights[k];
      // Rarer keys say more: scale by inverse frequency.
      const w = weight / Math.log2(2 + list.length);
      // A very common key ("al", "mohammed", "trading") only adds to candidates found by rarer keys.
      const onlyKnown = k > 0 && list.length > MAX_POSTING;
      if (onlyKnown && list.length > 8 * count) {
        // Only names found already can gain: look each of them up (the list is in ascending id order).
        for (let n = 0; n < count; n++) if (containsSorted(list, touched[n])) evidence[touched[n]] += w;
        continue;
      }
      for (let n = 0; n < list.length; n++) {
        const id = list[n];
        if (evidence[id] > 0) evidence[id] += w;
        else if (!onlyKnown && (allowed === null || allowed(id))) {
          evidence[id] = w;
          touched[count++] = id;
        }
      }
    }
    // Among equal evidence, names of about the query's length first ("ABU ALI" before "ALI HASSAN AL-…").
    const queryLength = query.length;
    let strongest = 0;
    for (let k = 0; k < count; k++) strongest = Math.max(strongest, evidence[touched[k]]);
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const id = touched[k];
      // Names sharing only a small part of the best candidate's evidence cannot outscore it.
      if (evidence[id] >= strongest * MIN_EVIDENCE_SHARE) {
        keptIds[kept] = id;
        keptRanks[kept++] = evidence[id] - 0.01 * Math.abs(nameLengths[id] - queryLength);
      }
      evidence[id] = 0;
    }
    return bestRanked(keptIds, keptRanks, kept, MAX_CANDIDATES, sortedRanks, candidateIds);
  }

  function imoMatches(imo: string, opts: SearchOptions, notes: MatchNote[]): ScreeningMatch[] {
    const sources = opts.sources ? new Set(opts.sources) : null;
    return (vesselsByImo.get(imo) ?? [])
      .map((e) => entities[e])
      .filter((entity) => !sources || sources.has(entity.source))
      .slice(0, opts.limit ?? 10)
      .map((entity) => ({
        entity,
        matchedName: entity.name,
        score: 1,
        explanation: {
          summary: [`The vessel “${entity.name}” carries IMO number ${imo}. Score 100%: an IMO number identifies one ship.`, ...notes.map(describeNote)].join(' '),
          tokens: [],
          unmatched: [],
          notes: [...notes, { kind: 'imo', imo }],
        },
      }));
  }

  return {
    entityCount: entities.length,
    nameCount: names.length,
    search(name: string, opts: SearchOptions = {}): ScreeningMatch[] {
      const limit = opts.limit ?? 10;
      const minScore = opts.minScore ?? 0;
      if (limit <= 0) return [];
      const types = opts.types && opts.types.length > 0 ? opts.types : opts.type ? [opts.type] : ENTITY_TYPES;
      const inspected = inspectName(name);
      // Every reading starts from the same folded words (the name inspected, folded and split once).
      const words = nameWords(normalizeInspected(inspected.text));
      const notes: MatchNote[] = [];
      if (inspected.mixedScriptWords.length > 0) notes.push({ kind: 'mixed_script', words: inspected.mixedScriptWords });
      if (inspected.invisibleCharacters > 0) notes.push({ kind: 'invisible_characters', count: inspected.invisibleCharacters });
      const imo = imoQuery(inspected.text, types.length === 1 ? types[0] : undefined);
      if (imo) return types.includes('vessel') ? imoMatches(imo, opts, notes) : [];
      // The query is read with each candidate's rules: person rules (honorifics dropped, no legal
      // forms: "PAO" and "AG" are names) for persons, organisation rules for everything else, and
      // vessel rules (ship prefixes such as "MV" dropped) for vessels.
      const readings = new Map<EntityType, NameToken[]>();
      const reading = (type: EntityType): NameToken[] => {
        // A vessel reading without a ship prefix to drop is the organisation reading: one array, one
        // preparation for the fast scorer.
        const rules = type === 'aircraft' || (type === 'vessel' && !dropsVesselPrefix(words)) ? 'organization' : type;
        let tokens = readings.get(rules);
        if (!tokens) readings.set(rules, (tokens = tokenizeWords(name, rules, words)));
        return tokens;
      };
      // A business name that carries a person's name: its legal forms set aside for persons.
      let personWithoutLegal: NameToken[] | null = null;
      let ignoredForms: string[] = [];
      if (types.includes('person') && types.some((type) => type !== 'person')) {
        const asOrganization = reading('organization');
        const legal = asOrganization.filter((t) => t.role === 'legal_form');
        const rest = asOrganization.filter((t) => t.role !== 'legal_form');
        if (legal.length > 0 && rest.length > 0) {
          personWithoutLegal = tokenizeName(rest.map((t) => t.text).join(' '), 'person');
          ignoredForms = legal.map((t) => t.text);
        }
      }
      const sources = opts.sources ? new Set(opts.sources) : null;
      const allowed = sources ? (id: number) => sources.has(entities[names[id].entity].source) : null;
      const memo: PairMemo = new Map();
      table.beginSearch();
      // Per entity, its best name so far in scratch arrays (an object per improving candidate and a
      // map of them, spread and sorted, were a search's largest garbage after the explanations).
      const stamp = ++searchStamp;
      let found = 0;
      /** The search's readings (at most four), each with its fast scorer's preparation. */
      const queries: NameToken[][] = [];
      const prepared: Reading[] = [];
      /** `type` is the candidate's entity type (its group's). */
      const consider = (id: number, q: number, type: EntityType, factor: number, legalIgnored: boolean) => {
        const e = nameEntity[id];
        // The typed-array scorer, or scoreTokens itself for the names it rewrites (the typed-array
        // marks only say that it might: most of those it does not, and they are scored fast too).
        let raw = table.fastScore(prepared[q], id, type);
        if (raw < 0) {
          const tokens = names[id].tokens;
          if (!rewritesNames(queries[q], tokens)) raw = table.fastScore(prepared[q], id, type, false);
          if (raw < 0) raw = scoreTokens(queries[q], tokens, type, memo).score;
        }
        const score = Math.round(raw * factor * (nameWeak[id] === 1 ? WEAK_ALIAS_FACTOR : 1) * 10000) / 10000;
        if (score < minScore || score === 0) return;
        if (bestStamp[e] !== stamp) {
          bestStamp[e] = stamp;
          bestOrder[found++] = e;
        } else if (!(score > bestScore[e])) return;
        bestScore[e] = score;
        bestName[e] = id;
        bestQuery[e] = q;
        bestLegal[e] = legalIgnored ? 1 : 0;
      };
      const queryIndex = (query: NameToken[]): number => {
        let q = queries.indexOf(query);
        if (q < 0) {
          q = queries.push(query) - 1;
          prepared.push(table.reading(query));
        }
        return q;
      };
      for (const type of types) {
        const query = reading(type);
        if (query.length === 0) continue;
        const count = candidates(query, GROUP[type], allowed);
        if (count > 0) {
          const q = queryIndex(query);
          for (let k = 0; k < count; k++) consider(candidateIds[k], q, type, 1, false);
        }
        if (type === 'person' && personWithoutLegal && personWithoutLegal.length > 0) {
          const more = candidates(personWithoutLegal, GROUP.person, allowed);
          if (more === 0) continue;
          const p = queryIndex(personWithoutLegal);
          for (let k = 0; k < more; k++) consider(candidateIds[k], p, 'person', LEGAL_FORM_IGNORED_FACTOR, true);
        }
      }
      // The `limit` best entities, highest score first, ties in the order they were first found (what
      // a stable sort and a slice gave), by insertion into a list of at most `limit`.
      const top: number[] = [];
      for (let k = 0; k < found; k++) {
        const e = bestOrder[k];
        const score = bestScore[e];
        let at = top.length;
        if (at < limit) top.push(e);
        else if (bestScore[top[limit - 1]] >= score) continue;
        else at = limit - 1;
        while (at > 0 && bestScore[top[at - 1]] < score) {
          top[at] = top[at - 1];
          at--;
        }
        top[at] = e;
      }
      const matches: ScreeningMatch[] = [];
      for (const e of top) {
        const named = names[bestName[e]];
        const query = queries[bestQuery[e]];
        const score = bestScore[e];
        const legalIgnored = bestLegal[e] === 1;
        const entity = entities[named.entity];
        // The explanation is written when it is first read: the full scorer (which agrees with the
        // fast one) and its sentences cost as much as the search, and a batch or watchlist
        // re-screen reads the explanations of its few findings only.
        const explainMatch = (): MatchExplanation => {
          const result = scoreTokens(query, named.tokens, entity.type, memo);
          const matchNotes: MatchNote[] = legalIgnored ? [...notes, { kind: 'legal_form_ignored', forms: ignoredForms }] : notes;
          return {
            ...explain(result),
            summary: [
              `Matched ${describeName(entity, named)}.`,
              summarize(score, result.tokens, result.unmatchedQuery, result.unmatchedCandidate),
              ...matchNotes.map(describeNote),
            ].join(' '),
            ...(matchNotes.length > 0 ? { notes: matchNotes } : {}),
          };
        };
        matches.push(lazyExplanation({ entity, matchedName: named.name, score }, explainMatch));
      }
      return matches;
    },
  };
}

/** Where a match keeps the function that writes its explanation until it is first read (not enumerable). */
const EXPLAIN = Symbol('explain');
type LazyMatch = ScreeningMatch & { [EXPLAIN]: () => MatchExplanation };
/** Makes `explanation` a plain data property of the match, as an assignment or a first read leaves it. */
function settle(match: ScreeningMatch, value: MatchExplanation): void {
  Object.defineProperty(match, 'explanation', { value, writable: true, enumerable: true, configurable: true });
}
/**
 * One getter and one setter for every match: matches with the same pair keep one shape (a pair per
 * match gave each its own hidden class and descriptors, ~1 KB of garbage per result).
 */
const EXPLANATION_ACCESSORS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: LazyMatch): MatchExplanation {
    const value = this[EXPLAIN]();
    settle(this, value);
    return value;
  },
  set(this: LazyMatch, next: MatchExplanation) {
    settle(this, next);
  },
};

/**
 * The match with its `explanation` as an enumerable property worked out on first read and kept (so
 * JSON, spreads and deep equality see a plain value); it can be assigned like any property.
 */
function lazyExplanation(match: Omit<ScreeningMatch, 'explanation'>, compute: () => MatchExplanation): ScreeningMatch {
  Object.defineProperty(match, EXPLAIN, { value: compute });
  return Object.defineProperty(match as ScreeningMatch, 'explanation', EXPLANATION_ACCESSORS);
}

/** A note of the explanation, in English (screening.explanation.ts says it in Spanish). */
export function describeNote(note: MatchNote): string {
  switch (note.kind) {
    case 'mixed_script':
      return `Warning: the searched name mixes alphabets inside ${note.words.length === 1 ? 'a word' : 'words'} (${note.words.map((w) => `“${w}”`).join(', ')}): look-alike letters were read as Latin, a common way to disguise a name.`;
    case 'invisible_characters':
      return `Warning: the searched name contained ${note.count} invisible character${note.count === 1 ? '' : 's'} (zero-width or direction marks), removed before comparing.`;
    case 'imo':
      return `Matched on IMO number ${note.imo}.`;
    case 'legal_form_ignored':
      return `The legal form${note.forms.length === 1 ? '' : 's'} ${note.forms.map((f) => `“${f}”`).join(', ')} of the searched name ${note.forms.length === 1 ? 'was' : 'were'} set aside to compare it with a person's name.`;
  }
}
