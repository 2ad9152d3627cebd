// Held-out evaluation of the matcher (issue 29): list names perturbed the ways real searches differ
// from the list (word order, case, one transposition, a dropped or spelled-out legal form,
// look-alike letters, invisible characters), generated with a seeded generator from entries of a
// held-out split. The split is by a hash of the entity id: buckets 0-6 of 10 are the tuning split
// (looked at while tuning, misses printed by `bench/screening/run.ts --split tune`), buckets 7-9 the
// held-out split (only its aggregate figures are reported). Pure: no file access.
import type { ScreeningIndex, SanctionsEntity } from './types';

export type Split = 'tune' | 'heldout';
export type Perturbation = 'reorder' | 'case' | 'transposition' | 'legal_form' | 'look_alike' | 'invisible';
export const PERTURBATIONS: readonly Perturbation[] = ['reorder', 'case', 'transposition', 'legal_form', 'look_alike', 'invisible'];

/** FNV-1a of the entity id: a stable split that does not depend on the order of the list. */
export function splitOf(entityId: string): Split {
  let hash = 0x811c9dc5;
  for (let i = 0; i < entityId.length; i++) {
    hash ^= entityId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 10 >= 7 ? 'heldout' : 'tune';
}

/** mulberry32: a small seeded generator, so every run builds the same cases. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Abbreviated and spelled-out legal forms, as written on lists and forms. */
const LEGAL_FORMS: Array<[RegExp, string[]]> = [
  [/\b(?:L\.?L\.?C\.?|LIMITED LIABILITY COMPANY)$/i, ['Limited Liability Company', 'LLC', 'L L C']],
  [/\b(?:LTD\.?|LIMITED)$/i, ['Limited', 'Ltd']],
  [/\b(?:INC\.?|INCORPORATED)$/i, ['Incorporated', 'Inc']],
  [/\b(?:CORP\.?|CORPORATION)$/i, ['Corporation', 'Corp']],
  [/\b(?:CO\.?|COMPANY)$/i, ['Company', 'Co']],
  [/\b(?:S\.?\s?A\.?|SOCIEDAD ANONIMA)$/i, ['Sociedad Anonima', 'S A', 'SA']],
  [/\b(?:S\.?R\.?L\.?)$/i, ['S R L', 'SRL']],
  [/\b(?:JSC|JOINT STOCK COMPANY)$/i, ['Joint Stock Company', 'JSC']],
  [/\b(?:OJSC|OPEN JOINT STOCK COMPANY)$/i, ['Open Joint Stock Company', 'OJSC']],
  [/\b(?:PJSC|PUBLIC JOINT STOCK COMPANY)$/i, ['Public Joint Stock Company', 'PJSC']],
  [/\b(?:GMBH)$/i, ['Gesellschaft mit beschrankter Haftung', 'GmbH']],
  [/\b(?:PLC)$/i, ['Public Limited Company', 'PLC']],
  [/\b(?:FZE|FZCO|FZ-LLC)$/i, []],
];

const LOOK_ALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u03b1'], c: ['\u0441', '\u03f2'], e: ['\u0435'], i: ['\u0456', '\u03b9'], j: ['\u0458'], o: ['\u043e', '\u03bf'],
  p: ['\u0440', '\u03c1'], s: ['\u0455'], x: ['\u0445'], y: ['\u0443'], h: ['\u04bb'], k: ['\u03ba'], v: ['\u03bd'],
  A: ['\u0410', '\u0391', '\uff21'], B: ['\u0412', '\u0392'], C: ['\u0421'], E: ['\u0415', '\u0395'], H: ['\u041d', '\u0397'],
  I: ['\u0406', '\u0399'], J: ['\u0408'], K: ['\u041a', '\u039a'], M: ['\u041c', '\u039c'], N: ['\u039d'], O: ['\u041e', '\u039f', '\uff2f'],
  P: ['\u0420', '\u03a1'], S: ['\u0405'], T: ['\u0422', '\u03a4'], X: ['\u0425', '\u03a7'], Y: ['\u03a5'], Z: ['\u0396'],
};
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u200e', '\u200f', '\u202e', '\u2066'];

/** One perturbed form of `name`, or null when the perturbation does not apply (no legal form, no word long enough). */
export function perturb(name: string, kind: Perturbation, random: () => number): string | null {
  const words = name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  switch (kind) {
    case 'reorder': {
      if (words.length < 2) return null;
      const shift = 1 + Math.floor(random() * (words.length - 1));
      return [...words.slice(shift), ...words.slice(0, shift)].join(' ');
    }
    case 'case': {
      const style = Math.floor(random() * 3);
      if (style === 0) return name.toLowerCase();
      if (style === 1) return name.toUpperCase();
      return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
    }
    case 'transposition': {
      const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{4,}$/.test(w));
      if (candidates.length === 0) return null;
      const [w, i] = pick(random, candidates);
      let at = 1 + Math.floor(random() * (w.length - 2));
      // Swap two different neighbouring letters (swapping "ll" changes nothing).
      for (let tries = 0; tries < w.length && w[at] === w[at + 1]; tries++) at = 1 + ((at + 1) % (w.length - 2));
      if (w[at] === w[at + 1]) return null;
      const swapped = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
      return words.map((x, k) => (k === i ? swapped : x)).join(' ');
    }
    case 'legal_form': {
      const trimmed = name.trim().replace(/[.,]+$/, (m) => (m.includes('.') ? '.' : ''));
      for (const [pattern, forms] of LEGAL_FORMS) {
        const match = pattern.exec(trimmed);
        if (!match || match.index === 0) continue;
        const stem = trimmed.slice(0, match.index).replace(/[\s,]+$/, '');
        const written = match[0].replace(/\./g, '').toUpperCase();
        const others = forms.filter((f) => f.toUpperCase() !== written);
        // Half the cases drop the legal form; the other half write it the other way.
        if (random() < 0.5 || others.length === 0) return stem;
        return `${stem} ${pick(random, others)}`;
      }
      return null;
    }
    case 'look_alike': {
      const chars = Array.from(name);
      const positions = chars.map((c, i) => [c, i] as const).filter(([c]) => LOOK_ALIKES[c]);
      if (positions.length === 0) return null;
      const count = 1 + Math.floor(random() * Math.min(3, positions.length));
      for (let k = 0; k < count; k++) {
        const [c, i] = pick(random, positions);
        chars[i] = pick(random, LOOK_ALIKES[c]);
      }
      return chars.join('');
    }
    case 'invisible': {
      const chars = Array.from(name);
      const count = 1 + Math.floor(random() * 3);
      for (let k = 0; k < count; k++) chars.splice(1 + Math.floor(random() * (chars.length - 1)), 0, pick(random, INVISIBLE));
      return chars.join('');
    }
  }
}

export interface PerturbedRecall {
  kind: Perturbation;
  total: number;
  /** Own entity among the top k. */
  topK: number;
  /** … and at or above the threshold. */
  topKAtThreshold: number;
  recall: number;
  recallAtThreshold: number;
  misses: string[];
}

/** Top-k recall of perturbed primary names of `entities` (those of `split`), at most `sample` per kind. */
export function perturbedRecall(
  index: ScreeningIndex,
  entities: SanctionsEntity[],
  kind: Perturbation,
  opts: { split: Split; sample: number; threshold: number; k?: number; seed?: number },
): PerturbedRecall {
  const k = opts.k ?? 5;
  const random = seededRandom((opts.seed ?? 29) + PERTURBATIONS.indexOf(kind));
  const pool = entities.filter((e) => splitOf(e.id) === opts.split && e.type !== 'aircraft');
  let total = 0;
  let topK = 0;
  let topKAtThreshold = 0;
  const misses: string[] = [];
  // A seeded shuffle, so a sample is spread over the whole list.
  const order = pool.map((_, i) => i);
  const shuffle = seededRandom(opts.seed ?? 29);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (let n = 0; n < order.length && total < opts.sample; n++) {
    const entity = pool[order[n]];
    const query = perturb(entity.name, kind, random);
    if (query === null || query.trim() === '') continue;
    total++;
    const matches = index.search(query, { limit: k });
    const own = matches.find((m) => m.entity.id === entity.id);
    if (own) topK++;
    if (own && own.score >= opts.threshold) topKAtThreshold++;
    else if (misses.length < 40) misses.push(`${entity.id} ${JSON.stringify(query)} (${entity.name}) → ${own ? own.score : `absent; top ${matches[0]?.matchedName} ${matches[0]?.score}`}`);
  }
  return {
    kind,
    total,
    topK,
    topKAtThreshold,
    recall: total ? topK / total : 0,
    recallAtThreshold: total ? topKAtThreshold / total : 0,
    misses,
  };
}
