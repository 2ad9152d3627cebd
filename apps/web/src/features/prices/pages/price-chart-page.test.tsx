import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSession } from '@/test/render-app';
import i18n from '@/lib/i18n';
import { createFakeChartModule, drawnCharts, installFakePricesApi, renderPrices } from '../testing/fake-prices-api';
import PriceChartPage from './price-chart-page';

vi.mock('lightweight-charts', () => createFakeChartModule());

const routes = [{ path: '/marketprice/graphics', element: <PriceChartPage /> }];
const url = (router: ReturnType<typeof renderPrices>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  drawnCharts.length = 0;
});

describe('comparison chart', () => {
  it('draws WTI and Brent indexed to 100 over the last year by default', async () => {
    seedSession();
    const api = installFakePricesApi();
    renderPrices('/marketprice/graphics', routes);
    await waitFor(() => expect(drawnCharts.at(-1)?.series.map((series) => series.title)).toEqual(['WTI Cushing', 'Brent']));
    const history = api.last('/api/prices/history')!.url.searchParams;
    // Two points per pixel of jsdom's 1024-pixel window: the server downsamples ten years to that.
    expect(Object.fromEntries(history)).toEqual({ codes: 'WTI,BRENT', from: '2023-01-09', to: '2024-01-09', max_points: '2048' });
    expect(drawnCharts.at(-1)!.series.map((series) => series.points)).toEqual([4, 4]);
    expect(screen.getByRole('button', { name: 'Indexed to 100' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Line chart of WTI Cushing, Brent' })).toBeInTheDocument();
    // The year asked for reaches before the first price: the caption names the period From and To
    // show, and says where the data starts.
    expect(screen.getByText(/^Jan 9, 2023 – Jan 9, 2024 · prices from Jan 4, 2024/)).toBeInTheDocument();
  });

  it('labels months with the year where it changes, numbers in the interface language, whole corner labels, and refits when its width changes', async () => {
    const observers: Array<() => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // A desktop-wide chart (jsdom lays nothing out, so every width is 0 otherwise).
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    try {
      seedSession();
      installFakePricesApi();
      renderPrices('/marketprice/graphics?mode=absolute', routes);
      await waitFor(() => expect(drawnCharts.at(-1)?.series).toHaveLength(2));
      const chart = drawnCharts.at(-1)!;
      expect(chart.options).toMatchObject({ rightPriceScale: { entireTextOnly: true }, leftPriceScale: { entireTextOnly: true } });
      const timeScale = chart.options.timeScale as { minBarSpacing: number; uniformDistribution?: boolean; tickMarkFormatter: (time: unknown, type: number) => string };
      expect(timeScale.minBarSpacing).toBeLessThan(0.3);
      // "Every month or none" chose none on a 1-year desktop chart, leaving one label: "2026".
      expect(timeScale.uniformDistribution).not.toBe(true);
      // lightweight-charts' TickMarkType: 0 year, 1 month, 2 day of month.
      expect(timeScale.tickMarkFormatter({ year: 2026, month: 1, day: 2 }, 0)).toBe('Jan 2026');
      expect(timeScale.tickMarkFormatter({ year: 2026, month: 2, day: 2 }, 1)).toBe('Feb');
      expect(timeScale.tickMarkFormatter('2026-03-05', 2)).toBe('Mar 5');
      const format = (chart.series[0]!.options.priceFormat as { formatter: (price: number) => string }).formatter;
      expect(format(1234.5)).toBe('1,234.50');
      const fitsBefore = chart.fits;
      // The sidebar collapses: the chart's box gets wider.
      width.mockReturnValue(1100);
      observers.at(-1)!();
      await waitFor(() => expect(chart.fits).toBe(fitsBefore + 1));

      // Spanish: Spanish month names, and a decimal comma as in the tables.
      await i18n.changeLanguage('es');
      expect(timeScale.tickMarkFormatter({ year: 2026, month: 1, day: 2 }, 0)).toBe('ene 2026');
      expect(timeScale.tickMarkFormatter({ year: 2026, month: 2, day: 2 }, 1)).toBe('feb');
      expect(format(82.76)).toBe('82,76');
    } finally {
      await i18n.changeLanguage('en');
      width.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('names in its caption the first day From shows, also when the data starts a day later', async () => {
    seedSession();
    installFakePricesApi();
    renderPrices('/marketprice/graphics?range=custom&from=2024-01-03&to=2024-01-09', routes);
    await waitFor(() => expect(drawnCharts.length).toBeGreaterThan(0));
    expect(screen.getByLabelText('From')).toHaveValue('2024-01-03');
    expect(await screen.findByText('Jan 3, 2024 – Jan 9, 2024 · each line starts at 100')).toBeInTheDocument();
  });

  it('adds products, switches to prices and another period, keeping it all in the address', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user, router } = renderPrices('/marketprice/graphics', routes);
    await waitFor(() => expect(drawnCharts.length).toBeGreaterThan(0));
    await user.click(screen.getByText('Choose products'));
    await user.click(screen.getByRole('checkbox', { name: 'NY Harbor ULSD' }));
    await user.click(screen.getByRole('button', { name: 'Prices' }));
    await user.click(screen.getByRole('button', { name: '3M' }));
    await waitFor(() => expect(url(router)).toBe('/marketprice/graphics?codes=WTI%2CBRENT%2CULSD_NYH&mode=absolute&range=3M'));
    await waitFor(() =>
      expect(drawnCharts.at(-1)?.series.map((series) => series.title)).toEqual(['WTI Cushing (USD/bbl)', 'Brent (USD/bbl)', 'NY Harbor ULSD (USD/gal)']),
    );
    expect(api.last('/api/prices/history')!.url.searchParams.get('from')).toBe('2023-10-09');
  });

  it('asks for products when none is chosen', async () => {
    seedSession();
    installFakePricesApi();
    renderPrices('/marketprice/graphics?codes=', routes);
    expect(await screen.findByRole('heading', { name: 'Choose products to compare' })).toBeInTheDocument();
  });
  it('shows the active period in From/To and refuses a From after To without asking the server', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user, router } = renderPrices('/marketprice/graphics', routes);
    await waitFor(() => expect(drawnCharts.length).toBeGreaterThan(0));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2023-01-09');
    expect(to).toHaveValue('2024-01-09');
    const requests = api.requests.filter((request) => request.url.pathname === '/api/prices/history').length;
    await user.clear(from);
    await user.type(from, '2024-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The From date must be on or before the To date.');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(url(router)).toBe('/marketprice/graphics');
    expect(api.requests.filter((request) => request.url.pathname === '/api/prices/history')).toHaveLength(requests);
  });

  it('explains a reversed period in the address instead of failing to load', async () => {
    seedSession();
    const api = installFakePricesApi();
    renderPrices('/marketprice/graphics?range=custom&from=2024-01-05&to=2023-12-01', routes);
    expect(await screen.findByRole('heading', { name: 'This period ends before it starts' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.pathname === '/api/prices/history')).toHaveLength(0);
  });
});
