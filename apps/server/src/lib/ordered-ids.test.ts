import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrderedIds } from './ordered-ids';

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
