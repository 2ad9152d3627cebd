import { tz } from '@date-fns/tz';
import { add, eachDayOfInterval, format, formatISO, parseISO } from 'date-fns';

/**
 * Calendar dates as YYYY-MM-DD strings (UTC), the form prices, filters and bank transactions travel
 * in. The one place server and web do date arithmetic; date-fns does it, in UTC whatever the
 * machine's or the browser's time zone.
 */

const inUtc = { in: tz('UTC') };

// The three helpers below run once per price row (83,427 rows in the EIA files): date-fns's UTC
// context builds a TZDate through Intl on every call (~100 µs), which made the import 8 s slower.
// A calendar date in UTC is exact in plain epoch arithmetic, so they use it for the YYYY-MM-DD form
// and leave other ISO forms, month arithmetic and formatting to date-fns.
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The YYYY-MM-DD of a moment, in UTC. */
export function toIsoDate(date: Date | number): string {
  const moment = new Date(date);
  if (Number.isNaN(moment.getTime())) return formatISO(moment, { representation: 'date', ...inUtc });
  return moment.toISOString().slice(0, 10);
}

/** Midnight UTC of a YYYY-MM-DD (an Invalid Date for a day the calendar lacks, such as 2023-02-29). */
export function fromIsoDate(date: string): Date {
  if (!ISO_DAY.test(date)) return parseISO(date, inUtc);
  const midnight = new Date(`${date}T00:00:00.000Z`);
  return !Number.isNaN(midnight.getTime()) && midnight.toISOString().startsWith(date) ? midnight : new Date(Number.NaN);
}

/** A YYYY-MM-DD written with a date-fns pattern (English month names), e.g. 'MMM d, yyyy' → Jan 2, 2024. */
export function formatIsoDate(date: string, pattern: string): string {
  return format(fromIsoDate(date), pattern, inUtc);
}

export interface IsoDateShift {
  days?: number;
  months?: number;
  years?: number;
}

/**
 * YYYY-MM-DD moved by whole years, months and then days. A day that the target month lacks becomes
 * its last day: 31 March − 1 month is 28 (or 29) February, 29 February − 1 year is 28 February.
 */
export function shiftIsoDate(date: string, shift: IsoDateShift): string {
  return toIsoDate(add(fromIsoDate(date), shift, inUtc));
}

/** Calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetweenIsoDates(from: string, to: string): number {
  return Math.round((fromIsoDate(to).getTime() - fromIsoDate(from).getTime()) / DAY_MS);
}

/** Every day from `from` to `to`, both included, latest first when `order` is 'descending'. */
export function listIsoDays(from: Date | string, to: Date | string, order: 'ascending' | 'descending' = 'ascending'): string[] {
  const start = typeof from === 'string' ? fromIsoDate(from) : from;
  const end = typeof to === 'string' ? fromIsoDate(to) : to;
  if (start > end) return [];
  const days = eachDayOfInterval({ start, end }, inUtc).map(toIsoDate);
  return order === 'descending' ? days.reverse() : days;
}
