/**
 * Exact decimal strings for prices. Stored values are never passed through floating point: they are
 * compared, added and averaged as scaled BigInts.
 */

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Canonical form of a decimal string: no '+', no leading or trailing zeros, '-0' → '0'. Null if not a decimal. */
export function normalizeDecimal(input: string): string | null {
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
