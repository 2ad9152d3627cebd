import { describe, expect, it } from 'vitest';
import { timeOrderedIds } from './time-ordered-ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids', () => {
  it('are version-7 UUIDs carrying the time, unique and ascending within a call', () => {
    const now = Date.UTC(2026, 10, 28, 15, 0, 0);
    const ids = timeOrderedIds(20_000, now);
    expect(ids).toHaveLength(20_000);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, index) => index === 0 || ids[index - 1]! < id)).toBe(true);
    expect(Number.parseInt(ids[0]!.replace('-', '').slice(0, 12), 16)).toBe(now);
  });

  it('differ between calls of the same millisecond, and a later millisecond sorts after', () => {
    const now = Date.now();
    const first = timeOrderedIds(1000, now);
    const second = timeOrderedIds(1000, now);
    expect(new Set([...first, ...second]).size).toBe(2000);
    expect(timeOrderedIds(1, now + 1)[0]! > [...first, ...second].sort().at(-1)!).toBe(true);
  });
});
