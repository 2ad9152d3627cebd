import Decimal from 'decimal.js';

/**
 * Exact decimal strings for prices. Stored values are never passed through floating point: they are
 * compared, subtracted and averaged with decimal.js; normalizeDecimal is the importers' canonical form.
 */

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Canonical form of a decimal string: no '+', no leading or trailing zeros, '-0' → '0'. Null if not a decimal. */
export function normalizeDecimal(input: string): string | null {
  // Most values arrive canonical already (a file's "72.5", or one read back from storage): returned as
  // they are, without the pattern's match and the strings built below.
  if (isCanonicalDecimal(input)) return input;
  const match = DECIMAL_PATTERN.exec(input.trim());
  if (!match) return null;
  const [, sign, intPartRaw = '', fracPartRaw = ''] = match;
  if (intPartRaw === '' && fracPartRaw === '') return null;
  const intPart = intPartRaw.replace(/^0+(?=\d)/, '') || '0';
  const fracPart = fracPartRaw.replace(/0+$/, '');
  const body = fracPart ? `${intPart}.${fracPart}` : intPart;
  if (/^0(\.0*)?$/.test(body)) return '0';
  return sign === '-' ? `-${body}` : body;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Whether normalizeDecimal would return the text unchanged: [-]digits[.digits], no superfluous zero, no -0. */
function isCanonicalDecimal(text: string): boolean {
  const length = text.length;
  const negative = text.charCodeAt(0) === 45; // '-'
  let at = negative ? 1 : 0;
  const intStart = at;
  while (at < length && isDigit(text.charCodeAt(at))) at += 1;
  const intDigits = at - intStart;
  if (intDigits === 0 || (intDigits > 1 && text.charCodeAt(intStart) === 48)) return false;
  // An integer: canonical unless it is a signed zero.
  if (at === length) return !(negative && intDigits === 1 && text.charCodeAt(intStart) === 48);
  if (text.charCodeAt(at) !== 46) return false; // '.'
  at += 1;
  const fracStart = at;
  while (at < length && isDigit(text.charCodeAt(at))) at += 1;
  // A fraction with digits, the last of them not a zero (so the value is not zero either).
  return at === length && at > fracStart && text.charCodeAt(length - 1) !== 48;
}

// Precision well beyond any price (at most a few dozen digits); rounding half away from zero.
const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

function toExact(value: string): Decimal {
  const canonical = normalizeDecimal(value);
  if (canonical === null) throw new Error(`not a decimal: ${value}`);
  return new Exact(canonical);
}

/** A result back as a canonical decimal string (toFixed never writes an exponent). */
const fromExact = (value: Decimal, places?: number) => normalizeDecimal(places === undefined ? value.toFixed() : value.toFixed(places))!;

export function compareDecimals(a: string, b: string): number {
  return toExact(a).comparedTo(toExact(b));
}

export function subtractDecimals(a: string, b: string): string {
  return fromExact(toExact(a).minus(toExact(b)));
}

/** The mean of decimal strings, rounded to `places` decimals (half away from zero). */
export function averageDecimals(values: readonly string[], places: number): string | null {
  if (values.length === 0) return null;
  const total = values.reduce((sum, value) => sum.plus(toExact(value)), new Exact(0));
  return fromExact(total.dividedBy(values.length), places);
}

/** Rounds a decimal string to `places` decimals (half away from zero). */
export function roundDecimal(value: string, places: number): string {
  const exact = toExact(value);
  return exact.decimalPlaces() <= places ? fromExact(exact) : fromExact(exact, places);
}
