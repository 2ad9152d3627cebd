import { tz } from '@date-fns/tz';
import { add, eachDayOfInterval, format, formatISO, parseISO } from 'date-fns';
import { daysInMonth, monthsBefore } from './calendar';

/**
 * Calendar dates as YYYY-MM-DD strings (UTC), the form prices, filters and bank transactions travel
 * in. With calendar.ts, the one place server and web do date arithmetic; date-fns does it, in UTC
 * whatever the machine's or the browser's time zone.
 */

const inUtc = { in: tz('UTC') };

// The three helpers below run once per price row (83,427 rows in the EIA files): date-fns's UTC
// context builds a TZDate through Intl on every call, which made the import much slower.
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

/** The number written by the ASCII digits of text[from, to), or -1 when one is not a digit. */
function readDigits(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Days from 1970-01-01 to a YYYY-MM-DD of the proleptic Gregorian calendar, or NaN when the text is
 * not one or names a day the calendar lacks (2023-02-29). Plain integer arithmetic (the civil-from-days
 * algorithm counted in 400-year eras): parsing the text as a Date and writing it back was the
 * largest cost of the price import's own code (the price-file reader checks and orders its dates with it).
 */
export function isoEpochDay(date: string): number {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return Number.NaN;
  const year = readDigits(date, 0, 4);
  const month = readDigits(date, 5, 7);
  const day = readDigits(date, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return Number.NaN;
  if (day > daysInMonth(year, month)) return Number.NaN;
  const yearFromMarch = month <= 2 ? year - 1 : year;
  const era = Math.floor(yearFromMarch / 400);
  const yearOfEra = yearFromMarch - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The YYYY-MM-DD of a day counted from 1970-01-01: isoEpochDay's inverse, by the same integer
 * arithmetic (days-to-civil in 400-year eras). A ten-year spread history writes tens of thousands of
 * dates from the database's day numbers; Date's toISOString took ten times as long. Years outside
 * 0000–9999 are written as toIsoDate writes them.
 */
export function isoDateOfEpochDay(epochDay: number): string {
  const shifted = epochDay + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0);
  if (!(year >= 0 && year <= 9999)) return toIsoDate(epochDay * DAY_MS);
  return String.fromCharCode(
    48 + Math.floor(year / 1000),
    48 + (Math.floor(year / 100) % 10),
    48 + (Math.floor(year / 10) % 10),
    48 + (year % 10),
    45,
    48 + Math.floor(month / 10),
    48 + (month % 10),
    45,
    48 + Math.floor(day / 10),
    48 + (day % 10),
  );
}

/** Midnight UTC of a YYYY-MM-DD (an Invalid Date for a day the calendar lacks, such as 2023-02-29). */
export function fromIsoDate(date: string): Date {
  if (!ISO_DAY.test(date)) return parseISO(date, inUtc);
  return new Date(isoEpochDay(date) * DAY_MS);
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** A pattern's parts: a run of one letter, a quoted literal, or other text. */
const PATTERN_PART = /([A-Za-z])\1*|'(?:[^']|'')*'?|[^A-Za-z']+/g;

/**
 * A YYYY-MM-DD written by a pattern of years (y, yyyy), months (M, MM, MMM, MMMM), days (d, dd) and
 * text other than letters, as date-fns writes it in English, or undefined for anything else.
 */
function formatCalendarDay(date: string, pattern: string): string | undefined {
  if (Number.isNaN(isoEpochDay(date))) return undefined;
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  let text = '';
  for (const [part] of pattern.matchAll(PATTERN_PART)) {
    if (part === 'yyyy') text += date.slice(0, 4);
    else if (part === 'y') text += String(year);
    else if (part === 'MMMM') text += MONTH_NAMES[month - 1];
    else if (part === 'MMM') text += MONTH_NAMES[month - 1]!.slice(0, 3);
    else if (part === 'MM') text += date.slice(5, 7);
    else if (part === 'M') text += String(month);
    else if (part === 'dd') text += date.slice(8, 10);
    else if (part === 'd') text += String(day);
    else if (/^[^A-Za-z']+$/.test(part)) text += part;
    else return undefined;
  }
  return text;
}

/**
 * A YYYY-MM-DD written with a date-fns pattern (English month names), e.g. 'MMM d, yyyy' → Jan 2, 2024.
 * The price list's dates are written without date-fns: its UTC context makes a TZDate through Intl,
 * whose first use loads ICU's time-zone, calendar and locale data, resident in the server from then
 * on (~5 MiB, README's Benchmarks). Other patterns are date-fns's.
 */
export function formatIsoDate(date: string, pattern: string): string {
  return formatCalendarDay(date, pattern) ?? format(fromIsoDate(date), pattern, inUtc);
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
  // A YYYY-MM-DD by whole months and days: plain arithmetic (calendar.ts's monthsBefore, then epoch
  // days, as above). date-fns's UTC context built its first TZDate through Intl, whose time-zone data
  // took ~0.1 s of CPU to load in a price import, and whose ICU data (time zones, calendars, every
  // locale's names) stayed resident in the server from its first price history on: ~5 MiB
  // (README's Benchmarks). Other forms and fractional shifts are date-fns's.
  const months = (shift.months ?? 0) + (shift.years ?? 0) * 12;
  const days = shift.days ?? 0;
  if (Number.isInteger(months) && Number.isInteger(days)) {
    // monthsBefore checks the date; a year it cannot write in four digits is not a YYYY-MM-DD (NaN).
    const moved = months === 0 ? date : monthsBefore(date, -months);
    const day = moved === undefined ? Number.NaN : isoEpochDay(moved);
    if (!Number.isNaN(day)) return isoDateOfEpochDay(day + days);
  }
  return toIsoDate(add(fromIsoDate(date), shift, inUtc));
}

/** Calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetweenIsoDates(from: string, to: string): number {
  if (ISO_DAY.test(from) && ISO_DAY.test(to)) return isoEpochDay(to) - isoEpochDay(from);
  return Math.round((fromIsoDate(to).getTime() - fromIsoDate(from).getTime()) / DAY_MS);
}

/** Every day from `from` to `to`, both included, latest first when `order` is 'descending'. */
export function listIsoDays(from: Date | string, to: Date | string, order: 'ascending' | 'descending' = 'ascending'): string[] {
  const start = typeof from === 'string' ? fromIsoDate(from) : from;
  const end = typeof to === 'string' ? fromIsoDate(to) : to;
  if (start > end) return [];
  const first = Math.floor(start.getTime() / DAY_MS);
  const last = Math.floor(end.getTime() / DAY_MS);
  // Invalid dates: date-fns says why. Valid ones by epoch arithmetic, as above: date-fns's UTC context
  // built a TZDate through Intl for every day of a fresh install's ten years of demo history.
  if (Number.isNaN(first) || Number.isNaN(last)) return eachDayOfInterval({ start, end }, inUtc).map(toIsoDate);
  const days = Array.from({ length: last - first + 1 }, (_, index) => new Date((first + index) * DAY_MS).toISOString().slice(0, 10));
  return order === 'descending' ? days.reverse() : days;
}
