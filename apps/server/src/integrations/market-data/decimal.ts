/**
 * Exact decimal strings for prices. Stored values are never passed through floating point: they are
 * compared, added and averaged as scaled BigInts.
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

interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(value: string): Scaled {
  const canonical = normalizeDecimal(value);
  if (canonical === null) throw new Error(`not a decimal: ${value}`);
  const negative = canonical.startsWith('-');
  const [intPart, fracPart = ''] = canonical.replace('-', '').split('.') as [string, string?];
  const units = BigInt(intPart + fracPart);
  return { units: negative ? -units : units, scale: fracPart.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function fromScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return normalizeDecimal(negative ? `-${text}` : text)!;
}

/** Rounds half away from zero to `places` decimals. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function compareDecimals(a: string, b: string): number {
  const left = toScaled(a);
  const right = toScaled(b);
  const scale = Math.max(left.scale, right.scale);
  const diff = rescale(left, scale) - rescale(right, scale);
  return diff === 0n ? 0 : diff < 0n ? -1 : 1;
}

export function subtractDecimals(a: string, b: string): string {
  const left = toScaled(a);
  const right = toScaled(b);
  const scale = Math.max(left.scale, right.scale);
  return fromScaled(rescale(left, scale) - rescale(right, scale), scale);
}

/** The mean of decimal strings, rounded to `places` decimals. */
export function averageDecimals(values: readonly string[], places: number): string | null {
  if (values.length === 0) return null;
  const scaled = values.map(toScaled);
  const scale = Math.max(places, ...scaled.map((value) => value.scale));
  const total = scaled.reduce((sum, value) => sum + rescale(value, scale), 0n);
  const mean = divideRounded(total * 10n ** BigInt(places), BigInt(values.length) * 10n ** BigInt(scale));
  return fromScaled(mean, places);
}

/** Rounds a decimal string to `places` decimals (half away from zero). */
export function roundDecimal(value: string, places: number): string {
  const scaled = toScaled(value);
  if (scaled.scale <= places) return fromScaled(scaled.units, scaled.scale);
  return fromScaled(divideRounded(scaled.units, 10n ** BigInt(scaled.scale - places)), places);
}
