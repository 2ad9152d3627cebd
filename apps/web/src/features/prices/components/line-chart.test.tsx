import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { SETTLE_WAIT } from '@/test/waits';
import { createFakeChartModule, drawnCharts } from '../testing/fake-prices-api';
import { LineChart, type ChartSeries } from './line-chart';

vi.mock('lightweight-charts', () => createFakeChartModule());

const series: ChartSeries[] = [{ id: 'WTI', name: 'WTI', color: '#000', scale: 'right', decimals: 2, points: [{ date: '2026-11-26', value: 70 }] }];

/** The observers the charts made, with a way to tell them their element came into view. */
const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[]; disconnected: boolean }> = [];

class FakeIntersectionObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function report(isIntersecting: boolean) {
  for (const observer of observers.filter((item) => !item.disconnected)) {
    const entries = observer.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => observer.callback(entries, observer as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  drawnCharts.length = 0;
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LineChart', () => {
  it('draws at once by default', async () => {
    render(<LineChart series={series} label="Crude" />);
    await vi.waitFor(() => expect(drawnCharts).toHaveLength(1), SETTLE_WAIT);
    expect(observers).toHaveLength(0);
  });

  it('with drawNearView, draws only once its place comes near the viewport', async () => {
    render(<LineChart series={series} label="Crude" drawNearView />);
    expect(screen.getByRole('img', { name: 'Crude' })).toBeInTheDocument();
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe('200px');
    report(false);
    // Give a load of the chart's code every chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawnCharts).toHaveLength(0);

    report(true);
    await vi.waitFor(() => expect(drawnCharts).toHaveLength(1), SETTLE_WAIT);
    expect(observers[0]!.disconnected).toBe(true);
    expect(drawnCharts[0]!.series.map((item) => item.title)).toEqual(['WTI']);
  });
});
