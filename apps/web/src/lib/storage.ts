/**
 * Web Storage can throw (private mode, quota, disabled cookies) and hold anything a user or an
 * older build wrote, so every read and write goes through these helpers and never throws.
 */
export type StorageArea = 'local' | 'session';

function getArea(area: StorageArea): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readString(area: StorageArea, key: string): string | null {
  try {
    return getArea(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(area: StorageArea, key: string, value: string): void {
  try {
    getArea(area)?.setItem(key, value);
  } catch {
    // A full or disabled storage only costs persistence; the in-memory state stays right.
  }
}

export function removeKey(area: StorageArea, key: string): void {
  try {
    getArea(area)?.removeItem(key);
  } catch {
    // Same as writeString.
  }
}

/** Parses a stored JSON value; a missing or unparsable value gives null. */
export function readJson(area: StorageArea, key: string): unknown {
  const raw = readString(area, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(area: StorageArea, key: string, value: unknown): void {
  writeString(area, key, JSON.stringify(value));
}

export function readBoolean(area: StorageArea, key: string): boolean | null {
  const raw = readString(area, key);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

export function writeBoolean(area: StorageArea, key: string, value: boolean): void {
  writeString(area, key, value ? 'true' : 'false');
}
