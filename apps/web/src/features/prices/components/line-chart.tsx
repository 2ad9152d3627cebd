import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '@/lib/i18n';
import { formatTimeTick } from '../lib/chart-axis';
import { formatPrice } from '../lib/format';
import { afterNextPaint } from '@/lib/after-paint';

export interface ChartSeries {
  id: string;
  name: string;
  color: string;
  /** Products in $/bbl and $/gal share a chart on two scales. */
  scale: 'left' | 'right';
  decimals: number;
  points: Array<{ date: string; value: number }>;
}

/** Follows the dashboard theme (the `dark` class on <html>) so the chart redraws in the right colours. */
function useIsDark(): boolean {
  const [isDark, setIsDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const observer = new MutationObserver(() => setIsDark(document.documentElement.classList.contains('dark')));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return isDark;
}

/** How close to the viewport a chart drawn on demand (`drawNearView`) starts loading and drawing. */
const NEAR_VIEW_MARGIN = '200px';

/**
 * Whether the element has come within NEAR_VIEW_MARGIN of the viewport (true from the start when
 * `enabled` is false or the browser cannot tell). Stays true once it has.
 */
function useNearView(element: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [near, setNear] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A line chart drawn with lightweight-charts (loaded on demand). One line per series; the left
 * scale is shown only when some series uses it. With `drawNearView` (a chart below the fold) its
 * code is loaded and the chart drawn only once its place comes near the viewport: a phone's first
 * screen does not wait for, nor share the main thread with, a chart no one sees yet.
 */
export function LineChart({ series, height = 320, label, drawNearView = false }: { series: ChartSeries[]; height?: number; label: string; drawNearView?: boolean }) {
  const { t } = useTranslation('prices');
  const container = useRef<HTMLDivElement>(null);
  const isDark = useIsDark();
  const [failed, setFailed] = useState(false);
  const near = useNearView(container, drawNearView);

  useEffect(() => {
    const element = container.current;
    if (!element || !near) return;
    let disposed = false;
    let remove: (() => void) | null = null;
    // Asked for once the frame that shows the chart's place is painted: that frame (often the page's
    // largest paint) does not wait for the library's 46 KiB, nor share the link with it.
    let cancelPaint: () => void = () => undefined;
    new Promise<void>((resolve) => (cancelPaint = afterNextPaint(resolve)))
      .then(() => import('lightweight-charts'))
      .then(({ createChart, LineSeries, ColorType }) => {
        if (disposed) return;
        const text = isDark ? '#cbd5e1' : '#334155';
        const grid = isDark ? '#1e293b' : '#e2e8f0';
        const usesLeft = series.some((item) => item.scale === 'left');
        const usesRight = series.some((item) => item.scale === 'right');
        const chart = createChart(element, {
          autoSize: true,
          height,
          layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: false },
          grid: { vertLines: { color: grid }, horzLines: { color: grid } },
          // Whole corner labels only (no clipped top value), a little room above and below the lines.
          leftPriceScale: { visible: usesLeft, borderColor: grid, entireTextOnly: true, scaleMargins: { top: 0.08, bottom: 0.08 } },
          rightPriceScale: { visible: usesRight || !usesLeft, borderColor: grid, entireTextOnly: true, scaleMargins: { top: 0.08, bottom: 0.08 } },
          // Months, with the year where it changes, in the reader's language. (uniformDistribution
          // once kept "every month or none": at desktop width it chose none, leaving a bare "2026".)
          // Ten years of business days are ~2,500 points: let fitContent squeeze them all in
          // (the default minimum spacing of 0.5 px would silently cut off the oldest years).
          timeScale: { borderColor: grid, minBarSpacing: 0.01, tickMarkFormatter: formatTimeTick },
          localization: { locale: getCurrentLanguage() === 'es' ? 'es-ES' : 'en-US' },
          crosshair: { mode: 0 },
        });
        for (const item of series) {
          const line = chart.addSeries(LineSeries, {
            color: item.color,
            lineWidth: 2,
            title: item.name,
            priceScaleId: item.scale,
            // The scale's numbers as the tables write them (70,77 in Spanish), with the series' decimals.
            priceFormat: { type: 'custom', minMove: 1 / 10 ** item.decimals, formatter: (price: number) => formatPrice(price, item.decimals) },
          });
          line.setData(item.points.map((point) => ({ time: point.date, value: point.value })));
        }
        chart.timeScale().fitContent();
        // When the page around it changes width (sidebar collapsed, window resized), refit the
        // whole period instead of leaving a blank band on one side.
        let width = element.clientWidth;
        const resize =
          typeof ResizeObserver === 'undefined'
            ? null
            : new ResizeObserver(() => {
                if (element.clientWidth === width) return;
                width = element.clientWidth;
                requestAnimationFrame(() => {
                  if (!disposed) chart.timeScale().fitContent();
                });
              });
        resize?.observe(element);
        remove = () => {
          resize?.disconnect();
          chart.remove();
        };
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      cancelPaint();
      remove?.();
    };
  }, [series, height, isDark, near]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {t('chart.failed')}
      </p>
    );
  }
  return (
    <figure className="m-0 flex flex-col gap-2">
      <div ref={container} role="img" aria-label={label} data-testid="price-chart" data-series={series.length} style={{ height }} className="w-full" />
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {series.map((item) => (
          <span key={item.id} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 rounded" style={{ backgroundColor: item.color }} />
            {item.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
