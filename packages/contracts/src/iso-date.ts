/** Calendar dates as YYYY-MM-DD strings (UTC), the form prices and filters travel in. */

/** The YYYY-MM-DD of a moment, in UTC. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
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
export function shiftIsoDate(date: string, { days = 0, months = 0, years = 0 }: IsoDateShift): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year + years, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay) + days);
  return toIsoDate(target);
}
