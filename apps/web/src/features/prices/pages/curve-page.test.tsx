import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { renderPrices } from '../testing/fake-prices-api';
import CurvePage from './curve-page';

const routes = [{ path: '/marketprice/curve', element: <CurvePage /> }];

const futures = (code: string, name: string) => ({
  id: `id-${code}`,
  code,
  name,
  description: name,
  category: 'crude',
  unit: 'bbl',
  currency: 'USD',
  units: 'USD/bbl',
  delivery_mode: 'NYMEX futures',
  location: 'Cushing, OK',
  decimal_places: 2,
  eia_series_id: null,
  fred_series_id: null,
  first_date: '1983-03-30',
  last_date: '2022-02-15',
  is_demo: false,
  kind: 'futures',
  formula: null,
  legs: [],
  divisor: '1',
});

const points = (values: string[]) => values.map((value, index) => ({ contract: index + 1, forward_period: `C${index + 1}`, value }));

const CURVE = {
  code: 'WTI_FUT',
  date: '2022-02-15',
  unit: 'bbl',
  currency: 'USD',
  points: points(['92.07', '91.1', '89.88', '88.5']),
  shape: 'backwardation',
  decimal_places: 2,
  is_demo: false,
  latest_date: '2022-02-15',
  week_earlier: { date: '2022-02-08', shape: 'backwardation', points: points(['89.36', '88.4', '87.2', '86']) },
  month_earlier: { date: '2022-01-14', shape: 'backwardation', points: points(['83.82', '83.3', '82.5', '81.6']) },
};

function installApi(curve: (code: string) => Response) {
  return mockApi({
    'GET /api/events/token': () => json(200, { token: 'stream-token', expires_in: 60 }),
    'GET /api/prices/products': () => json(200, { products: [futures('WTI_FUT', 'WTI crude oil futures'), futures('NG_HH_FUT', 'Henry Hub natural gas futures')] }),
    'GET /api/prices/curve': ({ url }) => curve(url.searchParams.get('code')!),
  });
}

beforeAll(async () => {
  await loadTexts('analytics');
});
beforeEach(() => seedSession());

describe('forward curve page', () => {
  it('draws the latest curve against a week and a month earlier, names its shape and says EIA stopped publishing', async () => {
    const api = installApi(() => json(200, CURVE));
    renderPrices('/marketprice/curve?code=WTI_FUT', routes);
    expect(await screen.findByRole('img', { name: 'Forward curve of WTI crude oil futures on Feb 15, 2022' })).toBeInTheDocument();
    expect(screen.getByTestId('curve-shape')).toHaveTextContent('Backwardation: later contracts are cheaper');
    expect(screen.getByRole('note')).toHaveTextContent('EIA stopped publishing these after 2024-04-05');
    const table = screen.getByRole('table', { name: 'Contract settlements on the compared dates' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Contract',
      'Latest (Feb 15, 2022)',
      '1 week earlier (Feb 8, 2022)',
      '1 month earlier (Jan 14, 2022)',
    ]);
    expect(within(table).getByRole('row', { name: /Contract 4/ })).toHaveTextContent('88.50');
    expect(api.callsTo('GET /api/prices/curve')[0]!.url.searchParams.get('code')).toBe('WTI_FUT');
  });

  it('shows an empty state for a product without a curve, and speaks Spanish', async () => {
    installApi(() => json(404, { code: 'NOT_FOUND', detail: 'NG_HH_FUT has no forward curve yet.' }));
    await i18n.changeLanguage('es');
    renderPrices('/marketprice/curve?code=NG_HH_FUT', routes);
    expect(await screen.findByText('Aún no hay curva')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Curva a plazo' })).toBeInTheDocument();
  });

  it('writes the axis numbers as the Spanish table does, with a decimal comma', async () => {
    installApi(() => json(200, CURVE));
    await i18n.changeLanguage('es');
    renderPrices('/marketprice/curve?code=WTI_FUT', routes);
    const chart = await screen.findByRole('img', { name: /./ });
    const ticks = [...chart.querySelectorAll('text')].map((text) => text.textContent ?? '').filter((text) => /^[\d.,]+$/.test(text));
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.filter((tick) => !/^\d+,\d{2}$/.test(tick))).toEqual([]);
  });

  it('shows a failed load with a retry', async () => {
    installApi(() => json(500, { code: 'INTERNAL_ERROR', detail: 'Server error.' }));
    renderPrices('/marketprice/curve', routes);
    expect(await screen.findByText('The curve could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
