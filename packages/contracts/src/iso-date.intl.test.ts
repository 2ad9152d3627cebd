import fc from 'fast-check';
import { tz } from '@date-fns/tz';
import { add, format, formatISO, parseISO } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIsoDate, shiftIsoDate, toIsoDate } from './iso-date';

// A file of its own, and this test first: @date-fns/tz keeps the Intl formatter it makes per zone, so
// the count below needs a module graph where nothing has used date-fns's UTC context yet.
const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

describe('iso-date without Intl', () => {
  it('shifts and writes a YYYY-MM-DD without making an Intl.DateTimeFormat', () => {
    let made = 0;
    Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
      construct(target, args) {
        made += 1;
        return new target(...(args as []));
      },
    });
    expect(shiftIsoDate('2024-03-31', { months: -1 })).toBe('2024-02-29');
    expect(shiftIsoDate('2014-12-31', { years: -10, days: 1 })).toBe('2005-01-01');
    expect(shiftIsoDate('2024-01-31', { years: 1, months: 1, days: -1 })).toBe('2025-02-27');
    expect(formatIsoDate('2024-01-02', 'MMM d, yyyy')).toBe('Jan 2, 2024');
    expect(formatIsoDate('0987-11-30', 'MMMM dd, y (M/MM)')).toBe('November 30, 987 (11/11)');
    expect(made).toBe(0);
  });

  it('shifts as date-fns in UTC does, by whole years, months and days together', () => {
    const inUtc = { in: tz('UTC') };
    const isoDates = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }).map(toIsoDate);
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -30, max: 30 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: -4000, max: 4000 }), (date, years, months, days) => {
        const expected = formatISO(add(parseISO(date, inUtc), { years, months, days }, inUtc), { representation: 'date', ...inUtc });
        expect(shiftIsoDate(date, { years, months, days })).toBe(expected);
      }),
    );
    // Not a YYYY-MM-DD, or a day the calendar lacks: still date-fns's to judge (it throws).
    expect(() => shiftIsoDate('2023-02-29', { months: 1 })).toThrow(RangeError);
    expect(shiftIsoDate('2024-01-31T12:00:00Z', { months: 1 })).toBe('2024-02-29');
  });

  it('writes what date-fns in UTC writes, for patterns of the tokens it writes itself and others', () => {
    const inUtc = { in: tz('UTC') };
    const isoDates = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map(toIsoDate);
    const patterns = ['MMM d, yyyy', 'yyyy-MM-dd', 'd MMMM y', 'M/d/yy', 'EEE, MMM d', "d 'de' MMMM", 'MMMM do, yyyy', 'Q yyyy', 'dd.MM.yyyy', 'LLL'];
    fc.assert(
      fc.property(isoDates, fc.constantFrom(...patterns), (date, pattern) => {
        expect(formatIsoDate(date, pattern)).toBe(format(parseISO(date, inUtc), pattern, inUtc));
      }),
    );
    expect(() => formatIsoDate('2023-02-29', 'MMM d, yyyy')).toThrow(RangeError);
  });
});
