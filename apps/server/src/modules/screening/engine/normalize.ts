// Name normalisation: Unicode folding and transliteration, punctuation, honorifics, legal forms and
// token weights. Pure functions, shared by compareNames and the index so both score the same way.
import anyAsciiModule from 'any-ascii';
import { createRequire } from 'node:module';
import { levenshtein } from './similarity';
import type { EntityType } from './types';

const anyAscii: (s: string) => string =
  (anyAsciiModule as unknown as { default?: (s: string) => string }).default ?? (anyAsciiModule as unknown as (s: string) => string);

export type TokenRole = 'name' | 'common' | 'particle' | 'legal_form' | 'number';

export interface NameToken {
  /** Normalised form, lower-case ASCII. */
  text: string;
  role: TokenRole;
  weight: number;
  phonetic: string;
  /** Read from Chinese characters or Hangul: one syllable, where one letter more or less ("cheng", "chen") is another name. */
  syllabic?: boolean;
}

/** Legal forms, written as normalised token sequences, mapped to one canonical code. */
const LEGAL_FORMS: Array<[string, string]> = [
  ['limited liability company', 'llc'],
  ['limited liability partnership', 'llp'],
  ['limited partnership', 'lp'],
  ['public limited company', 'plc'],
  ['public joint stock company', 'pjsc'],
  ['open joint stock company', 'ojsc'],
  ['closed joint stock company', 'cjsc'],
  ['private joint stock company', 'jsc'],
  ['joint stock company', 'jsc'],
  ['joint stock co', 'jsc'],
  ['private limited company', 'ltd'],
  ['private limited', 'ltd'],
  ['pte ltd', 'ltd'],
  ['pty ltd', 'ltd'],
  ['co ltd', 'ltd'],
  ['company limited', 'ltd'],
  ['sdn bhd', 'sdnbhd'],
  ['sp z oo', 'spzoo'],
  ['spolka z ograniczona odpowiedzialnoscia', 'spzoo'],
  ['gesellschaft mit beschrankter haftung', 'gmbh'],
  ['societe anonyme', 'sa'],
  ['sociedad anonima', 'sa'],
  ['sociedade anonima', 'sa'],
  ['societa per azioni', 'spa'],
  ['sa de cv', 'sa'],
  ['s de rl de cv', 'srl'],
  ['de cv', 'cv'],
  ['societatea cu raspundere limitata', 'srl'],
  ['societe a responsabilite limitee', 'sarl'],
  ['obshchestvo s ogranichennoy otvetstvennostyu', 'llc'],
  ['publichnoe aktsionernoe obshchestvo', 'pjsc'],
  ['otkrytoe aktsionernoe obshchestvo', 'ojsc'],
  ['zakrytoe aktsionernoe obshchestvo', 'cjsc'],
  ['aktsionernoe obshchestvo', 'jsc'],
  ['aktsionernoye obshchestvo', 'jsc'],
  ['obshchestvo s ogranichennoi otvetstvennostyu', 'llc'],
  ['limited', 'ltd'],
  ['incorporated', 'inc'],
  ['corporation', 'corp'],
  ['company', 'co'],
  ['aktiengesellschaft', 'ag'],
  ['ooo', 'llc'],
  ['tov', 'llc'],
  ['oao', 'ojsc'],
  ['zao', 'cjsc'],
  ['pao', 'pjsc'],
  ['ao', 'jsc'],
];
const LEGAL_CODES = new Set([
  ...LEGAL_FORMS.map(([, code]) => code),
  'llc', 'ltd', 'inc', 'corp', 'co', 'plc', 'gmbh', 'ag', 'kg', 'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'bvba',
  'ab', 'oy', 'oyj', 'as', 'asa', 'aps', 'pt', 'tbk', 'bhd', 'pte', 'pty', 'llp', 'lp', 'jsc', 'ojsc', 'cjsc', 'pjsc',
  'fze', 'fzco', 'fzc', 'fzllc', 'wll', 'kft', 'zrt', 'doo', 'ad', 'eood', 'ood', 'sl', 'sro', 'ltda', 'cia', 'cv',
  'sapi', 'gie', 'ug', 'se',
]);
/** Four-letter legal codes, recognised with two letters swapped after the first word ("GMHB", "COPR"). */
const LEGAL_CODES_4 = ['gmbh', 'corp', 'ltda', 'pjsc', 'ojsc', 'cjsc', 'sarl', 'bvba', 'eood'];
const LEGAL_SEQUENCES = LEGAL_FORMS.map(([words, code]) => ({ words: words.split(' '), code })).sort(
  (a, b) => b.words.length - a.words.length,
);
/** The one-word legal forms by their word (the first listed wins, as a search in LEGAL_SEQUENCES would give). */
const SINGLE_LEGAL_WORDS = new Map<string, { words: string[]; code: string }>();
for (const l of LEGAL_SEQUENCES) if (l.words.length === 1 && !SINGLE_LEGAL_WORDS.has(l.words[0])) SINGLE_LEGAL_WORDS.set(l.words[0], l);

/** Particles and connectors: kept, but count little. */
const PARTICLES = new Set([
  'al', 'el', 'al', 'bin', 'ibn', 'ben', 'bint', 'abu', 'abou', 'um', 'umm', 'de', 'del', 'della', 'der', 'den', 'van', 'von',
  'da', 'das', 'do', 'dos', 'di', 'du', 'la', 'le', 'los', 'las', 'y', 'e', 'of', 'the', 'and', 'for', 'et', 'und', 'und',
  'a', 'an', 'in', 'on', 'at', 'to',
]);

/** Very frequent name parts on sanctions lists and in company names: they match, but weigh less. */
const COMMON = new Set([
  'mohammed', 'muhammad', 'mohamed', 'mohammad', 'muhammed', 'mohamad', 'mohamad', 'muhamad', 'ahmed', 'ahmad', 'ali',
  'abdul', 'abd', 'abdel', 'abdal', 'abdullah', 'abdallah', 'hassan', 'hasan', 'hussein', 'husain', 'hussain', 'husayn',
  'khan', 'haji', 'hajji', 'mullah', 'mawlawi', 'maulavi', 'sheikh', 'shaikh', 'shaykh', 'sayed', 'sayyid', 'said', 'syed',
  'trading', 'trade', 'international', 'intl', 'group', 'holding', 'holdings', 'company', 'general', 'global', 'services',
  'service', 'industries', 'industrial', 'industry', 'enterprise', 'enterprises', 'investment', 'investments',
  'import', 'export', 'commercial', 'development', 'management', 'shipping', 'bank', 'national', 'foundation', 'center',
  'centre', 'organization', 'organisation', 'association', 'partners', 'partnership', 'solutions', 'systems',
  'technology', 'technologies', 'company', 'logistics', 'energy', 'petroleum', 'oil', 'gas', 'marine', 'maritime',
]);

/** Honorifics and titles dropped from person names. */
const HONORIFICS = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'madam', 'madame', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady',
  'president', 'prasident', 'presidente', 'praesident', 'prime', 'minister', 'general', 'gen', 'colonel', 'col',
  'captain', 'capt', 'major', 'maj', 'lt', 'hon', 'honorable', 'honourable', 'his', 'her', 'excellency', 'he', 'rev',
  'reverend', 'herr', 'frau', 'senor', 'senora', 'sr', 'sra', 'jr', 'junior', 'senior', 'ii', 'iii',
]);
const HONORIFIC_PERSON_ONLY = new Set(['ii', 'iii', 'general', 'gen']);

const NUMBER_WORDS: Record<string, string> = {
  zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
  eleven: '11', twelve: '12', first: '1', second: '2', third: '3',
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** "forty four", "forty 4" → 44; "1st" → 1; "three" → 3. */
function foldNumbers(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const ordinal = /^([0-9]+)(?:st|nd|rd|th)$/.exec(w);
    if (ordinal) {
      out.push(ordinal[1]);
      continue;
    }
    if (TENS[w] !== undefined) {
      const unit = NUMBER_WORDS[words[i + 1]] ?? words[i + 1];
      if (unit && /^[1-9]$/.test(unit)) {
        out.push(String(TENS[w] + Number(unit)));
        i++;
      } else out.push(String(TENS[w]));
      continue;
    }
    out.push(NUMBER_WORDS[w] ?? w);
  }
  return out;
}
const ROMAN = /^(?:x{0,3})(?:ix|iv|v?i{0,3})$/;

/** Spellings of the same connector folded to one ("ibn", "ben" → "bin"; "el" → "al"). */
const SAME_WORD: Record<string, string> = { ibn: 'bin', ben: 'bin', abou: 'abu', el: 'al', ul: 'al', ud: 'al', intl: 'international' };
/** Russian/Slavic patronymics ("Viktorovich", "Ivanovna") are middle names: they count less. */
const PATRONYMIC = /(?:ovich|evich|ovych|evych|ovna|evna|ivna|ichna)$/;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '9': 'g', '8': 'b' };

/**
 * Characters that draw nothing or only steer the text direction: zero-width space/joiners, the
 * word joiner and invisible operators, bidirectional marks, embeddings, overrides and isolates, the
 * soft hyphen, the combining grapheme joiner, Mongolian/variation selectors, fillers and the BOM.
 * Written inside a name they hide it from a plain comparison; they are removed before anything else.
 */
// Combining ones (grapheme joiner, Khmer inherent vowels, Mongolian and variation selectors) are
// alternatives rather than class members, since a class would read them as part of a character.
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f|\ufe00|\ufe01|\ufe02|\ufe03|\ufe04|\ufe05|\ufe06|\ufe07|\ufe08|\ufe09|\ufe0a|\ufe0b|\ufe0c|\ufe0d|\ufe0e|\ufe0f|\udb40[\udd00-\uddef]/g;

// Unicode's confusables (TR39 confusables.txt, as packaged by the maintained `unhomoglyph`): one
// prototype per look-alike character.
const requireJson = createRequire(import.meta.url);
const CONFUSABLES = requireJson('unhomoglyph/data.json') as Record<string, string>;
const LATIN_LETTER = /\p{Script=Latin}/u;
const OTHER_LETTER = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\p{M}\p{N}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const ASCII_LETTER = /^[A-Za-z]+$/;

/** The Latin letter a non-Latin look-alike stands for ("а" Cyrillic → "a", "Ρ" Greek → "P"), or null. */
/** Look-alikes whose Unicode prototype is itself an unusual Latin letter ("κ" → "ĸ", "ε" → "ꞓ"): the letter a reader sees. */
const SEEN_AS: Record<string, string> = { κ: 'k', к: 'k', ε: 'e', τ: 't', т: 't', ν: 'v', υ: 'u', χ: 'x', г: 'r', п: 'n', м: 'm', н: 'h', в: 'b', ь: 'b', β: 'b' };

function latinLookAlike(char: string, strict: boolean): string | null {
  const lower = char.toLowerCase();
  if (!strict && char === lower && SEEN_AS[char]) return SEEN_AS[char];
  // A capital's own prototype ("Ν" → N), except "l", which Unicode files for capital I look-alikes
  // (Cyrillic "І", Greek "Ι"): their small letter's prototype ("і" → i) says what they are.
  const own = CONFUSABLES[char];
  if (own && ASCII_LETTER.test(own) && !(own === 'l' && char !== lower)) return own;
  const small = CONFUSABLES[lower];
  if (small && ASCII_LETTER.test(small)) return small;
  if (own && ASCII_LETTER.test(own)) return own;
  // Next, a prototype that is itself a Latin letter with a plain reading ("κ" → "ĸ" → k); not for
  // a word written wholly in another script, where it would turn real words ("Лавров") into noise.
  if (strict) return null;
  for (const candidate of [CONFUSABLES[lower], CONFUSABLES[char]]) {
    if (!candidate) continue;
    const ascii = anyAscii(candidate);
    if (candidate !== char && ASCII_LETTER.test(ascii) && ascii.length === 1) return ascii;
  }
  return null;
}

export interface NameInspection {
  /** The name with invisible characters removed and look-alike letters written in Latin. */
  text: string;
  /** Words that mix scripts (Latin with Cyrillic, Greek, …) as written, e.g. "Putіn" with a Cyrillic і. */
  mixedScriptWords: string[];
  /** How many invisible (zero-width, bidirectional control) characters were removed. */
  invisibleCharacters: number;
}

/**
 * Undoes the usual disguises of a Latin name: compatibility forms (fullwidth, mathematical
 * alphabets, ligatures) through NFKC, invisible characters dropped, and look-alike letters of other
 * scripts mapped to Latin — in a word that mixes scripts, and in a non-Latin word standing among
 * Latin ones when every letter of it has a Latin look-alike ("Vladimir Рutіn"). A name written
 * wholly in another script ("Сергей Лавров") is left for transliteration.
 */
export function inspectName(raw: string): NameInspection {
  let invisibleCharacters = 0;
  const visible = raw.replace(INVISIBLE, () => {
    invisibleCharacters++;
    return '';
  });
  const mixedScriptWords: string[] = [];
  // Look-alikes are read before and after NFKC: NFKC turns some of them into letters with no Latin
  // prototype (the lunate sigma "ϲ" into "ς"), and brings others (fullwidth, mathematical) to Latin.
  const first = readLookAlikes(visible, mixedScriptWords);
  const text = readLookAlikes(first.normalize('NFKC').replace(INVISIBLE, ''), mixedScriptWords.length > 0 ? [] : mixedScriptWords);
  return { text, mixedScriptWords, invisibleCharacters };
}

function readLookAlikes(visible: string, mixedScriptWords: string[]): string {
  if (!OTHER_LETTER.test(visible)) return visible;
  const hasLatin = LATIN_LETTER.test(visible);
  return visible.replace(WORD, (word) => {
    if (!OTHER_LETTER.test(word)) return word;
    const mixed = LATIN_LETTER.test(word);
    if (!mixed && !hasLatin) return word;
    let allMapped = true;
    const mapped = Array.from(word, (char) => {
      if (!OTHER_LETTER.test(char)) return char;
      const latin = latinLookAlike(char, !mixed);
      if (latin === null) allMapped = false;
      return latin ?? char;
    }).join('');
    if (mixed) {
      mixedScriptWords.push(word);
      return mapped;
    }
    return allMapped ? mapped : word;
  });
}

/** Folds a raw name to lower-case ASCII words separated by single spaces. */
export function normalizeName(raw: string): string {
  return normalizeInspected(inspectName(raw).text);
}

/** normalizeName's folding of a name inspectName has read already (its `text`). */
export function normalizeInspected(text: string): string {
  // Apostrophes and ayn/hamza marks join the word ("Qa'ida", "Sa’d", "ʿAbd").
  let s = text.replace(/['`\u2018\u2019\u02bc\u02bb\u02be\u02bf]/g, '');
  // Hangul: one romanised token per syllable block, as "Kim Jong Un" is written.
  s = s.replace(/[\uac00-\ud7af]/g, (syllable) => ` ${anyAscii(syllable)} `);
  // Transliterate whatever else is not Latin (Cyrillic, Arabic, Hebrew, Greek, Thai, …), a word with
  // its vowel signs and other marks at once: cut at each mark, "तारा सेन" read as "t r s n" and
  // "طعان" (its ayn an apostrophe) as "t n", single letters that agreed as initials with any name.
  s = s.replace(/[^\p{Script=Latin}\p{Script=Common}\p{M}\s][^\p{Script=Latin}\p{Script=Common}\s]*/gu, (run) => ` ${anyAscii(run).replace(/['`]/g, '')} `);
  s = s.normalize('NFKD').replace(/\p{M}+/gu, '');
  // Run-together words written in camel case ("FridrichBuchenberg", "McKesson") split; the scorer
  // joins them back when the other name writes them as one word.
  s = s.replace(/([a-z])([A-Z])(?=[a-z])/g, '$1 $2');
  s = anyAscii(s).toLowerCase();
  s = s.replace(/&/g, ' and ');
  // Acronyms with dots ("A.B.C.", "S.A.", "P.T.") keep their letters together.
  s = s.replace(/\b[a-z](?:\.[a-z])+\b\.?/g, (m) => ` ${m.replace(/\./g, '')} `);
  // A digit between letters is a look-alike letter ("I9or Sech1n").
  // An ordinal ("1st", "2nd") is a number, not a disguise.
  s = s.replace(/(?<=[a-z])[0-9](?=[a-z])|\b[0-9](?=[a-z]{2})(?!(?:st|nd|rd|th)\b)|(?<=[a-z]{2})[0-9]\b/g, (d) => LEET[d] ?? d);
  s = s.replace(/[^a-z0-9]+/g, ' ');
  return s.trim();
}

export function isLegalFormCode(token: string): boolean {
  return LEGAL_CODES.has(token);
}

/** Legal forms of one family (joint-stock companies; limited companies) are close, not equal. */
const LEGAL_FAMILY: Record<string, string> = {
  jsc: 'jsc', ojsc: 'jsc', cjsc: 'jsc', pjsc: 'jsc', ag: 'jsc', sa: 'jsc', spa: 'jsc', nv: 'jsc', plc: 'jsc',
  llc: 'ltd', ltd: 'ltd', gmbh: 'ltd', sarl: 'ltd', srl: 'ltd', bv: 'ltd', spzoo: 'ltd', sro: 'ltd', doo: 'ltd', pte: 'ltd', pty: 'ltd',
  inc: 'inc', corp: 'inc',
  // "Co" alone is often "Co Ltd" cut short.
  co: 'ltd',
};
export function legalFamily(code: string): string {
  return LEGAL_FAMILY[code] ?? code;
}

/** A short consonant skeleton: similar-sounding spellings (Mohammed/Muhammad, Zelenskyy/Selenskyj) share it. */
export function phoneticKey(token: string): string {
  let key = PHONETIC_CACHE.get(token);
  if (key === undefined) {
    // Bounded: a long-running server screens many names it will never see again.
    if (PHONETIC_CACHE.size >= PHONETIC_CACHE_SIZE) PHONETIC_CACHE.clear();
    PHONETIC_CACHE.set(token, (key = computePhoneticKey(token)));
  }
  return key;
}

/** Words seen before keep their key: the same words recur across the lists and the searches (fifteen replacements each). */
const PHONETIC_CACHE = new Map<string, string>();
const PHONETIC_CACHE_SIZE = 200_000;

function computePhoneticKey(token: string): string {
  if (/^[0-9]+$/.test(token)) return token;
  const s = token
    .replace(/^x/, 's')
    .replace(/^kh/, 'h')
    .replace(/^wr/, 'r')
    .replace(/ph/g, 'f')
    .replace(/sch/g, 's')
    .replace(/tsch|tch|ch/g, '1')
    .replace(/sh|zh/g, 's')
    .replace(/kh|gh|q|ck|c(?=[aou])|c$/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/dh/g, 'd')
    .replace(/th/g, 't')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/dzh|dj/g, 'j')
    .replace(/([aeiouy])j$/, '$1');
  const head = /^[aeiouy]/.test(s) ? 'a' : s[0] === 'w' ? 'v' : (s[0] ?? '');
  // After the first letter, h, w, y and vowels are dropped: they are vowels or glides in most
  // transliterations (Arabic و and ي, "Husayn"/"Hsyn", "Musawi"/"Mwswy").
  const tail = s.slice(1).replace(/[aeiouyhw]/g, '');
  return (head + tail).replace(/(.)\1+/g, '$1').replace(/1/g, 'c');
}

/** True when `b` is `a` with two different neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** A one-word legal form after the first word, with one slip ("Comapny", "Liimted"): words of six letters or more only. */
function nearLegalWord(word: string, expected: string): boolean {
  return expected.length >= 6 && word.length >= 6 && Math.abs(word.length - expected.length) <= 1 && levenshtein(word, expected, 1) <= 1;
}

/** A word of a multi-word legal form, allowing one slip in a long word ("Joynt Stock Company", a cut-off "Compan"). */
function sameLegalWord(word: string, expected: string): boolean {
  if (word === expected) return true;
  return expected.length >= 5 && word.length >= 5 && Math.abs(word.length - expected.length) <= 1 && levenshtein(word, expected, 1) <= 1;
}

/** Replaces multi-word legal forms by their code; returns the words and which of them are legal forms. */
function foldLegalForms(words: string[]): Array<{ text: string; legal: boolean }> {
  const out: Array<{ text: string; legal: boolean }> = [];
  let i = 0;
  // Plain loops: this runs for every word of every name searched and listed.
  outer: while (i < words.length) {
    for (const { words: seq, code } of LEGAL_SEQUENCES) {
      if (seq.length < 2 || i + seq.length > words.length) continue;
      let same = true;
      for (let k = 0; k < seq.length && same; k++) same = sameLegalWord(words[i + k], seq[k]);
      if (same) {
        out.push({ text: code, legal: true });
        i += seq.length;
        continue outer;
      }
    }
    const word = words[i];
    let single = SINGLE_LEGAL_WORDS.get(word);
    if (single === undefined && words.length > 1 && i > 0) {
      for (const l of LEGAL_SEQUENCES) {
        if (l.words.length === 1 && nearLegalWord(word, l.words[0])) {
          single = l;
          break;
        }
      }
    }
    if (single) out.push({ text: single.code, legal: true });
    else {
      const code = LEGAL_CODES.has(word) ? word : i > 0 && word.length === 4 ? LEGAL_CODES_4.find((c) => isSwap(word, c)) : undefined;
      out.push({ text: code ?? word, legal: code !== undefined });
    }
    i++;
  }
  return out;
}

/** Ship prefixes ("MV Ocean Star", "M/T …") say what the entry is, not its name. */
const VESSEL_PREFIXES = new Set(['mv', 'mt', 'ms', 'mts', 'ss', 'fv', 'mvs']);

/** Single letters that, written together, spell a legal form or a word of one ("S A" → sa, "S de R L" → s de rl). */
const SPELLED_LEGAL = new Set([...LEGAL_CODES, 'rl', 'sp', 'oo', 'zoo']);

/**
 * Legal forms written letter by letter ("Acme S A", "Foo S R L", "Bar L L C", "Baz S A de C V"): a
 * run of two or more single letters after the first word becomes one word when it spells a legal
 * form. Initials that spell nothing ("J R Ewing Oil") stay as they are.
 */
function joinSpelledLegalForms(words: string[]): string[] {
  let out: string[] | null = null;
  let i = 1;
  while (i < words.length) {
    if (words[i].length !== 1 || words[i + 1]?.length !== 1) {
      out?.push(words[i]);
      i++;
      continue;
    }
    let end = i;
    while (end < words.length && words[end].length === 1) end++;
    const joined = words.slice(i, end).join('');
    if (SPELLED_LEGAL.has(joined)) {
      out ??= words.slice(0, i);
      out.push(joined);
    } else out?.push(...words.slice(i, end));
    i = end;
  }
  return out ?? words;
}

const SYLLABIC_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}]/u;

export const TOKEN_WEIGHTS: Record<TokenRole, number> = {
  name: 1,
  common: 0.45,
  particle: 0.2,
  legal_form: 0.2,
  number: 0.5,
};

/**
 * Splits a name into weighted tokens. Persons lose honorifics; organisations (and unknown types)
 * get their legal forms folded to one code each ("Limited Liability Company" → llc, "OOO" → llc),
 * kept with a low weight. A legal form is only treated as such when the name has other words.
 * `normalized` is normalizeName(raw), when the caller has it already.
 */
export function tokenizeName(raw: string, type?: EntityType, normalized: string = normalizeName(raw)): NameToken[] {
  return tokenizeWords(raw, type, nameWords(normalized));
}

/** The words of a normalised name as every reading starts from them (numbers folded, variant spellings made one). */
export function nameWords(normalized: string): string[] {
  return foldNumbers(normalized.split(' ').filter(Boolean)).map((w) => SAME_WORD[w] ?? w);
}

/** How many words of a ship prefix ("MV", "M V") open these words: a vessel reading drops them. */
function vesselPrefixLength(words: string[]): number {
  if (words.length > 1 && VESSEL_PREFIXES.has(words[0])) return 1;
  if (words.length > 2 && words[0] === 'm' && (words[1] === 'v' || words[1] === 't')) return 2;
  return 0;
}

/**
 * True when the vessel reading of these words (nameWords) drops a ship prefix; when false it is the
 * organisation reading, token for token (the rules differ in nothing else).
 */
export function dropsVesselPrefix(words: string[]): boolean {
  return vesselPrefixLength(joinSpelledLegalForms(words)) > 0;
}

/** tokenizeName from nameWords(normalizeName(raw)) (a search reads one name with several types' rules). */
export function tokenizeWords(raw: string, type: EntityType | undefined, words: string[]): NameToken[] {
  const person = type === 'person';
  if (person || type === undefined) {
    const kept = words.filter((w) => !HONORIFICS.has(w) || (!person && HONORIFIC_PERSON_ONLY.has(w)));
    if (kept.length > 0) words = kept;
  }
  if (!person) words = joinSpelledLegalForms(words);
  const prefix = type === 'vessel' ? vesselPrefixLength(words) : 0;
  if (prefix > 0) words = words.slice(prefix);
  const folded = person ? words.map((text) => ({ text, legal: false })) : foldLegalForms(words);
  const allLegal = folded.every((t) => t.legal);
  const syllabic = SYLLABIC_SCRIPT.test(raw);
  return folded.map(({ text, legal }, index) => {
    const role: TokenRole =
      legal && !allLegal
        ? 'legal_form'
        : /^[0-9]+$/.test(text) || (!person && index > 0 && text !== '' && ROMAN.test(text))
          ? 'number'
          : PARTICLES.has(text) && folded.length > 1
            ? 'particle'
            : (COMMON.has(text) || (person && PATRONYMIC.test(text))) && folded.length > 1
              ? 'common'
              : 'name';
    const token: NameToken = { text, role, weight: TOKEN_WEIGHTS[role], phonetic: phoneticKey(text) };
    if (syllabic) token.syllabic = true;
    return token;
  });
}
