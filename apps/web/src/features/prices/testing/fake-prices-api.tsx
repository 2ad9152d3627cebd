import {
  DASHBOARD_LIMIT_MESSAGE,
  englishMessages,
  translateMessage,
  DASHBOARD_MAX_PRODUCTS,
  type Dashboard,
  type PriceCategory,
  type PriceRow,
  type Product,
} from '@fueldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/auth-store';
import { jsonResponse as json, mockApi, type MockHandler } from '@/lib/testing/mock-api';

interface ProductSpec {
  code: string;
  name: string;
  category: PriceCategory;
  unit: 'bbl' | 'gal';
  decimals: number;
}

export const PRODUCTS: ProductSpec[] = [
  { code: 'WTI', name: 'WTI Cushing', category: 'crude', unit: 'bbl', decimals: 2 },
  { code: 'BRENT', name: 'Brent', category: 'crude', unit: 'bbl', decimals: 2 },
  { code: 'GASOLINE_NYH', name: 'NY Harbor conventional gasoline', category: 'gasoline', unit: 'gal', decimals: 3 },
  { code: 'RBOB_LA', name: 'Los Angeles RBOB', category: 'gasoline', unit: 'gal', decimals: 3 },
  { code: 'ULSD_NYH', name: 'NY Harbor ULSD', category: 'diesel', unit: 'gal', decimals: 3 },
  { code: 'ULSD_LA', name: 'Los Angeles ULSD (CARB)', category: 'diesel', unit: 'gal', decimals: 3 },
  { code: 'JET_USGC', name: 'Gulf Coast jet fuel', category: 'jet-fuel', unit: 'gal', decimals: 3 },
  { code: 'PROPANE_MB', name: 'Mont Belvieu propane', category: 'propane', unit: 'gal', decimals: 3 },
];

/** Prices by date then product code (two weeks of a small market). */
export type Market = Record<string, Record<string, string>>;

export const MARKET: Market = {
  '2024-01-04': { WTI: '72.19', BRENT: '77.59', GASOLINE_NYH: '2.101', RBOB_LA: '2.5', ULSD_NYH: '2.61', ULSD_LA: '2.9', JET_USGC: '2.55', PROPANE_MB: '0.7' },
  '2024-01-05': { WTI: '73.81', BRENT: '78.76', GASOLINE_NYH: '2.1', RBOB_LA: '2.52', ULSD_NYH: '2.6', ULSD_LA: '2.88', JET_USGC: '2.57', PROPANE_MB: '0.71' },
  '2024-01-08': { WTI: '70.77', BRENT: '76.12', GASOLINE_NYH: '2.155', RBOB_LA: '2.49', ULSD_NYH: '2.6', ULSD_LA: '2.95', JET_USGC: '2.5', PROPANE_MB: '0.69' },
  '2024-01-09': { WTI: '71.5', BRENT: '77.01', GASOLINE_NYH: '2.2', ULSD_NYH: '2.65', PROPANE_MB: '0.7' },
};

function subtract(a: string, b: string, decimals: number): string {
  return (Number(a) - Number(b)).toFixed(decimals).replace(/\.?0+$/, '') || '0';
}

function buildProduct(spec: ProductSpec, market: Market, isDemo: boolean): Product {
  const dates = Object.keys(market).filter((date) => market[date]![spec.code]).sort();
  return {
    id: `id-${spec.code}`,
    code: spec.code,
    name: spec.name,
    name_es: null,
    description: `${spec.name} spot price`,
    category: spec.category,
    unit: spec.unit,
    currency: 'USD',
    units: `USD/${spec.unit}`,
    delivery_mode: 'Spot FOB',
    location: 'Somewhere',
    decimal_places: spec.decimals,
    eia_series_id: null,
    fred_series_id: null,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    is_demo: isDemo,
    kind: 'spot',
    formula: null,
    legs: [],
    divisor: '1',
  };
}

function buildRow(spec: ProductSpec, date: string, market: Market, isDemo: boolean): PriceRow {
  const dates = Object.keys(market).sort();
  const previousDate = dates.filter((day) => day < date && market[day]![spec.code]).at(-1) ?? null;
  const value = market[date]![spec.code]!;
  const previous = previousDate ? market[previousDate]![spec.code]! : null;
  const diff = previous === null ? null : subtract(value, previous, spec.decimals);
  return {
    id: `${spec.code}-${date}`,
    product: `id-${spec.code}`,
    product_name: spec.name,
    product_name_es: null,
    product_description: `${spec.name} spot price`,
    code_id: spec.code,
    category: spec.category,
    delivery_mode_label: 'Spot FOB Somewhere',
    unit1_label: 'USD',
    unit2_label: spec.unit,
    units: `USD/${spec.unit}`,
    publication_date: date,
    fmt_date: date,
    value,
    diff_base_value: diff,
    previous_date: previousDate,
    percent_change: previous === null ? null : Math.round(((Number(value) - Number(previous)) / Math.abs(Number(previous))) * 10_000) / 100,
    forward_period: null,
    repository_id: null,
    decimal_places: spec.decimals,
    create_uid: null,
    create_date: '2024-01-10T00:00:00.000Z',
    write_date: '2024-01-10T00:00:00.000Z',
    date_modified: '2024-01-10T00:00:00.000Z',
    source: isDemo ? 'demo' : 'eia',
    is_demo: isDemo,
    kind: 'spot',
    formula: null,
  };
}

export interface FakePricesOptions {
  market?: Market;
  isDemo?: boolean;
  dashboards?: Dashboard[];
  failDelete?: boolean;
  failPrices?: boolean;
}

/**
 * An msw fake answering the market-data API like the server does (latest day by default,
 * previous-publication changes, server-side sort and paging, the dashboard limit) and recording
 * every request.
 */
export function installFakePricesApi(options: FakePricesOptions = {}) {
  const market = options.market ?? MARKET;
  const isDemo = options.isDemo ?? false;
  const dashboards: Dashboard[] = [...(options.dashboards ?? [])];
  const requests: Array<{ method: string; url: URL; body: unknown }> = [];
  const dates = Object.keys(market).sort();
  const rowsOf = (date: string) => PRODUCTS.filter((spec) => market[date]?.[spec.code]).map((spec) => buildRow(spec, date, market, isDemo));

  const answer: MockHandler = ({ url, method, body }) => {
    requests.push({ method, url, body });
    const query = url.searchParams;

    if (url.pathname === '/api/events/token') return json(200, { token: 'stream-token', expires_in: 60 });
    if (url.pathname === '/api/prices/products') return json(200, { products: PRODUCTS.map((spec) => buildProduct(spec, market, isDemo)) });
    if (url.pathname === '/api/prices/dates') return json(200, { dates, earliest: dates[0] ?? null, latest: dates.at(-1) ?? null });
    if (url.pathname === '/api/prices') {
      if (options.failPrices) return json(500, { code: 'INTERNAL_ERROR', detail: 'Server error.' });
      const date = query.get('date') ?? dates.at(-1) ?? null;
      const category = query.get('category');
      const sort = query.get('sort') ?? 'product_name';
      const direction = query.get('order') === 'desc' ? -1 : 1;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('page_size') ?? 25);
      const rows = (date ? rowsOf(date) : [])
        .filter((row) => !category || row.category === category)
        .sort((a, b) => {
          const key = sort as keyof PriceRow;
          const left = a[key];
          const right = b[key];
          if (typeof left === 'string' && typeof right === 'string' && sort !== 'value' && sort !== 'diff_base_value') return direction * left.localeCompare(right);
          return direction * (Number(left ?? 0) - Number(right ?? 0));
        });
      return json(200, {
        date,
        latest_date: dates.at(-1) ?? null,
        rows: rows.slice((page - 1) * pageSize, page * pageSize),
        total: rows.length,
        page,
        page_size: pageSize,
        is_demo: isDemo && rows.length > 0,
      });
    }
    if (url.pathname === '/api/prices/history') {
      const codes = (query.get('codes') ?? '').split(',');
      const series = codes.map((code) => {
        const spec = PRODUCTS.find((item) => item.code === code)!;
        const points = dates
          .filter((date) => market[date]![code])
          .map((date) => {
            const row = buildRow(spec, date, market, isDemo);
            return { date, value: row.value, diff_base_value: row.diff_base_value };
          });
        return { code, name: spec.name, category: spec.category, units: `USD/${spec.unit}`, decimal_places: spec.decimals, is_demo: isDemo, points };
      });
      return json(200, { from: query.get('from') ?? dates[0], to: query.get('to') ?? dates.at(-1), series, is_demo: isDemo });
    }
    if (url.pathname === '/api/prices/movers') {
      const rows = rowsOf(dates.at(-1)!).filter((row) => row.percent_change !== null);
      return json(200, {
        date: dates.at(-1),
        gainers: rows.filter((row) => row.percent_change! > 0).sort((a, b) => b.percent_change! - a.percent_change!),
        losers: rows.filter((row) => row.percent_change! < 0).sort((a, b) => a.percent_change! - b.percent_change!),
        is_demo: isDemo,
      });
    }
    if (url.pathname === '/api/prices/summary') {
      return json(200, {
        date: dates.at(-1),
        categories: [{ category: 'crude', count: 2, units: 'USD/bbl', average: '74.26', average_change: '0.81', average_percent_change: 1.1, advancers: 2, decliners: 0 }],
        is_demo: isDemo,
      });
    }
    if (url.pathname === '/api/prices/export') return new Response('publication_date,code\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
    if (url.pathname === '/api/dashboards' && method === 'GET') return json(200, { dashboards });
    if (url.pathname === '/api/dashboards' && method === 'POST') {
      const input = body as { name: string; slug?: string; product_codes: string[] };
      if (input.product_codes.length > DASHBOARD_MAX_PRODUCTS) return json(400, { code: 'DASHBOARD_LIMIT', detail: translateMessage(englishMessages, DASHBOARD_LIMIT_MESSAGE), key: DASHBOARD_LIMIT_MESSAGE });
      const created: Dashboard = {
        id: `dash-${dashboards.length + 1}`,
        name: input.name,
        slug: input.slug ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        product_codes: input.product_codes,
        created_at: '2024-01-10T00:00:00.000Z',
        updated_at: '2024-01-10T00:00:00.000Z',
      };
      dashboards.push(created);
      return json(201, created);
    }
    const byId = /^\/api\/dashboards\/([^/]+)$/.exec(url.pathname);
    if (byId) {
      const index = dashboards.findIndex((dashboard) => dashboard.id === byId[1]);
      if (index < 0) return json(404, { code: 'NOT_FOUND', detail: 'This dashboard does not exist.' });
      if (method === 'DELETE') {
        if (options.failDelete) return json(500, { code: 'INTERNAL_ERROR', detail: 'Server error.' });
        dashboards.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      if (method === 'PUT') {
        const input = body as { name?: string; product_codes?: string[] };
        if ((input.product_codes?.length ?? 0) > DASHBOARD_MAX_PRODUCTS) return json(400, { code: 'DASHBOARD_LIMIT', detail: translateMessage(englishMessages, DASHBOARD_LIMIT_MESSAGE), key: DASHBOARD_LIMIT_MESSAGE });
        dashboards[index] = { ...dashboards[index]!, ...input } as Dashboard;
        return json(200, dashboards[index]);
      }
    }
    return json(404, { code: 'ROUTE_NOT_FOUND', detail: 'This API path does not exist.' });
  };
  mockApi({}, { fallback: answer });

  return {
    requests,
    dashboards,
    last: (pathname: string, method = 'GET') => requests.filter((request) => request.url.pathname === pathname && request.method === method).at(-1),
  };
}

/** Mounts pages of the feature on their real paths inside the providers they use. */
export function renderPrices(path: string, routes: Array<{ path: string; element: ReactElement }>) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, user, client };
}

/** lightweight-charts needs a canvas; tests record what would have been drawn instead. */
export const drawnCharts: Array<{ series: Array<{ title?: string; points: number; options: Record<string, unknown> }>; options: Record<string, unknown>; fits: number }> = [];

/** Stands in for lightweight-charts (no canvas in jsdom): records what the page asked it to draw. */
export function createFakeChartModule() {
  return {
    ColorType: { Solid: 'solid' },
    LineSeries: 'Line',
    createChart: (_element: unknown, options: Record<string, unknown>) => {
      const chart = { series: [] as Array<{ title?: string; points: number; options: Record<string, unknown> }>, options, fits: 0 };
      drawnCharts.push(chart);
      return {
        addSeries: (_type: unknown, seriesOptions: { title?: string }) => {
          const entry = { title: seriesOptions.title, points: 0, options: seriesOptions };
          chart.series.push(entry);
          return { setData: (data: unknown[]) => void (entry.points = data.length) };
        },
        timeScale: () => ({ fitContent: () => void (chart.fits += 1) }),
        remove: () => undefined,
      };
    },
  };
}
