import { getCurrentLanguage } from '@/lib/i18n';

/** lightweight-charts' TickMarkType values (kept here so that the chart library still loads on demand). */
const TICK_YEAR = 0;
const TICK_MONTH = 1;
const TICK_DAY = 2;

/** A chart time as lightweight-charts passes it: a business day, 'YYYY-MM-DD' or UTC seconds. */
type ChartTime = string | number | { year: number; month: number; day: number };

function locale(): string {
  return getCurrentLanguage() === 'es' ? 'es-ES' : 'en-US';
}

const tickFormats = new Map<string, Intl.DateTimeFormat>();

function tickFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale()} ${JSON.stringify(options)}`;
  let format = tickFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale(), { ...options, timeZone: 'UTC' });
    tickFormats.set(key, format);
  }
  return format;
}

function toDate(time: ChartTime): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') {
    const [year, month, day] = time.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day));
  }
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/**
 * The time axis' labels in the reader's language: a month's short name, with its year where the year
 * changes ("Jan 2026", "ene 2026"), and the day where the axis is fine enough for days ("Mar 5").
 */
export function formatTimeTick(time: ChartTime, tickType: number): string {
  const date = toDate(time);
  if (tickType === TICK_YEAR) return tickFormat({ month: 'short', year: 'numeric' }).format(date);
  if (tickType === TICK_MONTH) return tickFormat({ month: 'short' }).format(date);
  if (tickType === TICK_DAY) return tickFormat({ month: 'short', day: 'numeric' }).format(date);
  return tickFormat({ dateStyle: 'short' }).format(date);
}
