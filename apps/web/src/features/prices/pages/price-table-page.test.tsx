import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { startServerEvents } from '@/lib/server-events';
import { installFakeEventSource } from '@/lib/testing/fake-event-source';
import { seedSession } from '@/test/render-app';
import { installFakePricesApi, renderPrices } from '../testing/fake-prices-api';
import PriceTablePage from './price-table-page';

const routes = [
  { path: '/marketprice', element: <PriceTablePage /> },
  { path: '/marketprice/gasoline', element: <PriceTablePage /> },
  { path: '/marketprice/diesel', element: <PriceTablePage /> },
  { path: '/marketprice/:slug', element: <PriceTablePage /> },
];

function tableRows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

function productNames() {
  // The name is the first text of the row header (a demo badge and the delivery mode follow it).
  return tableRows().map((row) => within(row).getByRole('rowheader').querySelector('span')?.firstChild?.textContent);
}

const url = (router: ReturnType<typeof renderPrices>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

describe('daily price table', () => {
  it('shows the latest day with prices, changes against the previous publication and the date', async () => {
    seedSession();
    installFakePricesApi();
    renderPrices('/marketprice', routes);
    expect(screen.getByRole('status')).toHaveTextContent('Loading prices…');
    await screen.findByRole('table');
    expect(screen.getByText('Prices of January 9, 2024 · 5 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Choose a day.*January 9, 2024/ })).toBeInTheDocument();
    const wti = tableRows().find((row) => row.textContent?.includes('WTI Cushing'))!;
    const cells = within(wti).getAllByRole('cell').map((cell) => cell.textContent);
    // Price and change come right after the product: on a phone they are what fits beside it.
    expect(cells).toEqual(['71.50 USD/bbl', '+0.73', '+1.03%', 'Crude oil', 'Jan 8, 2024']);
    expect(screen.queryByText('Demo data')).not.toBeInTheDocument();
  });

  it('sorts on the server when a column header is clicked', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user, router } = renderPrices('/marketprice', routes);
    await screen.findByRole('table');
    const priceHeader = screen.getByRole('columnheader', { name: /Price/ });
    expect(priceHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(priceHeader).getByRole('button'));
    await waitFor(() => expect(url(router)).toBe('/marketprice?sort=value'));
    await waitFor(() => expect(productNames()[0]).toBe('Mont Belvieu propane'));
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(screen.getByRole('columnheader', { name: /Price/ })).getByRole('button'));
    await waitFor(() => expect(productNames()[0]).toBe('Brent'));
    expect(api.last('/api/prices')!.url.searchParams.get('order')).toBe('desc');
    expect(url(router)).toBe('/marketprice?sort=value&order=desc');
  });

  it('filters by category and pages with the rows-per-page choice', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user, router } = renderPrices('/marketprice?date=2024-01-08', routes);
    await screen.findByRole('table');
    expect(tableRows()).toHaveLength(8);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'crude');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(api.last('/api/prices')!.url.searchParams.get('category')).toBe('crude');
    expect(url(router)).toBe('/marketprice?date=2024-01-08&category=crude');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), '');
    await waitFor(() => expect(tableRows()).toHaveLength(8));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    await waitFor(() => expect(api.last('/api/prices')!.url.searchParams.get('page_size')).toBe('10'));
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('picks another publication day in the calendar, where days without prices cannot be chosen', async () => {
    seedSession();
    const api = installFakePricesApi();
    const { user, router } = renderPrices('/marketprice', routes);
    await screen.findByRole('table');
    expect(tableRows()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: /Choose a day/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose a publication date' });
    expect(within(calendar).getByText('Only days with published prices can be chosen.')).toBeInTheDocument();
    const day = (label: RegExp) => within(calendar).getByRole('button', { name: label });
    expect(day(/January 6(th)?, 2024/)).toBeDisabled();
    expect(day(/January 10(th)?, 2024/)).toBeDisabled();
    expect(day(/January 8(th)?, 2024/)).toBeEnabled();
    await user.click(day(/January 8(th)?, 2024/));
    await waitFor(() => expect(url(router)).toBe('/marketprice?date=2024-01-08'));
    await waitFor(() => expect(tableRows()).toHaveLength(8));
    expect(api.last('/api/prices')!.url.searchParams.get('date')).toBe('2024-01-08');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Prices of January 8, 2024 · 8 products')).toBeInTheDocument();
  });

  it('fixes the category on /marketprice/diesel and on category sub-items', async () => {
    seedSession();
    const api = installFakePricesApi();
    renderPrices('/marketprice/diesel', routes);
    expect(await screen.findByRole('heading', { name: 'Diesel prices' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(api.last('/api/prices')!.url.searchParams.get('category')).toBe('diesel');
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(productNames()).toEqual(['NY Harbor ULSD']);
  });

  it('exports the shown day as CSV', async () => {
    seedSession();
    const api = installFakePricesApi();
    URL.createObjectURL = vi.fn(() => 'blob:prices');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPrices('/marketprice/gasoline?date=2024-01-08', routes);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = api.last('/api/prices/export')!;
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({ format: 'csv', date: '2024-01-08', category: 'gasoline' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('fueldesk-prices-2024-01-08-gasoline.csv');
  });

  it('labels demo data, and has empty and error states', async () => {
    seedSession();
    installFakePricesApi({ isDemo: true });
    const demo = renderPrices('/marketprice', routes);
    await screen.findByRole('table');
    expect(within(screen.getByRole('heading', { level: 2 })).getByText('Demo data')).toBeInTheDocument();
    demo.unmount();

    installFakePricesApi({ market: {} });
    const empty = renderPrices('/marketprice', routes);
    expect(await screen.findByRole('heading', { name: 'No prices yet' })).toBeInTheDocument();
    empty.unmount();

    installFakePricesApi();
    const noDay = renderPrices('/marketprice?date=2024-01-06', routes);
    expect(await screen.findByRole('heading', { name: 'No prices on this day' })).toBeInTheDocument();
    await noDay.user.click(screen.getByRole('button', { name: 'Show the latest day' }));
    await screen.findByRole('table');
    noDay.unmount();

    installFakePricesApi({ failPrices: true });
    renderPrices('/marketprice', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('The prices could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refetches when the server announces prices_updated', async () => {
    const EventSourceStub = installFakeEventSource();
    seedSession();
    const api = installFakePricesApi();
    renderPrices('/marketprice', routes);
    // The dashboard layout opens the stream for the signed-in user; this test opens it itself.
    const stop = startServerEvents();
    await screen.findByRole('table');
    const before = api.requests.filter((request) => request.url.pathname === '/api/prices').length;
    await waitFor(() => expect(EventSourceStub.latest()).toBeDefined());
    EventSourceStub.latest()!.emit('prices_updated', { product_codes: ['WTI'], inserted: 1 });
    await waitFor(() => expect(api.requests.filter((request) => request.url.pathname === '/api/prices').length).toBeGreaterThan(before));
    stop();
  });

  it('speaks Spanish', async () => {
    seedSession();
    await i18n.changeLanguage('es');
    installFakePricesApi();
    renderPrices('/marketprice', routes);
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Precios diarios del mercado' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Precio/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText('Crudo')).toHaveLength(2);
    // Product names and delivery modes come from the catalogue in Spanish, not the server's English.
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: /Diésel ULSD, Puerto de Nueva York/ })).toBeInTheDocument();
    expect(within(table).queryByText('NY Harbor ULSD')).not.toBeInTheDocument();
    expect(within(table).getAllByText('Al contado FOB Europa')).toHaveLength(1);
  });
});
