import { describe, expect, it } from 'vitest';
import { computeSpreadChart, computeSpreadColumns, legListsOf, parseSpreadLegs, spreadDifference, spreadValueDecimal, spreadValueFast, type LegLists, type SpreadDefinition } from './spreads';

/**
 * The scaled-integer path must give the decimal path's text exactly (values and changes), wherever
 * it answers; where it gives up, the series falls back to the decimal path. Values are generated
 * from a fixed seed: signs, zeros, 0 to 6 decimals, divisors that do and do not divide.
 */
const DEFINITIONS: SpreadDefinition[] = [
  { legs: [{ code: 'A', coefficient: '1' }, { code: 'B', coefficient: '-1' }], divisor: '1' },
  { legs: [{ code: 'A', coefficient: '84' }, { code: 'B', coefficient: '42' }, { code: 'C', coefficient: '-3' }], divisor: '3' },
  { legs: [{ code: 'A', coefficient: '0.25' }, { code: 'C', coefficient: '-1.5' }], divisor: '7' },
  { legs: [{ code: 'B', coefficient: '42' }, { code: 'C', coefficient: '-1' }], divisor: '0.6' },
];

function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function legValues(random: () => number, count: number): string[] {
  return Array.from({ length: count }, () => {
    const places = Math.floor(random() * 7);
    const units = Math.floor(random() * 20_000_000) - (random() < 0.2 ? 10_000_000 : 0);
    if (random() < 0.05) return '0';
    const text = (units / 10 ** places).toFixed(places);
    return text === '-0' || /^-0\.0*$/.test(text) ? '0' : text;
  });
}

describe('spread arithmetic on scaled integers', () => {
  it('gives the decimal path’s values to the last digit', () => {
    const random = generator(33);
    let answered = 0;
    for (const definition of DEFINITIONS) {
      for (let index = 0; index < 2000; index += 1) {
        const values = legValues(random, definition.legs.length);
        const fast = spreadValueFast(definition, values);
        if (fast === null) continue;
        answered += 1;
        expect(fast, `${definition.legs.map((leg) => leg.coefficient).join(',')} / ${definition.divisor} over ${values.join(',')}`).toBe(
          spreadValueDecimal(definition, values),
        );
      }
    }
    expect(answered).toBe(DEFINITIONS.length * 2000);
  });

  it('gives up where the numbers leave the safe integers, and the series then takes the decimal path', () => {
    const definition = DEFINITIONS[1]!;
    const huge = ['123456789012.3456', '1', '2'];
    expect(spreadValueFast(definition, huge)).toBeNull();
    const legs = parseSpreadLegs(
      new Map(
        ['A', 'B', 'C'].map((code, index) => [
          code,
          legListsOf([
            { date: '2024-01-02', value: huge[index]!, source: 'eia' },
            { date: '2024-01-03', value: ['1.5', '1', '2'][index]!, source: 'eia' },
          ]),
        ]),
      ),
    );
    const [first, second] = computeSpreadColumns(definition, legs);
    expect(first!.value).toBe(spreadValueDecimal(definition, huge));
    expect(second!.diff).toBe(spreadDifference(second!.value, first!.value));
  });

  it('joins the legs on their common dates, with each change against the previous common date', () => {
    const random = generator(7);
    const dates = Array.from({ length: 400 }, (_, index) => new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10));
    const columns = new Map<string, { dates: string[]; values: string[]; demoDates: Set<string> }>();
    const lists = new Map<string, LegLists>();
    for (const code of ['A', 'B', 'C']) {
      const kept = dates.filter(() => random() < 0.9);
      const leg = { dates: kept, values: legValues(random, kept.length), demoDates: new Set(code === 'B' ? kept.slice(0, 5) : []) };
      columns.set(code, leg);
      lists.set(code, legListsOf(kept.map((date, index) => ({ date, value: leg.values[index]!, source: leg.demoDates.has(date) ? 'demo' : 'eia' }))));
    }
    const legs = parseSpreadLegs(lists);
    for (const definition of DEFINITIONS) {
      const byDate = definition.legs.map((leg) => {
        const { dates: legDates, values } = columns.get(leg.code)!;
        return new Map(legDates.map((date, index) => [date, values[index]!]));
      });
      const expected: { date: string; value: string }[] = [];
      for (const date of dates) {
        if (byDate.every((values) => values.has(date))) expected.push({ date, value: spreadValueDecimal(definition, byDate.map((values) => values.get(date)!)) });
      }
      const series = computeSpreadColumns(definition, legs);
      expect(series.map(({ date, value }) => ({ date, value }))).toEqual(expected);
      series.forEach((point, index) => {
        const previous = index > 0 ? series[index - 1]! : null;
        expect(point.previousDate).toBe(previous?.date ?? null);
        expect(point.diff).toBe(previous ? spreadDifference(point.value, previous.value) : null);
        const usesB = definition.legs.some((leg) => leg.code === 'B');
        expect(point.demo).toBe(usesB && columns.get('B')!.demoDates.has(point.date));
      });
      // The history chart: the same points from `from` on, in the answer's shape, each change still
      // against the previous point (before `from` for the first one); demo when one of them is.
      for (const from of ['2019-06-01', dates[3]!, dates[150]!, '2030-01-01']) {
        const kept = series.filter((point) => point.date >= from);
        const chart = computeSpreadChart(definition, legs, from);
        expect(chart.points).toEqual(kept.map((point) => ({ date: point.date, value: point.value, diff_base_value: point.diff })));
        expect(chart.demo).toBe(kept.some((point) => point.demo));
      }
    }
  });
});
