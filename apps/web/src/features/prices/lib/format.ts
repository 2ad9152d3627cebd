import { getCurrentLanguage } from '@/lib/i18n';

function locale(): string {
  return getCurrentLanguage() === 'es' ? 'es-ES' : 'en-US';
}

// Building an Intl formatter costs far more than using one (a date formatter about a millisecond on
// a slow phone), and the dashboard formats a date or a price for every point and row it renders:
// one formatter per language and options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const language = locale();
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(style: 'long' | 'medium' | 'short'): Intl.DateTimeFormat {
  const language = locale();
  const key = `${language} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Builds the date formatter of `style` for the current language when the main thread is idle. The
 * first one of a page costs tens of milliseconds on a slow phone (the locale's calendar data): a
 * panel calls this while its data is on its way, so the render that shows the data does not pay it.
 */
export function prepareDayFormat(style: 'long' | 'medium' | 'short'): void {
  const build = () => void dateFormat(style).format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(build, { timeout: 2000 });
  else setTimeout(build, 0);
}

/** A stored decimal string (or a chart's number) shown with the product's decimals, e.g. 70.77 or 2,155. */
export function formatPrice(value: string | number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—';
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(value));
}

/** A change with its sign: +0.055, −1.42, 0.000. */
export function formatChange(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—';
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'exceptZero' }).format(Number(value));
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value)}%`;
}

/** YYYY-MM-DD as a date in the reader's language (no time zone shift). */
export function formatDay(date: string | null | undefined, style: 'long' | 'medium' | 'short' = 'medium'): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dateFormat(style).format(new Date(Date.UTC(year, month - 1, day)));
}

/** Which way a change points, for colours and arrows. */
export function trendOf(value: string | number | null | undefined): 'up' | 'down' | 'flat' {
  const number = typeof value === 'string' ? Number(value) : value;
  if (number === null || number === undefined || Number.isNaN(number) || number === 0) return 'flat';
  return number > 0 ? 'up' : 'down';
}

export const trendTextClass = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-400',
} as const;

/** Local calendar date ↔ YYYY-MM-DD, for the date picker (which works in local time). */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function fromIsoDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

