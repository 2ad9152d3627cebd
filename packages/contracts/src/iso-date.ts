import { tz } from '@date-fns/tz';
import { add, differenceInCalendarDays, eachDayOfInterval, format, formatISO, parseISO } from 'date-fns';

/**
 * Calendar dates as YYYY-MM-DD strings (UTC), the form prices, filters and bank transactions travel
 * in. The one place server and web do date arithmetic; date-fns does it, in UTC whatever the
 * machine's or the browser's time zone.
 */

const inUtc = { in: tz('UTC') };

/** The YYYY-MM-DD of a moment, in UTC. */
export function toIsoDate(date: Date | number): string {
  return formatISO(date, { representation: 'date', ...inUtc });
}

/** Midnight UTC of a YYYY-MM-DD. */
export function fromIsoDate(date: string): Date {
  return parseISO(date, inUtc);
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
  return differenceInCalendarDays(fromIsoDate(to), fromIsoDate(from), inUtc);
}

/** Every day from `from` to `to`, both included, latest first when `order` is 'descending'. */
export function listIsoDays(from: Date | string, to: Date | string, order: 'ascending' | 'descending' = 'ascending'): string[] {
  const start = typeof from === 'string' ? fromIsoDate(from) : from;
  const end = typeof to === 'string' ? fromIsoDate(to) : to;
  if (start > end) return [];
  const days = eachDayOfInterval({ start, end }, inUtc).map(toIsoDate);
  return order === 'descending' ? days.reverse() : days;
}
