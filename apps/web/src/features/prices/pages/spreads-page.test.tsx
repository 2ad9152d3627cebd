import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { createFakeChartModule, drawnCharts, renderPrices } from '../testing/fake-prices-api';
import SpreadsPage from './spreads-page';

vi.mock('lightweight-charts', () => createFakeChartModule());

const routes = [{ path: '/marketprice/spreads', element: <SpreadsPage /> }];

function spreadProduct(code: string, name: string, unit: 'bbl' | 'gal', formula: string, lastDate: string | null) {
  return {
    id: `id-${code}`,
    code,
    name,
    description: name,
    category: 'spreads',
    unit,
    currency: 'USD',
    units: `USD/${unit}`,
    delivery_mode: 'Spread',
    location: '',
    decimal_places: unit === 'bbl' ? 2 : 4,
    eia_series_id: null,
    fred_series_id: null,
    first_date: lastDate ? '2024-01-04' : null,
    last_date: lastDate,
    is_demo: false,
    kind: 'spread',
    formula,
    legs: [],
    divisor: '1',
  };
}

const PRODUCTS = [
  spreadProduct('BRENT_WTI', 'Brent–WTI', 'bbl', 'BRENT − WTI', '2024-01-08'),
  spreadProduct('ARB_GASOLINE_NYH_USGC', 'Gasoline NYH–Gulf arbitrage', 'gal', 'GASOLINE_NYH − GASOLINE_USGC', '2024-01-08'),
];

function installApi(options: { fail?: boolean; empty?: boolean } = {}) {
  return mockApi({
    'GET /api/events/token': () => json(200, { token: 'stream-token', expires_in: 60 }),
    'GET /api/prices/products': () => json(200, { products: options.empty ? PRODUCTS.map((product) => ({ ...product, first_date: null, last_date: null })) : PRODUCTS }),
    'GET /api/prices/history': () =>
      options.fail
        ? json(500, { code: 'INTERNAL_ERROR', detail: 'Server error.' })
        : json(200, {
            from: '2023-01-08',
            to: '2024-01-08',
            is_demo: false,
            series: [
              {
                code: 'BRENT_WTI',
                name: 'Brent–WTI',
                category: 'spreads',
                units: 'USD/bbl',
                decimal_places: 2,
                is_demo: false,
                kind: 'spread',
                formula: 'BRENT − WTI',
                points: [
                  { date: '2024-01-04', value: '5.4', diff_base_value: null },
                  { date: '2024-01-08', value: '5.35', diff_base_value: '-0.05' },
                ],
              },
              {
                code: 'ARB_GASOLINE_NYH_USGC',
                name: 'Gasoline NYH–Gulf arbitrage',
                category: 'spreads',
                units: 'USD/gal',
                decimal_places: 4,
                is_demo: false,
                kind: 'spread',
                formula: 'GASOLINE_NYH − GASOLINE_USGC',
                points: [{ date: '2024-01-08', value: '0.12345', diff_base_value: null }],
              },
            ],
          }),
  });
}

beforeAll(async () => {
  await loadTexts('analytics');
});
beforeEach(() => {
  drawnCharts.length = 0;
  seedSession();
});

describe('spreads view', () => {
  it("shows each spread's latest value rounded for display with its formula, and draws the history on two scales", async () => {
    const api = installApi();
    renderPrices('/marketprice/spreads', routes);
    const table = await screen.findByRole('table', { name: "Each spread's latest value with its formula" });
    const brent = within(table).getByRole('row', { name: /Brent–WTI/ });
    expect(brent).toHaveTextContent('BRENT − WTI');
    expect(brent).toHaveTextContent('5.35');
    expect(brent).toHaveTextContent('-0.05');
    // $/gal to 4 decimals.
    expect(within(table).getByRole('row', { name: /Gasoline NYH–Gulf arbitrage/ })).toHaveTextContent('0.1235');
    await waitFor(() => expect(drawnCharts.at(-1)?.series).toHaveLength(2));
    const history = api.callsTo('GET /api/prices/history')[0]!.url.searchParams;
    expect(history.get('codes')).toBe('BRENT_WTI,ARB_GASOLINE_NYH_USGC');
    expect(history.get('from')).toBe('2023-01-08');
    expect(drawnCharts.at(-1)!.options).toMatchObject({ leftPriceScale: { visible: true }, rightPriceScale: { visible: true } });
  });

  it('speaks Spanish', async () => {
    installApi();
    await i18n.changeLanguage('es');
    renderPrices('/marketprice/spreads', routes);
    expect(await screen.findByRole('heading', { name: 'Diferenciales y cracks' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Último valor de cada diferencial con su fórmula' })).toBeInTheDocument();
  });

  it('says why there is no spread yet, and shows a failed load with a retry', async () => {
    installApi({ empty: true });
    const first = renderPrices('/marketprice/spreads', routes);
    expect(await screen.findByText('No spread yet')).toBeInTheDocument();
    first.unmount();
    installApi({ fail: true });
    renderPrices('/marketprice/spreads', routes);
    expect(await screen.findByText('The spreads could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
