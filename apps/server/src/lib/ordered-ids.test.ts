import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrderedIdRange, createOrderedIds } from './ordered-ids';

describe('createOrderedIds', () => {
  it('makes version-7 ids, each greater than the one before, unique across writes of the same millisecond', () => {
    const now = Date.UTC(2026, 10, 28, 15, 0, 0, 123);
    const first = createOrderedIds(now);
    const second = createOrderedIds(now);
    const ids = [...Array.from({ length: 50_000 }, first), ...Array.from({ length: 50_000 }, second)];
    const version7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(ids.filter((id) => !version7.test(id) || !z.uuid().safeParse(id).success)).toEqual([]);
    const ofFirst = ids.slice(0, 50_000);
    expect(ofFirst).toEqual([...ofFirst].sort());
    expect(new Set(ids).size).toBe(ids.length);
    // The write's millisecond leads the id (RFC 9562's unix_ts_ms).
    expect(Number.parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });
});

describe('createOrderedIdRange', () => {
  it('names by position what createOrderedIds makes one after the other: the prefix, then start + position as eight hex digits', () => {
    const range = createOrderedIdRange(Date.UTC(2026, 10, 28, 15, 0, 0, 123));
    expect(range.prefix).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{4}$/);
    expect(range.start).toBeGreaterThanOrEqual(0);
    expect(range.start).toBeLessThan(2 ** 31);
    expect(range.idAt(0)).toBe(`${range.prefix}${range.start.toString(16).padStart(8, '0')}`);
    const ids = Array.from({ length: 1000 }, (_, position) => range.idAt(position));
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    // The furthest position a write could reach stays within the id's twelve last hex digits.
    expect(range.idAt(2 ** 31 - 1)).toMatch(/^[0-9a-f-]{28}[0-9a-f]{8}$/);
  });
});
