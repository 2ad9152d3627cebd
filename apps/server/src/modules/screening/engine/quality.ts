// Quality measurements of the matcher on labelled data. Used by the quality tests and bench/screening;
// the file loading lives in quality-data.ts so this stays pure.
import { compareNames } from './compare';
import type { EntityType, ScreeningIndex, SanctionsEntity } from './types';

export interface LabelledPair {
  group: string;
  schema: string;
  name1: string;
  name2: string;
  isMatch: boolean;
}

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

/** nomenklatura's FtM schemas mapped to our entity types. */
export function schemaType(schema: string): EntityType {
  if (schema === 'Person') return 'person';
  if (schema === 'Vessel') return 'vessel';
  if (schema === 'Airplane') return 'aircraft';
  return 'organization';
}

export function confusion(outcomes: Array<{ predicted: boolean; actual: boolean }>): Confusion {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const { predicted, actual } of outcomes) {
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
    else tn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, tn, precision, recall, f1 };
}

export function scorePairs(pairs: LabelledPair[]): number[] {
  return pairs.map((p) => compareNames(p.name1, p.name2, schemaType(p.schema)).score);
}

export function pairConfusion(pairs: LabelledPair[], scores: number[], threshold: number): Confusion {
  return confusion(pairs.map((p, i) => ({ predicted: scores[i] >= threshold, actual: p.isMatch })));
}

/** The threshold in [from, to] (step 0.01) with the best F1 on the pairs. */
export function bestThreshold(pairs: LabelledPair[], scores: number[], from = 0.5, to = 0.95): { threshold: number; f1: number } {
  let best = { threshold: from, f1: -1 };
  for (let t = from; t <= to + 1e-9; t += 0.01) {
    const threshold = Math.round(t * 100) / 100;
    const { f1 } = pairConfusion(pairs, scores, threshold);
    if (f1 > best.f1) best = { threshold, f1 };
  }
  return best;
}

export interface RecallResult {
  total: number;
  found: number;
  recall: number;
  misses: string[];
}

/**
 * Screens every primary name (or, with `aliases`, every alias) of `entities` against the index. A
 * primary name counts as found when its own entity is the top hit (ties with namesakes allowed) at or
 * above the threshold; an alias when its entity is among the matches at or above the threshold.
 */
export function listNameRecall(index: ScreeningIndex, entities: SanctionsEntity[], threshold: number, aliases: boolean): RecallResult {
  let total = 0;
  let found = 0;
  const misses: string[] = [];
  for (const entity of entities) {
    const names = aliases ? entity.aliases.map((a) => a.name) : [entity.name];
    for (const name of names) {
      total++;
      const matches = index.search(name, { limit: 25 });
      const top = matches[0]?.score ?? 0;
      const own = matches.find((m) => m.entity.id === entity.id);
      // A primary name must come back as the top hit (ties with namesakes allowed); an alias must be reported as a match.
      if (own && own.score >= threshold && (aliases || own.score >= top - 1e-9)) found++;
      else if (misses.length < 50) misses.push(`${entity.id} ${name} → ${matches[0]?.matchedName ?? 'nothing'} ${top}`);
    }
  }
  return { total, found, recall: total ? found / total : 0, misses };
}

/**
 * yente's UN positives: row i of `treated` is row i of `untreated` with typos and reshuffles. The
 * expected entity is the best UN hit of the untreated name; a treated name is recalled when that
 * entity comes back at or above the threshold.
 */
export function treatedRecall(index: ScreeningIndex, untreated: string[], treated: string[], threshold: number): RecallResult & { unresolved: number } {
  let total = 0;
  let found = 0;
  let unresolved = 0;
  const misses: string[] = [];
  for (let i = 0; i < untreated.length; i++) {
    const expected = index.search(untreated[i], { type: 'person', limit: 5 }).find((m) => m.entity.source === 'un' && m.score >= 0.99);
    if (!expected) {
      unresolved++;
      continue;
    }
    total++;
    const matches = index.search(treated[i], { type: 'person', limit: 10 });
    const hit = matches.find((m) => m.entity.id === expected.entity.id);
    if (hit && hit.score >= threshold) found++;
    else if (misses.length < 50) misses.push(`${treated[i]} (${untreated[i]}) → ${hit ? hit.score : 'absent'}`);
  }
  return { total, found, recall: total ? found / total : 0, misses, unresolved };
}

/** Share of `names` (known non-sanctioned persons) whose best hit reaches the threshold. */
export function falsePositiveRate(index: ScreeningIndex, names: string[], threshold: number): { total: number; hits: number; rate: number; examples: string[] } {
  let hits = 0;
  const examples: string[] = [];
  for (const name of names) {
    const [top] = index.search(name, { type: 'person', limit: 1, minScore: threshold });
    if (top) {
      hits++;
      if (examples.length < 30) examples.push(`${name} → ${top.matchedName} ${top.score}`);
    }
  }
  return { total: names.length, hits, rate: names.length ? hits / names.length : 0, examples };
}
