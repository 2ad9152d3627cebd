import { fromIsoDate, toIsoDate } from '@fueldesk/contracts';

/**
 * The US business calendar EIA's daily spot prices follow: weekdays except the NYMEX / federal
 * trading holidays. Rules (NYSE/CME holiday rules):
 * - New Year's Day (a Sunday is observed on Monday; a Saturday is not observed on the Friday before,
 *   which belongs to the previous year: 2021-12-31 was a trading day);
 * - Martin Luther King Jr. Day, third Monday of January (exchanges close since 1998: EIA has prices on
 *   1996-01-15 and 1997-01-20);
 * - Presidents' Day, third Monday of February; Good Friday (Easter Sunday − 2);
 * - Memorial Day, last Monday of May; Juneteenth, June 19 (since 2022); Independence Day, July 4;
 * - Labor Day, first Monday of September; Thanksgiving, fourth Thursday of November; Christmas, Dec 25.
 * A fixed-date holiday on a Saturday is observed on the Friday before, on a Sunday the Monday after.
 * One-off closures (2001-09-11, Hurricane Sandy, national days of mourning) are not rules and are not listed.
 */

export type UsHoliday =
  | 'new_year'
  | 'mlk'
  | 'presidents'
  | 'good_friday'
  | 'memorial'
  | 'juneteenth'
  | 'independence'
  | 'labor'
  | 'thanksgiving'
  | 'christmas';

const DAY_MS = 86_400_000;

function utc(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month, day));
}

/** The n-th (1-based) given weekday of a month, or the last one for n = -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = utc(year, month + 1, 0);
    return utc(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = utc(year, month, 1);
  return utc(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
}

/** Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month - 1, day);
}

/** Saturday → the Friday before, Sunday → the Monday after. */
function observed(date: Date): Date {
  const weekday = date.getUTCDay();
  if (weekday === 6) return new Date(date.getTime() - DAY_MS);
  if (weekday === 0) return new Date(date.getTime() + DAY_MS);
  return date;
}

const byYear = new Map<number, Map<string, UsHoliday>>();

/** The trading holidays of a year that fall in that year: ISO date → which holiday. */
export function usTradingHolidays(year: number): Map<string, UsHoliday> {
  const cached = byYear.get(year);
  if (cached) return cached;
  const newYear = utc(year, 0, 1);
  const days: [Date | null, UsHoliday][] = [
    // A Saturday New Year is not moved into the previous year (NYSE Rule 7.2).
    [newYear.getUTCDay() === 6 ? null : observed(newYear), 'new_year'],
    [year >= 1998 ? nthWeekday(year, 0, 1, 3) : null, 'mlk'],
    [nthWeekday(year, 1, 1, 3), 'presidents'],
    [new Date(easterSunday(year).getTime() - 2 * DAY_MS), 'good_friday'],
    [nthWeekday(year, 4, 1, -1), 'memorial'],
    [year >= 2022 ? observed(utc(year, 5, 19)) : null, 'juneteenth'],
    [observed(utc(year, 6, 4)), 'independence'],
    [nthWeekday(year, 8, 1, 1), 'labor'],
    [nthWeekday(year, 10, 4, 4), 'thanksgiving'],
    [observed(utc(year, 11, 25)), 'christmas'],
  ];
  const holidays = new Map<string, UsHoliday>();
  for (const [date, name] of days) if (date) holidays.set(toIsoDate(date), name);
  if (byYear.size > 400) byYear.clear();
  byYear.set(year, holidays);
  return holidays;
}

/** The holiday on an ISO date, or null. */
export function usHolidayOn(isoDate: string): UsHoliday | null {
  return usTradingHolidays(Number(isoDate.slice(0, 4))).get(isoDate) ?? null;
}

/** A weekday that is not a trading holiday. */
export function isUsBusinessDay(isoDate: string): boolean {
  const weekday = fromIsoDate(isoDate).getUTCDay();
  return weekday !== 0 && weekday !== 6 && usHolidayOn(isoDate) === null;
}

/** The business days from `from` to `to` (ISO dates, both included), in order. */
export function listUsBusinessDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = fromIsoDate(to).getTime();
  for (let time = fromIsoDate(from).getTime(); time <= end; time += DAY_MS) {
    const weekday = new Date(time).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const day = toIsoDate(time);
    if (usHolidayOn(day) === null) days.push(day);
  }
  return days;
}
