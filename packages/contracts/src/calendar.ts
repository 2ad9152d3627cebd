/**
 * Calendar arithmetic on YYYY-MM-DD without date-fns: what iso-date.ts's exact day counts, the
 * price-file reader's date check and the signed-in home page need, the last without bringing
 * date-fns (the web's `dates` chunk, 4.4 KiB on the wire) into the first load of /home.
 */

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year` in the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/**
 * The YYYY-MM-DD `months` calendar months before `date`, a day the target month lacks becoming its
 * last day (31 May − 3 months is 28 or 29 February): shiftIsoDate(date, { months: -months }) for a
 * YYYY-MM-DD, in plain arithmetic. Undefined for text that is no date.
 */
export function monthsBefore(date: string, months: number): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}
