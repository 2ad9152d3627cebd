// The name scorer: aligns the tokens of two names order-free and turns the pairing into a score in
// [0, 1] with an explanation a compliance user can read.
import { legalFamily, tokenizeName, type NameToken } from './normalize';
import { jaroWinkler, levenshtein } from './similarity';
import type { EntityType, MatchExplanation, NameComparison, TokenMatch, TokenMatchKind } from './types';

/**
 * Default decision threshold: a pair scoring at or above it is a match. Chosen from the measurements
 * (bench/screening): on nomenklatura's name_bench F1 0.86 at 0.78 (best 0.87 at 0.74-0.75), while yente's
 * synthetic negatives give 1.1% false positives at 0.78 against 1.4% at 0.74.
 */
export const DEFAULT_SCREENING_THRESHOLD = 0.78;

/** The scorer's parameters (set from the name_bench measurements; not meant to be changed at run time). */
export const TUNING = {
  /** Token pairs less similar than this are not paired at all. */
  minTokenSimilarity: 0.76,
  phoneticSimilarity: 0.88,
  initialSimilarity: 0.85,
  /** A paired token counts similarity^exponent: near misses ("Federer"/"Federman") count clearly less than exact words. */
  exponent: 1.5,
  /** How much an unmatched token weighs against the score when the other name has an unmatched token too (a conflict). */
  conflictPenalty: 3,
  /** … and when only one name has it: an extra middle name for a person, an extra word for an organisation. */
  extraPenaltyPerson: 0.2,
  /** … for a person when the list name has the extra words. */
  extraPenaltyPersonListSide: 0.2,
  /** … for a person when only one word of the two names agrees. */
  extraPenaltyPersonSingle: 0.4,
  extraPenaltyOther: 0.45,
  /** Similarity of a word and the same word with two neighbouring letters swapped, at least. */
  transposedSimilarity: 0.9,
  /** Share of the score kept when the words around "bin" are swapped. */
  binSwapFactor: 0.7,
  /** Token similarity = jaroWeight × Jaro-Winkler + (1 − jaroWeight) × edit-distance ratio. */
  jaroWeight: 0.5,
};


/** True when `b` is `a` with exactly two neighbouring letters swapped. */
function isOneTransposition(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i >= a.length - 1) return false;
  if (a[i] !== b[i + 1] || a[i + 1] !== b[i]) return false;
  return a.slice(i + 2) === b.slice(i + 2);
}

/** The kind of the last pair pairValue scored (kept aside so that the hot path builds no object). */
let lastKind: TokenMatchKind = 'fuzzy';

export function pairSimilarity(a: NameToken, b: NameToken): { similarity: number; kind: TokenMatchKind } {
  const similarity = pairValue(a, b);
  return { similarity, kind: lastKind };
}

/** The similarity of two tokens (0 when they do not pair); its kind is left in lastKind. */
export function pairValue(a: NameToken, b: NameToken): number {
  lastKind = 'fuzzy';
  const legalA = a.role === 'legal_form';
  const legalB = b.role === 'legal_form';
  if (legalA || legalB) {
    if (legalA && legalB && a.text === b.text) return ((lastKind = 'legal_form'), 1);
    if (legalA && legalB && legalFamily(a.text) === legalFamily(b.text)) return ((lastKind = 'legal_form'), 0.8);
    return 0;
  }
  if (a.text === b.text) return ((lastKind = 'exact'), 1);
  const numA = a.role === 'number';
  const numB = b.role === 'number';
  if (numA || numB) return numA && numB ? 0.75 : 0;
  if (a.text.length === 1 || b.text.length === 1) {
    const short = a.text.length === 1 ? a.text : b.text;
    const long = a.text.length === 1 ? b.text : a.text;
    if (!long.startsWith(short)) return 0;
    lastKind = 'initial';
    return TUNING.initialSimilarity;
  }
  // A syllable read from Chinese characters or Hangul matches only as written or as it sounds.
  const syllabic = a.syllabic === true || b.syllabic === true;
  const samePhonetic = a.phonetic === b.phonetic && (a.phonetic.length >= 3 || (a.phonetic.length === 2 && Math.max(a.text.length, b.text.length) <= 4));
  // Cheap rejection: the edit ratio bounds the blend from above (Jaro-Winkler ≤ 1).
  const longest = Math.max(a.text.length, b.text.length);
  if (!samePhonetic && syllabic) return 0;
  // Chinese syllables are short and their sound keys collide ("zhen" and "sun", "xiong" and "sheng",
  // "ming" and "mingguo"): one sounds like another only when it begins with the same letter and is
  // about as long.
  if (syllabic && (a.text[0] !== b.text[0] || Math.abs(a.text.length - b.text.length) > 1)) return 0;
  // Without the same sound, a distance above this rejects the pair whatever Jaro-Winkler says, so
  // the distance is only worked out that far (most pairs of a search stop after a row or two).
  const maxDistance = samePhonetic ? Infinity : Math.floor(longest * (1 - (TUNING.minTokenSimilarity - TUNING.jaroWeight) / (1 - TUNING.jaroWeight)) + 1e-9);
  const editRatio = 1 - levenshtein(a.text, b.text, maxDistance) / longest;
  if (!samePhonetic && TUNING.jaroWeight + (1 - TUNING.jaroWeight) * editRatio < TUNING.minTokenSimilarity) {
    return 0;
  }
  let similarity = TUNING.jaroWeight * jaroWinkler(a.text, b.text) + (1 - TUNING.jaroWeight) * editRatio;
  // Two neighbouring letters swapped ("Ivna" for "Ivan") is the commonest typing slip; in a short
  // word one swap costs a large share of its letters, so it gets a floor instead.
  if (longest >= 3 && a.text.length === b.text.length && similarity < TUNING.transposedSimilarity && isOneTransposition(a.text, b.text)) {
    similarity = TUNING.transposedSimilarity;
  }
  if (samePhonetic && similarity < TUNING.phoneticSimilarity) {
    similarity = TUNING.phoneticSimilarity;
    lastKind = 'phonetic';
  }
  return similarity >= TUNING.minTokenSimilarity ? similarity : 0;
}

/**
 * "rami makhlouf" against "ramimakhlouf", "van der bilt" against "vanderbilt", "Siemens AG" against
 * "SiemensAG": merges two or three neighbouring tokens of `side` when together they spell a token
 * of `other`.
 */
function mergeRunTogether(side: NameToken[], other: NameToken[]): NameToken[] {
  if (side.length < 2) return side;
  for (let i = 0; i < side.length - 1; i++) {
    const a = side[i];
    if (a.role === 'legal_form') continue;
    // Cheap test first: some word of `other` must be longer and begin with this one.
    let prefixed = false;
    for (const t of other) {
      if (t.text.length > a.text.length && t.text.startsWith(a.text)) {
        prefixed = true;
        break;
      }
    }
    if (!prefixed) continue;
    let written = false;
    for (let k = 0; k < other.length && !written; k++) written = other[k].text === a.text;
    if (written) continue;
    for (let n = 2; n <= 3 && i + n <= side.length; n++) {
      const parts = side.slice(i, i + n);
      // A legal form may only close the run ("Siemens AG" → "siemensag").
      if (parts.slice(0, -1).some((t) => t.role === 'legal_form')) break;
      const text = parts.map((t) => t.text).join('');
      const joined = other.find((t) => t.text === text && t.role !== 'legal_form');
      if (!joined) continue;
      const weight = Math.max(...parts.map((t) => (t.role === 'legal_form' ? 0 : t.weight)));
      // Later merges in the same name are rare enough to ignore.
      return [...side.slice(0, i), { text: joined.text, role: 'name', weight, phonetic: joined.phonetic }, ...side.slice(i + n)];
    }
  }
  return side;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function describe(match: TokenMatch): string {
  switch (match.kind) {
    case 'exact':
      return `“${match.query}” is identical`;
    case 'legal_form':
      if (match.query === match.candidate) return `the legal form “${match.query}” is the same`;
      return `“${match.query}” and “${match.candidate}” are ${match.similarity >= 1 ? 'the same legal form' : 'related legal forms'}`;
    case 'initial':
      return `“${match.query}” and “${match.candidate}” agree as an initial`;
    case 'phonetic':
      return `“${match.query}” sounds like “${match.candidate}”`;
    default:
      return `“${match.query}” is spelled like “${match.candidate}” (${pct(match.similarity)} similar)`;
  }
}

export function summarize(score: number, tokens: TokenMatch[], unmatchedQuery: string[], unmatchedCandidate: string[]): string {
  if (tokens.length === 0) return `No word of the two names matches (score ${pct(score)}).`;
  const parts = [`Score ${pct(score)}: ${tokens.map(describe).join('; ')}.`];
  if (unmatchedQuery.length) parts.push(`Only in the searched name: ${unmatchedQuery.map((t) => `“${t}”`).join(', ')}.`);
  if (unmatchedCandidate.length) parts.push(`Only in the list name: ${unmatchedCandidate.map((t) => `“${t}”`).join(', ')}.`);
  return parts.join(' ');
}

export interface TokenScore {
  score: number;
  tokens: TokenMatch[];
  unmatchedQuery: string[];
  unmatchedCandidate: string[];
}

/** Scores two tokenised names. `query` and `candidate` are symmetric for the score; they only name the sides in the explanation. */
/** Token-pair similarities of one search, keyed by query token then candidate token. */
export type PairMemo = Map<NameToken, Map<string, { similarity: number; kind: TokenMatchKind }>>;

function memoPair(a: NameToken, b: NameToken, memo?: PairMemo) {
  if (!memo) return pairSimilarity(a, b);
  let row = memo.get(a);
  if (!row) memo.set(a, (row = new Map()));
  const key = b.role === 'legal_form' ? `#${b.text}` : b.syllabic ? `~${b.text}` : b.text;
  let hit = row.get(key);
  if (!hit) {
    hit = pairSimilarity(a, b);
    row.set(key, hit);
  }
  return hit;
}

/** True when a word before "bin" in one name is paired with a word after "bin" in the other. */
function crossesBin(q: NameToken[], c: NameToken[], pairs: Array<{ i: number; j: number }>): boolean {
  const qBin = q.findIndex((t) => t.text === 'bin');
  const cBin = c.findIndex((t) => t.text === 'bin');
  // A "bin" opening or closing a name (a reordered "Salman Mohammed bin") separates nothing.
  if (qBin <= 0 || cBin <= 0 || qBin === q.length - 1 || cBin === c.length - 1) return false;
  return pairs.some(({ i, j }) => i !== qBin && j !== cBin && i < qBin !== j < cBin);
}

/**
 * "PLA" against "People's Liberation Army", "US" against "United States", "JC" against "Jean
 * Claude": a short token of `side` spelled by the initials of two or more neighbouring words of
 * `other` stands for them, so those words are written as that token.
 */
function foldAcronyms(other: NameToken[], side: NameToken[]): NameToken[] {
  if (other.length < 2) return other;
  for (const t of side) {
    const n = t.text.length;
    if (t.role !== 'name' || n < 2 || n > 5 || n > other.length || !/^[a-z]+$/.test(t.text)) continue;
    // A plain loop: the search asks this of a few candidates per query (rewritesNames), most answered no.
    let written = false;
    for (let k = 0; k < other.length && !written; k++) written = other[k].text === t.text;
    if (written) continue;
    for (let i = 0; i + n <= other.length; i++) {
      let spelled = true;
      for (let k = 0; k < n && spelled; k++) {
        const o = other[i + k];
        spelled = o.role !== 'legal_form' && o.role !== 'number' && o.text.length >= 2 && o.text[0] === t.text[k];
      }
      if (!spelled) continue;
      const run = other.slice(i, i + n);
      return [...other.slice(0, i), { ...t, weight: Math.max(...run.map((o) => o.weight)) }, ...other.slice(i + n)];
    }
  }
  return other;
}

function weightOf(tokens: NameToken[]): number {
  let sum = 0;
  for (const t of tokens) sum += t.weight;
  return sum;
}

/**
 * The score before the weak-evidence factor: the paired words' weighted similarity over their weight
 * plus the penalties for conflicting and extra words. One formula for both scorers (this one and
 * name-table.ts's fast path, which a test holds to the same results).
 */
export function penalisedScore(matched: number, pairWeight: number, conflict: number, extra: number, person: boolean, wordPairs: number, uq: number, uc: number): number {
  const extraPenalty = !person
    ? TUNING.extraPenaltyOther
    : wordPairs >= 2 && uq > uc
      ? TUNING.extraPenaltyPerson
      : wordPairs >= 2
        ? TUNING.extraPenaltyPersonListSide
        : TUNING.extraPenaltyPersonSingle;
  return pairWeight > 0 ? matched / (pairWeight + TUNING.conflictPenalty * conflict + extraPenalty * extra) : 0;
}

/**
 * True when scoreTokens would first rewrite one of the two names (words run together, acronyms):
 * when false it scores them as they are, which name-table.ts's fast path does too. Builds nothing
 * when false.
 */
export function rewritesNames(queryTokens: NameToken[], candidateTokens: NameToken[]): boolean {
  const q = foldAcronyms(mergeRunTogether(queryTokens, candidateTokens), candidateTokens);
  return q !== queryTokens || foldAcronyms(mergeRunTogether(candidateTokens, q), q) !== candidateTokens;
}

export function scoreTokens(queryTokens: NameToken[], candidateTokens: NameToken[], type?: EntityType, memo?: PairMemo): TokenScore {
  const q = foldAcronyms(mergeRunTogether(queryTokens, candidateTokens), candidateTokens);
  const c = foldAcronyms(mergeRunTogether(candidateTokens, q), q);
  const pairs: Array<{ i: number; j: number; similarity: number; kind: TokenMatchKind; weight: number }> = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < c.length; j++) {
      const { similarity, kind } = memoPair(q[i], c[j], memo);
      if (similarity > 0) pairs.push({ i, j, similarity, kind, weight: (q[i].weight + c[j].weight) / 2 });
    }
  }
  pairs.sort((x, y) =>
    y.similarity > x.similarity ? 1 : y.similarity < x.similarity ? -1 : y.weight > x.weight ? 1 : y.weight < x.weight ? -1 : 0,
  );
  const usedQ = new Array<boolean>(q.length).fill(false);
  const usedC = new Array<boolean>(c.length).fill(false);
  const tokens: TokenMatch[] = [];
  const pairsUsed: Array<{ i: number; j: number }> = [];
  let matched = 0;
  let pairWeight = 0;
  let nameEvidence = 0;
  /** Pairs of whole words (an initial agreeing with a name is weaker evidence). */
  let wordPairs = 0;
  for (const p of pairs) {
    if (usedQ[p.i] || usedC[p.j]) continue;
    usedQ[p.i] = usedC[p.j] = true;
    pairsUsed.push(p);
    matched += p.weight * p.similarity ** TUNING.exponent;
    pairWeight += p.weight;
    if (q[p.i].role === 'name' || c[p.j].role === 'name') nameEvidence += p.similarity;
    if (p.kind !== 'initial') wordPairs++;
    tokens.push({ query: q[p.i].text, candidate: c[p.j].text, similarity: Math.round(p.similarity * 1000) / 1000, kind: p.kind });
  }
  // "Salman bin Muhammad" is not "Muhammad bin Salman": a son's name and his father's swapped
  // across "bin" is another person, though every word agrees.
  if (type === 'person' && crossesBin(q, c, pairsUsed)) matched *= TUNING.binSwapFactor;
  const unmatchedQuery = q.filter((_, i) => !usedQ[i]);
  const unmatchedCandidate = c.filter((_, j) => !usedC[j]);
  const uq = weightOf(unmatchedQuery);
  const uc = weightOf(unmatchedCandidate);
  // Words appended to a person's name ("Ivor Peltomaa Moscow") while the list name keeps only a
  // patronymic or common word unpaired ("PELTOMAA, Ivor Vasilyevich") are extra words, not a
  // disagreement, when two or more words agree.
  const lastPaired = pairsUsed.reduce((last, p) => Math.max(last, p.i), -1);
  const trailingExtra = unmatchedQuery.length > 0 && q.every((t, i) => usedQ[i] || i > lastPaired);
  const conflict =
    type === 'person' && pairsUsed.length >= 2 && trailingExtra && unmatchedCandidate.every((t) => t.role !== 'name')
      ? 0
      : // Unpaired legal forms on both sides ("Co" against "Co Ltd" folded to "ltd") differ in form, not in name.
        Math.min(uq, uc);
  const extra = Math.max(uq, uc) - conflict;
  // A longer name around two or more agreeing words ("Ramzan Kadyrov Moscow") loses a little; one
  // agreeing word ("John" in "John Brown") is too little to carry the extra words.
  // Only the searched name's extra words are forgiven so: a list name with more words than the
  // search ("Leonardo Ruiz" against "RUIZ PEREZ, Leonardo") keeps the full penalty. An initial is
  // not an agreeing word here ("Camilo Contreras" is not "CONTRERAS, Luis C.").
  let score = penalisedScore(matched, pairWeight, conflict, extra, type === 'person', wordPairs, uq, uc);
  // Agreement on common words, particles or legal forms alone ("Mohammed", "al", "Ltd") is weak
  // evidence when either name has a distinctive word that found no partner.
  const distinctive = unmatchedQuery.some((t) => t.role === 'name') || unmatchedCandidate.some((t) => t.role === 'name');
  if (nameEvidence === 0 && distinctive) score *= 0.6;
  score = Math.max(0, Math.min(1, Math.round(score * 10000) / 10000));
  return { score, tokens, unmatchedQuery: unmatchedQuery.map((t) => t.text), unmatchedCandidate: unmatchedCandidate.map((t) => t.text) };
}

export function explain(result: TokenScore): MatchExplanation {
  return {
    summary: summarize(result.score, result.tokens, result.unmatchedQuery, result.unmatchedCandidate),
    tokens: result.tokens,
    unmatched: [...result.unmatchedQuery, ...result.unmatchedCandidate],
  };
}

/** Compares two names with the same scorer the index uses. `type` selects person or organisation rules. */
export function compareNames(a: string, b: string, type?: EntityType): NameComparison {
  const result = scoreTokens(tokenizeName(a, type), tokenizeName(b, type), type);
  return { score: result.score, explanation: explain(result) };
}
