import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthsBefore } from './calendar';
import { shiftIsoDate } from './iso-date';

describe('monthsBefore', () => {
  it('moves back whole months, a missing day becoming the last of the month', () => {
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2023-05-31', 3)).toBe('2023-02-28');
    expect(monthsBefore('2024-01-15', 3)).toBe('2023-10-15');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2024-07-31', 12)).toBe('2023-07-31');
  });

  it('answers undefined for text that is no calendar date', () => {
    expect(monthsBefore('2023-02-29', 3)).toBeUndefined();
    expect(monthsBefore('2024-13-01', 3)).toBeUndefined();
    expect(monthsBefore('24-01-01', 3)).toBeUndefined();
  });

  it('equals shiftIsoDate for every day from 1890 to 2210', () => {
    const day = fc.integer({ min: Date.UTC(1890, 0, 1) / 86_400_000, max: Date.UTC(2210, 11, 31) / 86_400_000 });
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 36 }), (epochDay, months) => {
        const date = new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
        expect(monthsBefore(date, months)).toBe(shiftIsoDate(date, { months: -months }));
      }),
      { numRuns: 5_000 },
    );
  });
});
