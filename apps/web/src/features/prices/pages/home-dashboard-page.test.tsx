import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { jsonResponse, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { createFakeChartModule, drawnCharts, installFakePricesApi, renderPrices } from '../testing/fake-prices-api';
import { HOME_EARLY_GETS, startEarly } from '@/app/early-start';
import { clearEarlyRequests } from '@/lib/early-requests';
import HomeDashboardPage from './home-dashboard-page';

vi.mock('lightweight-charts', () => createFakeChartModule());

const routes = [
  { path: '/home', element: <HomeDashboardPage /> },
  { path: '/home/:slug', element: <HomeDashboardPage /> },
];

beforeEach(() => {
  drawnCharts.length = 0;
  clearEarlyRequests();
});

describe('home dashboard', () => {
  it("takes the first data the entry script asked for (app/early-start.ts) and asks for none of it twice", async () => {
    seedSession();
    const api = installFakePricesApi();
    startEarly('/home');
    // The entry sends them one task after another, long before the app's code has arrived.
    await waitFor(() => expect(api.requests).toHaveLength(HOME_EARLY_GETS.length));
    renderPrices('/home', routes);
    expect(await screen.findByText(/^A starting point: the crude benchmarks/)).toBeInTheDocument();
    expect(await screen.findByText('Gainers')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the summary…')).not.toBeInTheDocument());
    const gets = api.requests.filter((request) => request.method === 'GET').map((request) => `${request.url.pathname}${request.url.search}`);
    for (const path of HOME_EARLY_GETS) expect(gets.filter((url) => url === `/api${path}`), path).toHaveLength(1);
    // Besides them, only the starter dashboard's prices, once.
    expect(gets.filter((url) => !HOME_EARLY_GETS.some((path) => url === `/api${path}`)).map((url) => url.split('?')[0])).toEqual(['/api/prices/history']);
  });

  it('shows a new user a starter dashboard (crude benchmarks and main products) that they change and save', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user } = renderPrices('/home', routes);
    expect(await screen.findByText('A starting point: the crude benchmarks and the main products. Edit it to choose your own, up to 5.')).toBeInTheDocument();
    const starter = within(await screen.findByRole('list', { name: 'Followed products' })).getAllByRole('article');
    expect(starter.map((card) => card.getAttribute('aria-label'))).toEqual(['WTI Cushing', 'Brent', 'NY Harbor conventional gasoline', 'NY Harbor ULSD', 'Gulf Coast jet fuel']);
    expect(screen.queryByText('This dashboard is new. Choose up to 5 products and save it.')).not.toBeInTheDocument();
    // Nothing is stored until the reader changes it, and there is nothing to delete yet.
    expect(api.last('/api/dashboards', 'POST')).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit products' }));
    expect(screen.getByText('5 of 5 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You can follow at most 5 products. Remove one before adding Mont Belvieu propane.');
    expect(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Brent' }));
    expect(screen.getByText('4 of 5 chosen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' }));
    expect(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' })).toBeChecked();
    // The starter dashboard can be put back as it was.
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.last('/api/dashboards', 'POST')).toBeDefined());
    expect(api.last('/api/dashboards', 'POST')!.body).toEqual({
      name: 'My dashboard',
      slug: 'home',
      product_codes: ['WTI', 'GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC', 'PROPANE_MB'],
    });

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Followed products' })).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'WTI Cushing',
      'NY Harbor conventional gasoline',
      'NY Harbor ULSD',
      'Gulf Coast jet fuel',
      'Mont Belvieu propane',
    ]));
    const cards = within(screen.getByRole('list', { name: 'Followed products' })).getAllByRole('article');
    const wti = cards[0]!;
    expect(within(wti).getByText('71.50')).toBeInTheDocument();
    expect(within(wti).getByText('+0.73')).toBeInTheDocument();
    expect(within(wti).getByText('(+1.03%)')).toBeInTheDocument();
    expect(within(wti).getByTestId('sparkline')).toBeInTheDocument();
    const jet = within(screen.getByRole('list', { name: 'Followed products' })).getByRole('article', { name: 'Gulf Coast jet fuel' });
    expect(within(jet).getByText('2.500')).toBeInTheDocument();
    expect(within(jet).getByText('-0.070')).toBeInTheDocument();

    expect(await screen.findByRole('region', { name: 'Top movers' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Market summary' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Price movements' })).toBeInTheDocument();
    await waitFor(() => expect(drawnCharts.at(-1)?.series.map((series) => series.title)).toEqual(cards.map((card) => card.getAttribute('aria-label'))));
  });

  it('refuses a sixth product while editing a saved dashboard too', async () => {
    seedSession();
    installFakePricesApi({
      dashboards: [{ id: 'd1', name: 'Desk', slug: 'home', product_codes: ['WTI', 'BRENT', 'GASOLINE_NYH', 'ULSD_NYH', 'JET_USGC'], created_at: '', updated_at: '' }],
    });
    const { user } = renderPrices('/home', routes);
    await screen.findByRole('heading', { name: 'Desk' });
    await user.click(screen.getByRole('button', { name: 'Edit products' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 5 products');
    expect(screen.getByRole('checkbox', { name: 'Mont Belvieu propane' })).not.toBeChecked();
  });

  it('creates the dashboard of a Home sub-item under its slug on first save', async () => {
    seedSession();
    const api = installFakePricesApi({
      dashboards: [{ id: 'd1', name: 'My dashboard', slug: 'home', product_codes: ['WTI'], created_at: '', updated_at: '' }],
    });
    const { user } = renderPrices('/home/weekly-summary', routes);
    expect(await screen.findByRole('heading', { name: 'Weekly summary' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/home');
    await user.click(screen.getByRole('checkbox', { name: 'Brent' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.last('/api/dashboards', 'POST')?.body).toEqual({ name: 'Weekly summary', slug: 'weekly-summary', product_codes: ['BRENT'] }),
    );
    expect(await screen.findByRole('article', { name: 'Brent' })).toBeInTheDocument();
  });

  it("says 'Error deleting dashboard. Please try again.' when a delete fails", async () => {
    seedSession();
    installFakePricesApi({
      failDelete: true,
      dashboards: [{ id: 'd1', name: 'Desk', slug: 'home', product_codes: ['WTI'], created_at: '', updated_at: '' }],
    });
    const { user } = renderPrices('/home', routes);
    await screen.findByRole('article', { name: 'WTI Cushing' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this dashboard?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete dashboard' }));
    expect(await screen.findByText('Error deleting dashboard. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'WTI Cushing' })).toBeInTheDocument();
  });

  it('labels demo values and speaks Spanish', async () => {
    seedSession();
    await i18n.changeLanguage('es');
    installFakePricesApi({
      isDemo: true,
      dashboards: [{ id: 'd1', name: 'Mesa', slug: 'home', product_codes: ['WTI'], created_at: '', updated_at: '' }],
    });
    renderPrices('/home', routes);
    const card = await screen.findByRole('article', { name: 'WTI Cushing' });
    expect(within(card).getByText('Datos de demostración')).toBeInTheDocument();
    expect(within(card).getByText('71,50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar productos' })).toBeInTheDocument();
    expect(screen.getAllByText('Datos de demostración').length).toBeGreaterThan(1);
  });

  it('shows a dashboard saved under the English default name by the Spanish one', async () => {
    seedSession();
    await i18n.changeLanguage('es');
    installFakePricesApi({
      dashboards: [{ id: 'd1', name: 'My dashboard', slug: 'home', product_codes: ['ULSD_NYH'], created_at: '', updated_at: '' }],
    });
    renderPrices('/home', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Mi panel' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Diésel ULSD, Puerto de Nueva York' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the dashboards cannot be loaded', async () => {
    seedSession();
    mockApi({}, { fallback: () => jsonResponse(500, { code: 'INTERNAL_ERROR', detail: 'boom' }) });
    renderPrices('/home', routes);
    expect(await screen.findByText('Your dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
