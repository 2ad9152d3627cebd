// The index's names as numbers, for a search that scores every candidate without building objects:
// each distinct word is interned once (its text, sound and kind), each name is a run of word ids with
// their roles and weights in flat typed arrays, and a search keeps the similarity of each of its
// words with each listed word in typed arrays. `fastScore` gives exactly what compare.ts's
// `scoreTokens` gives; for the few pairs of names where scoreTokens would first rewrite a name (words
// run together, acronyms), it says so and the caller uses scoreTokens itself.
import { pairValue, penalisedScore, TUNING } from './compare';
import type { NameToken, TokenRole } from './normalize';
import type { EntityType } from './types';

const ROLE_CODE: Record<TokenRole, number> = { name: 0, common: 1, particle: 2, legal_form: 3, number: 4 };
const ROLE_NAME = 0;
const ROLE_LEGAL = 3;

/**
 * What a word's similarity to another word depends on besides its text: a legal form matches only
 * legal forms, a number only numbers, a syllable of Chinese or Korean only as written or as it sounds.
 * (pairSimilarity tests them in this order.)
 */
function wordClass(token: NameToken): string {
  if (token.role === 'legal_form') return '#';
  if (token.role === 'number') return '0';
  return token.syllabic ? '~' : ' ';
}
const wordKey = (token: NameToken) => wordClass(token) + token.text;
const ACRONYM = /^[a-z]{2,5}$/;

/** The letters a word uses, one bit each (digits are left out: the mask only bounds the edit distance from below). */
function letterMask(text: string): number {
  let mask = 0;
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k) - 97;
    if (code >= 0 && code < 26) mask |= 1 << code;
  }
  return mask;
}

/** The hash of the text's first `length` characters, built one character at a time (stringHash's steps). */
function hashStep(hash: number, code: number): number {
  return (Math.imul(hash, 31) + code) | 0;
}
/** A text's hash for the word table's slots. */
function stringHash(text: string): number {
  let hash = 7;
  for (let k = 0; k < text.length; k++) hash = hashStep(hash, text.charCodeAt(k));
  return hash;
}
/** Spreads a hash over the table's slots. */
function slotOfHash(hash: number, mask: number): number {
  const x = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 15)) & mask;
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The largest edit distance at which two different words can still pair without sounding alike: at
 * any greater distance pairSimilarity rejects them whatever Jaro-Winkler says.
 */
function maxPairDistance(longest: number): number {
  return Math.floor(longest * (1 - (TUNING.minTokenSimilarity - TUNING.jaroWeight) / (1 - TUNING.jaroWeight)) + 1e-9);
}

/** A search's words, read with one entity type's rules, as the fast scorer needs them (valid until the next beginSearch). */
export interface Reading {
  tokens: NameToken[];
  /** Per word: its letters as a bit mask, and 1 when it is a plain word of two letters or more. */
  masks: Int32Array;
  plain: Uint8Array;
  /** Per word: its length, and its sound key's id (-1 when no listed word has that key). */
  lengths: Int32Array;
  phonetics: Int32Array;
  /** Per word: its row of cached similarities (-1: too many words in this search, use scoreTokens). */
  slots: Int32Array;
  weights: Float64Array;
  isName: Uint8Array;
  /** Marks listed words that could join with this search's words (run-together words, acronyms). */
  stamp: number;
  /** Words of 2-5 letters that the initials of a listed name might spell, and their letters as bit masks. */
  acronyms: string[];
  acronymMasks: number[];
  /** Position of "bin" (-1 when none). */
  bin: number;
}

function emptyReading(size: number): Reading {
  return {
    tokens: [],
    masks: new Int32Array(size),
    plain: new Uint8Array(size),
    lengths: new Int32Array(size),
    phonetics: new Int32Array(size),
    slots: new Int32Array(size),
    weights: new Float64Array(size),
    isName: new Uint8Array(size),
    stamp: 0,
    acronyms: [],
    acronymMasks: [],
    bin: -1,
  };
}

/**
 * How many distinct words a search caches similarities for (the width of a row per listed word the
 * search meets); a longer search uses scoreTokens for the rest.
 */
const MAX_SLOTS = 16;

export class NameTable {
  private readonly ids = new Map<string, number>();
  /** Ids of the words of a text that are not legal forms (as a plain word, a number, a syllable); moved into the hash table by seal. */
  private readonly nonLegal = new Map<string, number[]>();
  /** One token per distinct word, standing for it in pairSimilarity. */
  private readonly words: NameToken[] = [];
  /** Per word: its letters as a bit mask, and 1 when it is a plain word (not a legal form, number or syllable). */
  private masks: number[] | Int32Array = [];
  private plain: number[] | Uint8Array = [];
  /** Per word: its length and its sound key's id (read without touching the word's object). */
  private lengths: number[] | Uint16Array = [];
  private phonetics: number[] | Int32Array = [];
  private readonly phoneticIds = new Map<string, number>();
  private starts: number[] | Int32Array = [0];
  private wordIds: number[] | Int32Array = [];
  private weights: number[] | Float64Array = [];
  private roles: number[] | Uint8Array = [];
  /** Per name: the first letters of its words ('.' for a word that cannot be part of an acronym). */
  private initials: string[] = [];
  /** Per name: those first letters as a bit mask (an acronym using a letter outside it cannot be spelled). */
  private initialMasks: number[] | Int32Array = [];
  /** Ids of the word "bin" (as a plain word and as a syllable). */
  private binIds: number[] = [];

  // Search state.
  private slotOf = new Map<string, number>();
  /**
   * Per listed word: localBase + its number in this search, or less than localBase when this search
   * has not met it. The search's similarities are kept per such number, a row of MAX_SLOTS side by
   * side: a candidate's word costs one read of this array, where a row per slot over every listed
   * word cost a read far apart per query word (the largest line of a search's profile).
   */
  private localOf = new Int32Array(0);
  private localBase = 1;
  private localCount = 0;
  /** Per word met in this search, per slot: its similarity, -1 until worked out. */
  private localSims = new Float64Array(256 * MAX_SLOTS);
  /** The current name's words as this search numbers them. */
  private nameLocals = new Int32Array(64);
  private marks = new Int32Array(0);
  /** Listed words that begin one of the search's words: they matter only before another listed word. */
  private prefixMarks = new Int32Array(0);
  private stampCounter = 1;
  /**
   * The marks of the current search: one set for all its readings (they share most words; a word
   * marked for one reading only sends a few more names to scoreTokens), prefixes marked once per word.
   */
  private searchStamp = 1;
  private readonly prefixesMarked = new Set<string>();
  // Scratch space of one scoring.
  private pairI = new Int32Array(64);
  private pairJ = new Int32Array(64);
  private pairSim = new Float64Array(64);
  private pairW = new Float64Array(64);
  private order = new Int32Array(64);
  private usedQ = new Uint8Array(64);
  private usedC = new Uint8Array(64);

  /** Adds a name's words; names are numbered in the order they are added. */
  add(tokens: NameToken[]): void {
    let initials = '';
    for (const token of tokens) {
      const key = wordKey(token);
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(key, id);
        const word: NameToken = { text: token.text, role: token.role === 'legal_form' ? 'legal_form' : token.role === 'number' ? 'number' : 'name', weight: 0, phonetic: token.phonetic };
        if (token.syllabic) word.syllabic = true;
        if (token.role !== 'legal_form') {
          const same = this.nonLegal.get(token.text);
          if (same) same.push(id);
          else this.nonLegal.set(token.text, [id]);
        }
        this.words.push(word);
        (this.masks as number[]).push(letterMask(token.text));
        (this.plain as number[]).push(wordClass(token) === ' ' && token.text.length <= 0xffff ? 1 : 0);
        (this.lengths as number[]).push(Math.min(0xffff, token.text.length));
        let phonetic = this.phoneticIds.get(token.phonetic);
        if (phonetic === undefined) this.phoneticIds.set(token.phonetic, (phonetic = this.phoneticIds.size));
        (this.phonetics as number[]).push(phonetic);
      }
      (this.wordIds as number[]).push(id);
      (this.weights as number[]).push(token.weight);
      (this.roles as number[]).push(ROLE_CODE[token.role]);
      initials += token.role !== 'legal_form' && token.role !== 'number' && token.text.length >= 2 ? token.text[0] : '.';
    }
    (this.starts as number[]).push(this.wordIds.length);
    this.initials.push(initials);
    (this.initialMasks as number[]).push(letterMask(initials));
  }

  /** Done adding: the arrays become typed arrays. */
  seal(): void {
    this.starts = Int32Array.from(this.starts);
    this.wordIds = Int32Array.from(this.wordIds);
    this.weights = Float64Array.from(this.weights);
    this.roles = Uint8Array.from(this.roles);
    this.masks = Int32Array.from(this.masks);
    this.plain = Uint8Array.from(this.plain);
    this.lengths = Uint16Array.from(this.lengths);
    this.phonetics = Int32Array.from(this.phonetics);
    this.initialMasks = Int32Array.from(this.initialMasks);
    this.marks = new Int32Array(this.words.length);
    this.localOf = new Int32Array(this.words.length);
    this.prefixMarks = new Int32Array(this.words.length);
    this.binIds = [' bin', '~bin'].map((key) => this.ids.get(key) ?? -1).filter((id) => id >= 0);
    this.buildHashTable();
    this.nonLegal.clear();
  }

  get wordCount(): number {
    return this.words.length;
  }

  /** Readings handed out since the search began, reused by the next one. */
  private readonly readings: Reading[] = [];
  private readingsUsed = 0;

  /** Starts a search: the similarity rows and the readings of the previous one are void. */
  beginSearch(): void {
    this.readingsUsed = 0;
    // The previous search's numbers all fall below the new base.
    this.localBase += this.localCount;
    if (this.localBase > 0x3fffffff) {
      this.localOf.fill(0);
      this.localBase = 1;
    }
    this.localCount = 0;
    this.slotOf.clear();
    this.searchStamp = ++this.stampCounter;
    this.prefixesMarked.clear();
  }

  private slot(token: NameToken): number {
    const key = wordKey(token);
    let slot = this.slotOf.get(key);
    if (slot !== undefined) return slot;
    slot = this.slotOf.size;
    if (slot >= MAX_SLOTS) return -1;
    this.slotOf.set(key, slot);
    return slot;
  }

  /**
   * The texts of nonLegal in an open-addressed table of their hashes (built by seal): a search's
   * prefixes are looked up with the hash worked out letter by letter, building no string (a string
   * sliced and looked up in the map per prefix was a twelfth of a search's profile).
   */
  private hashSlots = new Int32Array(0);
  private hashKeys = new Int32Array(0);
  private hashMask = 0;
  private hashTexts: string[] = [];
  private hashIds: number[][] = [];

  private buildHashTable(): void {
    let size = 16;
    while (size < this.nonLegal.size * 2) size *= 2;
    this.hashSlots = new Int32Array(size);
    this.hashKeys = new Int32Array(size);
    this.hashMask = size - 1;
    for (const [text, ids] of this.nonLegal) {
      const hash = stringHash(text);
      let slot = slotOfHash(hash, this.hashMask);
      while (this.hashSlots[slot] !== 0) slot = (slot + 1) & this.hashMask;
      this.hashTexts.push(text);
      this.hashIds.push(ids);
      this.hashSlots[slot] = this.hashTexts.length;
      this.hashKeys[slot] = hash;
    }
  }

  /** Marks the ids of the listed text that is the first `length` characters of `text` (`hash` its hash), if any. */
  private markHashed(hash: number, text: string, length: number, stamp: number, marks: Int32Array): void {
    for (let slot = slotOfHash(hash, this.hashMask); this.hashSlots[slot] !== 0; slot = (slot + 1) & this.hashMask) {
      if (this.hashKeys[slot] !== hash) continue;
      const entry = this.hashSlots[slot] - 1;
      const listed = this.hashTexts[entry];
      // The listed text is the first `length` characters of `text`.
      if (listed.length === length && text.startsWith(listed)) {
        for (const id of this.hashIds[entry]) marks[id] = stamp;
        return;
      }
    }
  }

  private mark(text: string, stamp: number, marks = this.marks): void {
    this.markHashed(stringHash(text), text, text.length, stamp, marks);
  }

  /** Marks the listed words that are the text's first 1 … length − 1 characters. */
  private markPrefixes(text: string, stamp: number, marks: Int32Array): void {
    let hash = 7;
    for (let k = 1; k < text.length; k++) {
      hash = hashStep(hash, text.charCodeAt(k - 1));
      this.markHashed(hash, text, k, stamp, marks);
    }
  }

  /** Prepares a search's words read with one type's rules. */
  reading(tokens: NameToken[]): Reading {
    const n = tokens.length;
    // A search's readings are reused by the next search (seven typed arrays per reading were a
    // tenth of a search's garbage): their arrays may be longer than its words.
    let reused = this.readings[this.readingsUsed];
    if (!reused || reused.masks.length < n) this.readings[this.readingsUsed] = reused = emptyReading(Math.max(16, n));
    this.readingsUsed++;
    const { slots, masks, plain, lengths, phonetics, weights, isName, acronyms, acronymMasks } = reused;
    acronyms.length = 0;
    acronymMasks.length = 0;
    const stamp = this.searchStamp;
    let initials = '';
    let bin = -1;
    for (let i = 0; i < n; i++) {
      const t = tokens[i];
      slots[i] = this.slot(t);
      masks[i] = letterMask(t.text);
      plain[i] = wordClass(t) === ' ' && t.text.length >= 2 && t.text.length <= 0xffff ? 1 : 0;
      lengths[i] = t.text.length;
      phonetics[i] = this.phoneticIds.get(t.phonetic) ?? -1;
      weights[i] = t.weight;
      isName[i] = t.role === 'name' ? 1 : 0;
      if (bin < 0 && t.text === 'bin') bin = i;
      if (t.role === 'name' && ACRONYM.test(t.text)) {
        acronyms.push(t.text);
        acronymMasks.push(masks[i]);
      }
      initials += t.role !== 'legal_form' && t.role !== 'number' && t.text.length >= 2 ? t.text[0] : '.';
      if (t.role === 'legal_form') continue;
      // A listed word that begins one of ours may run together with the next listed word to spell it.
      if (!this.prefixesMarked.has(t.text)) {
        this.prefixesMarked.add(t.text);
        this.markPrefixes(t.text, stamp, this.prefixMarks);
      }
      // Two or three of our words may run together to spell a listed word.
      let joined = t.text;
      for (let k = i + 1; k < n && k < i + 3; k++) {
        joined += tokens[k].text;
        this.mark(joined, stamp);
        if (tokens[k].role === 'legal_form') break;
      }
    }
    // A listed word that our initials spell.
    for (let i = 0; i < initials.length; i++) {
      for (let len = 2; len <= 5 && i + len <= initials.length; len++) {
        const spelled = initials.slice(i, i + len);
        if (!spelled.includes('.')) this.mark(spelled, stamp);
      }
    }
    reused.tokens = tokens;
    reused.stamp = stamp;
    reused.bin = bin;
    return reused;
  }

  /** This search's number for a listed word, given on first meeting it (its row of similarities unknown). */
  private local(id: number): number {
    const known = this.localOf[id] - this.localBase;
    if (known >= 0) return known;
    const local = this.localCount++;
    this.localOf[id] = this.localBase + local;
    const end = (local + 1) * MAX_SLOTS;
    if (end > this.localSims.length) {
      const grown = new Float64Array(this.localSims.length * 2);
      grown.set(this.localSims);
      this.localSims = grown;
    }
    this.localSims.fill(-1, end - MAX_SLOTS, end);
    return local;
  }

  private similarity(reading: Reading, i: number, id: number, local: number): number {
    const at = local * MAX_SLOTS + reading.slots[i];
    let similarity = this.localSims[at];
    if (similarity < 0) {
      similarity = this.cheaplyRejected(reading, i, id) ? 0 : pairValue(reading.tokens[i], this.words[id]);
      this.localSims[at] = similarity;
    }
    return similarity;
  }

  /**
   * Two plain words that neither sound alike nor are close enough in letters to pair, told from
   * their letters alone: each letter one word uses and the other lacks costs an edit.
   */
  private cheaplyRejected(reading: Reading, i: number, id: number): boolean {
    if (!reading.plain[i] || !(this.plain as Uint8Array)[id]) return false;
    const la = reading.lengths[i];
    const lb = (this.lengths as Uint16Array)[id];
    if (lb < 2 || reading.phonetics[i] === (this.phonetics as Int32Array)[id]) return false;
    const qm = reading.masks[i];
    const cm = (this.masks as Int32Array)[id];
    const bound = Math.max(bitCount(qm & ~cm), bitCount(cm & ~qm), Math.abs(la - lb));
    return bound > maxPairDistance(Math.max(la, lb));
  }

  private grow(pairs: number, nq: number, nc: number): void {
    if (pairs > this.pairI.length) {
      const size = pairs * 2;
      this.pairI = new Int32Array(size);
      this.pairJ = new Int32Array(size);
      this.pairSim = new Float64Array(size);
      this.pairW = new Float64Array(size);
      this.order = new Int32Array(size);
    }
    if (Math.max(nq, nc) > this.usedQ.length) {
      this.usedQ = new Uint8Array(Math.max(nq, nc) * 2);
      this.usedC = new Uint8Array(Math.max(nq, nc) * 2);
    }
    if (nc > this.nameLocals.length) this.nameLocals = new Int32Array(nc * 2);
  }

  /**
   * scoreTokens(reading.tokens, the name's tokens, type).score, or -1 when scoreTokens might first
   * rewrite one of the names (then call it, or, when compare.ts's rewritesNames says it does not,
   * this with `mayRewrite` false) or the search has too many words.
   */
  fastScore(reading: Reading, name: number, type: EntityType, mayRewrite = true): number {
    const starts = this.starts as Int32Array;
    const wordIds = this.wordIds as Int32Array;
    const cWeights = this.weights as Float64Array;
    const roles = this.roles as Uint8Array;
    const from = starts[name];
    const nc = starts[name + 1] - from;
    const nq = reading.tokens.length;
    const marks = this.marks;
    const prefixMarks = this.prefixMarks;
    for (let j = 0; j < nc && mayRewrite; j++) {
      if (roles[from + j] === ROLE_LEGAL) continue;
      const id = wordIds[from + j];
      if (marks[id] === reading.stamp || (j < nc - 1 && prefixMarks[id] === reading.stamp)) return -1;
    }
    if (mayRewrite && nc >= 2 && reading.acronyms.length > 0) {
      // Most names lack one of the acronym's letters among their initials: told from a mask before the string is read.
      const initialMask = (this.initialMasks as Int32Array)[name];
      const { acronyms, acronymMasks } = reading;
      for (let a = 0; a < acronyms.length; a++) {
        if ((acronymMasks[a] & ~initialMask) === 0 && acronyms[a].length <= nc && this.initials[name].includes(acronyms[a])) return -1;
      }
    }
    for (let i = 0; i < nq; i++) if (reading.slots[i] < 0) return -1;
    this.grow(nq * nc, nq, nc);
    const { pairI, pairJ, pairSim, pairW, order, usedQ, usedC, nameLocals } = this;
    for (let j = 0; j < nc; j++) nameLocals[j] = this.local(wordIds[from + j]);
    let count = 0;
    for (let i = 0; i < nq; i++) {
      for (let j = 0; j < nc; j++) {
        const similarity = this.similarity(reading, i, wordIds[from + j], nameLocals[j]);
        if (similarity > 0) {
          pairI[count] = i;
          pairJ[count] = j;
          pairSim[count] = similarity;
          pairW[count] = (reading.weights[i] + cWeights[from + j]) / 2;
          // Insertion in order: most similar first, then heaviest, then as found (a stable sort).
          let k = count;
          while (k > 0) {
            const prev = order[k - 1];
            if (pairSim[prev] > similarity || (pairSim[prev] === similarity && pairW[prev] >= pairW[count])) break;
            order[k] = prev;
            k--;
          }
          order[k] = count;
          count++;
        }
      }
    }
    usedQ.fill(0, 0, nq);
    usedC.fill(0, 0, nc);
    let matched = 0;
    let pairWeight = 0;
    let nameEvidence = false;
    let used = 0;
    let wordPairs = 0;
    let lastPaired = -1;
    let crossed = false;
    const person = type === 'person';
    let cBin = -1;
    if (person && reading.bin > 0) {
      for (let j = 0; j < nc && cBin < 0; j++) if (this.binIds.includes(wordIds[from + j])) cBin = j;
    }
    const qBin = reading.bin;
    const binSplits = person && qBin > 0 && cBin > 0 && qBin !== nq - 1 && cBin !== nc - 1;
    for (let k = 0; k < count; k++) {
      const p = order[k];
      const i = pairI[p];
      const j = pairJ[p];
      if (usedQ[i] || usedC[j]) continue;
      usedQ[i] = usedC[j] = 1;
      used++;
      // An initial agreeing with a word (the only pairs with a one-letter side that are not exact or numbers).
      if (!(pairSim[p] === TUNING.initialSimilarity && (reading.tokens[i].text.length === 1 || this.words[wordIds[from + j]].text.length === 1))) wordPairs++;
      matched += pairW[p] * pairSim[p] ** TUNING.exponent;
      pairWeight += pairW[p];
      if (reading.isName[i] || roles[from + j] === ROLE_NAME) nameEvidence = true;
      if (i > lastPaired) lastPaired = i;
      if (binSplits && i !== qBin && j !== cBin && i < qBin !== j < cBin) crossed = true;
    }
    if (crossed) matched *= TUNING.binSwapFactor;
    let uq = 0;
    let unmatchedQ = 0;
    let trailingExtra = true;
    let distinctive = false;
    for (let i = 0; i < nq; i++) {
      if (usedQ[i]) continue;
      uq += reading.weights[i];
      unmatchedQ++;
      if (i <= lastPaired) trailingExtra = false;
      if (reading.isName[i]) distinctive = true;
    }
    let uc = 0;
    let unmatchedCName = false;
    for (let j = 0; j < nc; j++) {
      if (usedC[j]) continue;
      uc += cWeights[from + j];
      if (roles[from + j] === ROLE_NAME) unmatchedCName = distinctive = true;
    }
    const conflict = person && used >= 2 && unmatchedQ > 0 && trailingExtra && !unmatchedCName ? 0 : Math.min(uq, uc);
    const extra = Math.max(uq, uc) - conflict;
    let score = penalisedScore(matched, pairWeight, conflict, extra, person, wordPairs, uq, uc);
    if (!nameEvidence && distinctive) score *= 0.6;
    return Math.max(0, Math.min(1, Math.round(score * 10000) / 10000));
  }
}
