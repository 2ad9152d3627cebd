// Quality floors on the real lists and the labelled data of ../shared/data. These fail (not skip)
// when the data is absent: quality-data.ts throws on a missing file.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCREENING_THRESHOLD as T } from './compare';
import { PERTURBATIONS, perturbedRecall } from './heldout';
import { falsePositiveRate, listNameRecall, pairConfusion, scorePairs, treatedRecall } from './quality';
import { loadFullNames, loadNameBench, loadRealLists } from './quality-data';
import { buildScreeningIndex } from './search-index';
import type { ParsedList, ScreeningIndex } from './types';

const SLOW = 300_000;
let lists: ParsedList[];
let index: ScreeningIndex;

beforeAll(() => {
  lists = loadRealLists();
  index = buildScreeningIndex(lists.flatMap((l) => l.entities));
}, SLOW);

const list = (source: ParsedList['source']) => {
  const found = lists.find((l) => l.source === source);
  if (!found) throw new Error(`${source} not loaded`);
  return found;
};

describe('screening quality on labelled data', () => {
  it('nomenklatura name_bench: F1 ≥ 0.88 at the default threshold (logic-v2 scores 0.79)', () => {
    const pairs = loadNameBench();
    expect(pairs.length).toBeGreaterThan(800);
    const result = pairConfusion(pairs, scorePairs(pairs), T);
    expect(result.tp + result.fp + result.fn + result.tn).toBe(pairs.length);
    expect(result.f1).toBeGreaterThanOrEqual(0.88);
    expect(result.precision).toBeGreaterThanOrEqual(0.85);
  });

  it('every OFAC SDN, consolidated and UN primary name comes back as its own top hit', () => {
    for (const source of ['ofac_sdn', 'ofac_consolidated', 'un'] as const) {
      const { entities } = list(source);
      const result = listNameRecall(index, entities, T, false);
      expect(result.total).toBe(entities.length);
      expect(result.recall, `${source}: ${result.misses.join('; ')}`).toBeGreaterThanOrEqual(0.999);
    }
  }, SLOW);

  it('aliases (every third, all lists) are reported as matches of their entity', () => {
    const sample = lists.flatMap((l) => l.entities).map((e) => ({ ...e, aliases: e.aliases.filter((_, i) => i % 3 === 0) }));
    const result = listNameRecall(index, sample, T, true);
    expect(result.total).toBeGreaterThan(5000);
    expect(result.recall, result.misses.join('; ')).toBeGreaterThanOrEqual(0.995);
  }, SLOW);

  it('yente UN positives with typos and reshuffles: recall ≥ 0.90', () => {
    const result = treatedRecall(
      index,
      loadFullNames('yente_cgb_positives_un_untreated.csv'),
      loadFullNames('yente_cgb_positives_un_treated.csv'),
      T,
    );
    expect(result.total).toBeGreaterThan(600);
    expect(result.recall, result.misses.join('; ')).toBeGreaterThanOrEqual(0.9);
  }, SLOW);

  it('yente synthetic negatives: false-positive rate ≤ 2%', () => {
    const names = [...loadFullNames('yente_validation_negatives_global.csv'), ...loadFullNames('yente_validation_negatives_us.csv')];
    expect(names).toHaveLength(2000);
    const result = falsePositiveRate(index, names, T);
    expect(result.rate, result.examples.join('; ')).toBeLessThanOrEqual(0.02);
  }, SLOW);

  it('held-out SDN names, perturbed (order, case, a transposition, a legal form, look-alikes, invisible characters): top-5 recall ≥ 0.98 / 0.99', () => {
    const sdn = list('ofac_sdn').entities;
    for (const kind of PERTURBATIONS) {
      const result = perturbedRecall(index, sdn, kind, { split: 'heldout', sample: 300, threshold: T });
      expect(result.total, kind).toBeGreaterThan(kind === 'legal_form' ? 100 : 250);
      const floor = kind === 'look_alike' || kind === 'invisible' ? 0.99 : 0.98;
      expect(result.recall, `${kind}: ${result.misses.join('; ')}`).toBeGreaterThanOrEqual(floor);
    }
  }, SLOW);
});
