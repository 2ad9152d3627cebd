import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetweenIsoDates, fromIsoDate, isoDateOfEpochDay, isoEpochDay, listIsoDays, shiftIsoDate, toIsoDate } from './iso-date';
import { tz } from '@date-fns/tz';
import { addDays, eachDayOfInterval, formatISO, parseISO } from 'date-fns';

const isoDates = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map(toIsoDate);

describe('shiftIsoDate', () => {
  it('keeps the end of the month', () => {
    expect(shiftIsoDate('2024-03-31', { months: -1 })).toBe('2024-02-29');
    expect(shiftIsoDate('2024-02-29', { years: -1 })).toBe('2023-02-28');
    expect(shiftIsoDate('2024-01-31', { months: 1 })).toBe('2024-02-29');
    expect(shiftIsoDate('2024-01-03', { days: -5 })).toBe('2023-12-29');
  });

  it('moves by days reversibly, whatever the date and the distance', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -4000, max: 4000 }), (date, days) => {
        const moved = shiftIsoDate(date, { days });
        expect(Date.parse(moved) - Date.parse(date)).toBe(days * 86_400_000);
        expect(shiftIsoDate(moved, { days: -days })).toBe(date);
      }),
    );
  });

  it('moves by days as date-fns in UTC does (its epoch-arithmetic path), a day the calendar lacks included', () => {
    const inUtc = { in: tz('UTC') };
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -40_000, max: 40_000 }), (date, days) => {
        const expected = formatISO(addDays(parseISO(date, inUtc), days, inUtc), { representation: 'date', ...inUtc });
        expect(shiftIsoDate(date, { days })).toBe(expected);
      }),
    );
    // Every day of fifty years (the EIA files' span and beyond, 2000 included), by the quality check's two shifts.
    for (let day = Date.UTC(1986, 0, 1); day <= Date.UTC(2035, 11, 31); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const days of [60, -75]) {
        const expected = formatISO(addDays(parseISO(date, inUtc), days, inUtc), { representation: 'date', ...inUtc });
        if (shiftIsoDate(date, { days }) !== expected) expect(shiftIsoDate(date, { days })).toBe(expected);
      }
    }
    expect(shiftIsoDate('2024-01-03', {})).toBe('2024-01-03');
    // A day the calendar lacks is date-fns's to judge, as before: it throws.
    expect(() => formatISO(addDays(parseISO('2023-02-29', inUtc), 1, inUtc))).toThrow(RangeError);
    expect(() => shiftIsoDate('2023-02-29', { days: 1 })).toThrow(RangeError);
  });

  it('lands in the target month on the same day or its last day', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -240, max: 240 }), (date, months) => {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const moved = shiftIsoDate(date, { months });
        const [movedYear, movedMonth, movedDay] = moved.split('-').map(Number) as [number, number, number];
        expect(movedYear * 12 + movedMonth).toBe(year * 12 + month + months);
        const lastDay = new Date(Date.UTC(movedYear, movedMonth, 0)).getUTCDate();
        expect(movedDay).toBe(Math.min(day, lastDay));
        expect(shiftIsoDate(date, { years: months })).toBe(shiftIsoDate(date, { months: months * 12 }));
      }),
    );
  });
});

describe('toIsoDate and fromIsoDate', () => {
  it('read the UTC calendar day, whatever the time of day', () => {
    expect(toIsoDate(new Date('2024-03-10T23:59:59.999Z'))).toBe('2024-03-10');
    expect(toIsoDate(new Date('2024-03-11T00:00:00Z'))).toBe('2024-03-11');
    expect(fromIsoDate('2024-03-10').getTime()).toBe(Date.UTC(2024, 2, 10));
  });

  it('round-trip every day', () => {
    fc.assert(fc.property(isoDates, (date) => {
        expect(toIsoDate(fromIsoDate(date))).toBe(date);
      }));
  });
});

describe('daysBetweenIsoDates and listIsoDays', () => {
  it('agree with shifting by days', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const other = shiftIsoDate(date, { days });
        expect(daysBetweenIsoDates(date, other)).toBe(days);
        const listed = listIsoDays(date, other);
        expect(listed).toHaveLength(days < 0 ? 0 : days + 1);
        listed.forEach((day, index) => expect(day).toBe(shiftIsoDate(date, { days: index })));
        expect(listIsoDays(date, other, 'descending')).toEqual([...listed].reverse());
      }),
    );
  });
});

describe('the YYYY-MM-DD fast path', () => {
  it('lists the days between two moments as date-fns does in UTC', () => {
    const moments = fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(moments, fc.integer({ min: -5, max: 900 * 86_400_000 }), (start, span) => {
        const end = new Date(start.getTime() + span);
        const expected = start > end ? [] : eachDayOfInterval({ start, end }, { in: tz('UTC') }).map((day) => formatISO(day, { representation: 'date', in: tz('UTC') }));
        expect(listIsoDays(start, end)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('reads and writes what date-fns reads and writes in UTC', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: 0, max: 86_399_999 }), (date, msOfDay) => {
        const reference = parseISO(date, { in: tz('UTC') });
        expect(fromIsoDate(date).getTime()).toBe(reference.getTime());
        const moment = new Date(reference.getTime() + msOfDay);
        expect(toIsoDate(moment)).toBe(formatISO(moment, { representation: 'date', in: tz('UTC') }));
      }),
    );
  });

  it('agrees with the JavaScript Date on any written day, valid or not, from year 0 to 9999', () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (year, month, day, otherYear, otherMonth, otherDay) => {
          const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const other = `${pad(otherYear, 4)}-${pad(otherMonth, 2)}-${pad(otherDay, 2)}`;
          // What the Date parser reads, kept only when it writes the same day back (no rollover).
          const parsed = new Date(`${date}T00:00:00.000Z`);
          const expected = !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? parsed.getTime() : Number.NaN;
          expect(fromIsoDate(date).getTime()).toBe(expected);
          expect(daysBetweenIsoDates(other, date)).toBe((expected - new Date(`${other}T00:00:00.000Z`).getTime()) / 86_400_000);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes the day of an epoch day number as Date does, and reads it back', () => {
    const DAY_MS = 86_400_000;
    const epochDays = fc.integer({ min: Math.floor(Date.UTC(-1, 0, 1) / DAY_MS), max: Math.floor(Date.UTC(10_001, 0, 1) / DAY_MS) });
    fc.assert(
      fc.property(epochDays, (epochDay) => {
        const date = isoDateOfEpochDay(epochDay);
        expect(date).toBe(new Date(epochDay * DAY_MS).toISOString().slice(0, date.length));
        if (/^\d{4}-\d{2}-\d{2}$/.test(date)) expect(isoEpochDay(date)).toBe(epochDay);
      }),
      { numRuns: 5000 },
    );
    expect(isoDateOfEpochDay(0)).toBe('1970-01-01');
    expect(isoDateOfEpochDay(-1)).toBe('1969-12-31');
    expect(isoDateOfEpochDay(isoEpochDay('2024-02-29'))).toBe('2024-02-29');
  });

  it('refuses a day the calendar lacks instead of rolling it over', () => {
    for (const day of ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10']) expect(Number.isNaN(fromIsoDate(day).getTime()), day).toBe(true);
    expect(toIsoDate(fromIsoDate('2024-02-29'))).toBe('2024-02-29');
    expect(Number.isNaN(daysBetweenIsoDates('2024-01-01', '2023-02-29'))).toBe(true);
  });
});
