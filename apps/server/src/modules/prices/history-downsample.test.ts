import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './history-downsample';

const series = (values: number[], start = Date.UTC(2020, 0, 1)) =>
  values.map((value, index) => ({ date: new Date(start + index * 86_400_000).toISOString().slice(0, 10), value: String(value) }));

describe('downsampleMinMax', () => {
  it('returns a series that fits as it is', () => {
    const points = series([1, 2, 3]);
    expect(downsampleMinMax(points, '2020-01-01', '2020-01-03', 3)).toBe(points);
  });

  it('keeps the lowest and highest point of each span, in date order, so a spike inside a span survives', () => {
    // 100 days, 10 spans of 10 days: a flat 50 with a spike of 99 on day 43 and a dip of 1 on day 77.
    const values = Array.from({ length: 100 }, (_, day) => (day === 43 ? 99 : day === 77 ? 1 : 50 + (day % 3)));
    const points = series(values);
    const kept = downsampleMinMax(points, '2020-01-01', '2020-04-09', 22);
    expect(kept.length).toBeLessThanOrEqual(22);
    expect(kept[0]).toBe(points[0]);
    expect(kept.at(-1)).toBe(points[99]);
    expect(kept).toContain(points[43]);
    expect(kept).toContain(points[77]);
    expect(kept.map((point) => point.date)).toEqual([...kept.map((point) => point.date)].sort());
    // Span 4 (days 40–49) keeps its low (50 on day 42... the first 50) and the spike, low first.
    const span = kept.filter((point) => point.date >= '2020-02-10' && point.date <= '2020-02-19');
    expect(span.map((point) => point.value)).toEqual(['50', '99']);
  });

  it('keeps one point for a span whose lowest is its highest, and the first and last points', () => {
    const points = series(Array.from({ length: 40 }, () => 7));
    expect(downsampleMinMax(points, '2020-01-01', '2020-02-09', 6)).toEqual([points[0], points[20], points[39]]);
  });
});
