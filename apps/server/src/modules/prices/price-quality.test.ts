import { describe, expect, it } from 'vitest';
import { isUsBusinessDay, listUsBusinessDays, usHolidayOn, usTradingHolidays } from '../../integrations/market-data/us-business-calendar';
import { findSuspectMoves, SUSPECT_MIN_CHANGES, type SeriesPoint } from './price-quality';

/** A series on consecutive business days from 2024-01-02, one value per entry. */
function series(values: number[]): SeriesPoint[] {
  const days = listUsBusinessDays('2024-01-02', '2024-12-31');
  return values.map((value, index) => ({ date: days[index]!, value }));
}

/** Moves of ±0.5 (median 0.5), then `last`. */
function calm(count: number, last: number): number[] {
  const values = Array.from({ length: count }, (_, index) => 70 + (index % 2) * 0.5);
  return [...values, last];
}

describe('the suspect-value rule', () => {
  it('flags a move over 6 × the 60-day median change, not one at or under it', () => {
    // 40 calm days: the last value was 70.5 (index 39 odd); 70.5 + 3.01 is just over 6 × 0.5.
    expect(findSuspectMoves(series(calm(40, 73.51)))).toEqual([
      expect.objectContaining({ index: 40, previousValue: 70.5, value: 73.51, medianChange: 0.5 }),
    ]);
    expect(findSuspectMoves(series(calm(40, 73.5)))).toEqual([]);
    // Downwards too, and negative values (WTI 2020-04-20) are values like the others.
    expect(findSuspectMoves(series(calm(40, -36.98))).map((move) => move.index)).toEqual([40]);
  });

  it('does not flag with too few prior changes, a flat series, or a point that is not a candidate', () => {
    expect(findSuspectMoves(series(calm(SUSPECT_MIN_CHANGES, 200)))).toEqual([]);
    expect(findSuspectMoves(series([...Array.from({ length: 40 }, () => 70), 90]))).toEqual([]);
    expect(findSuspectMoves(series(calm(40, 90)), (index) => index !== 40)).toEqual([]);
  });

  it('uses only the 60 calendar days before the date: after a long gap nothing is judged', () => {
    const points = series(calm(40, 90));
    points[40] = { date: '2024-12-31', value: 90 };
    expect(findSuspectMoves(points)).toEqual([]);
  });
});

describe('the US business calendar', () => {
  it('knows the trading holidays and their observed days', () => {
    expect(usHolidayOn('2024-03-29')).toBe('good_friday');
    expect(usHolidayOn('2022-06-20')).toBe('juneteenth'); // June 19 2022 was a Sunday
    expect(usHolidayOn('2021-06-18')).toBeNull(); // Juneteenth only from 2022
    expect(usHolidayOn('2021-12-24')).toBe('christmas'); // Dec 25 2021 was a Saturday
    expect(usHolidayOn('2026-07-03')).toBe('independence');
    expect(usHolidayOn('2023-01-02')).toBe('new_year');
    expect(isUsBusinessDay('2021-12-31')).toBe(true); // a Saturday New Year is not moved back
    expect(usHolidayOn('2024-01-15')).toBe('mlk');
    expect(isUsBusinessDay('1997-01-20')).toBe(true); // MLK only from 1998
    expect(usHolidayOn('2024-11-28')).toBe('thanksgiving');
    expect(usHolidayOn('2019-04-19')).toBe('good_friday');
    expect([...usTradingHolidays(2024).keys()]).toEqual([
      '2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25',
    ]);
    // 2024: 262 weekdays, 10 holidays, none on a weekend.
    expect(listUsBusinessDays('2024-01-01', '2024-12-31')).toHaveLength(252);
    expect(isUsBusinessDay('2024-03-30')).toBe(false);
  });
});
