import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medianGapOfDays } from './observations';

/** The median gap as it was computed before the counting: both arrays sorted. */
function sortedMedianGap(input: number[]): number {
  const days = Float64Array.from(input).sort();
  const gaps = new Float64Array(Math.max(0, days.length - 1));
  for (let i = 1; i < days.length; i += 1) gaps[i - 1] = days[i]! - days[i - 1]!;
  gaps.sort();
  return gaps[Math.floor(gaps.length / 2)] ?? 0;
}

// Days as the readers give them: whole days, in order, newest first or shuffled, with repeats,
// gaps of a business day or of a month; and what they never give (fractions, NaN), answered the same.
const day = fc.integer({ min: -25_000, max: 80_000 });
const series = fc.oneof(
  fc.array(day, { maxLength: 60 }),
  fc
    .tuple(day, fc.array(fc.oneof(fc.constantFrom(1, 1, 1, 3, 4), fc.integer({ min: 0, max: 200 })), { maxLength: 80 }))
    .map(([start, steps]) => steps.reduce<number[]>((days, step) => [...days, (days.at(-1) ?? start) + step], [])),
  fc.array(fc.oneof(day, fc.double({ min: -1e5, max: 1e5, noNaN: true }), fc.constant(Number.NaN)), { maxLength: 30 }),
);
const ordered = fc.tuple(series, fc.constantFrom('as is', 'ascending', 'descending')).map(([days, order]) =>
  order === 'ascending' ? [...days].sort((a, b) => a - b) : order === 'descending' ? [...days].sort((a, b) => b - a) : days,
);

describe('medianGapOfDays', () => {
  it('equals the median of the sorted gaps, whatever the order of the days', () => {
    fc.assert(
      fc.property(ordered, (days) => {
        const [fast, sorted] = [medianGapOfDays(Float64Array.from(days)), sortedMedianGap(days)];
        expect(fast === sorted || (Number.isNaN(fast) && Number.isNaN(sorted))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
