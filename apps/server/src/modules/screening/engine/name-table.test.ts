// The typed-array scorer of the index against the scorer it stands in for, on every pair of
// nomenklatura's name_bench (../shared/data): the same score to the last digit, or a handover.
import { describe, expect, it } from 'vitest';
import { rewritesNames, scoreTokens } from './compare';
import { NameTable } from './name-table';
import { tokenizeName } from './normalize';
import { loadNameBench } from './quality-data';
import type { EntityType } from './types';

describe('NameTable.fastScore', () => {
  it('scores every name_bench pair as scoreTokens does, or hands it over', () => {
    const pairs = loadNameBench();
    const types: EntityType[] = ['person', 'organization'];
    const table = new NameTable();
    const listed = pairs.flatMap((pair) => types.map((type) => tokenizeName(pair.name2, type)));
    for (const tokens of listed) table.add(tokens);
    table.seal();
    let fast = 0;
    let checked = 0;
    let unrewritten = 0;
    pairs.forEach((pair, p) => {
      types.forEach((type, t) => {
        table.beginSearch();
        const query = tokenizeName(pair.name1, type);
        if (query.length === 0 || listed[p * 2 + t].length === 0) return;
        const reading = table.reading(query);
        const score = table.fastScore(reading, p * 2 + t, type);
        checked++;
        const expected = scoreTokens(query, listed[p * 2 + t], type).score;
        if (score < 0) {
          // A handover that scoreTokens does not rewrite: the search scores it fast after all.
          if (rewritesNames(query, listed[p * 2 + t])) return;
          unrewritten++;
          expect(table.fastScore(reading, p * 2 + t, type, false), `${pair.name1} / ${pair.name2} (${type}), not rewritten`).toBe(expected);
          return;
        }
        fast++;
        expect(score, `${pair.name1} / ${pair.name2} (${type})`).toBe(expected);
      });
    });
    // Handovers are for names that run words together or abbreviate them: a small share.
    expect(fast / checked).toBeGreaterThan(0.8);
    // Some handovers are names scoreTokens leaves as they are (the path above was taken).
    expect(unrewritten).toBeGreaterThan(0);
  });
});
