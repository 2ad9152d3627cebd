import type { AdminProduct } from '@fueldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { ProductsPanel } from './products-panel';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <ProductsPanel />
    </QueryClientProvider>,
  );
  return user;
}

const product = (code: string, changes: Partial<AdminProduct> = {}): AdminProduct => ({
  id: `id-${code}`,
  code,
  name: `${code} name`,
  name_es: `${code} nombre`,
  description: '',
  category: 'crude',
  kind: 'spot',
  unit: 'bbl',
  currency: 'USD',
  delivery_mode: 'Spot',
  location: 'Cushing, OK',
  decimal_places: 2,
  eia_series_id: 'RWTC',
  fred_series_id: null,
  futures_series_ids: [],
  formula: null,
  active: true,
  retired_at: null,
  points: 9000,
  last_date: '2026-01-02',
  updated_at: '2026-01-02T00:00:00.000Z',
  ...changes,
});

beforeAll(async () => {
  await loadTexts('admin');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('products panel', () => {
  it('adds a product, showing the server’s message beside the field it refused, then retires one', async () => {
    seedSession({ role: 'admin' });
    let products = [product('WTI')];
    const api = mockApi({
      'GET /api/admin/products': () => json(200, { products }),
      'POST /api/admin/products': ({ body }) => {
        const sent = body as { code: string; name_es: string; decimal_places: unknown };
        if (api.callsTo('POST /api/admin/products').length === 1) {
          return json(400, { code: 'VALIDATION_ERROR', detail: 'Check the form.', fields: { name_es: 'Write the name in Spanish.' } });
        }
        expect(sent).toMatchObject({ code: 'ULSD_CHI', name_es: 'Diésel, Chicago', decimal_places: 3, kind: 'spot' });
        products = [...products, product('ULSD_CHI', { name: 'Chicago ULSD' })];
        return json(201, products.at(-1));
      },
      'POST /api/admin/products/WTI/retire': () => {
        products = products.map((item) => (item.code === 'WTI' ? { ...item, active: false } : item));
        return json(200, products[0]);
      },
    });
    const user = renderPanel();
    expect(await screen.findByText('WTI name')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a product' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'ULSD_CHI');
    await user.type(within(dialog).getByLabelText(/^Name in English/), 'Chicago ULSD');
    await user.clear(within(dialog).getByLabelText(/^Decimal places/));
    await user.type(within(dialog).getByLabelText(/^Decimal places/), '3');
    await user.type(within(dialog).getByLabelText(/^Location/), 'Chicago, IL');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByText('Write the name in Spanish.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name in Spanish/), 'Diésel, Chicago');
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Chicago ULSD')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retire WTI' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Retire WTI?' })).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByRole('button', { name: 'Bring back WTI' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/products/WTI/retire')).toHaveLength(1);
  });

  it('shows Spanish names, and the error state with a retry, in Spanish', async () => {
    seedSession({ role: 'admin' });
    let fail = true;
    mockApi({ 'GET /api/admin/products': () => (fail ? json(500, { code: 'INTERNAL', detail: 'x' }) : json(200, { products: [product('WTI', { active: false })] })) });
    await i18n.changeLanguage('es');
    const user = renderPanel();
    expect(await screen.findByText('No se pudieron cargar los productos')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('WTI nombre')).toBeInTheDocument();
    expect(screen.getByText('Retirado')).toBeInTheDocument();
  });

  it('says so when there is no product', async () => {
    seedSession({ role: 'admin' });
    mockApi({ 'GET /api/admin/products': () => json(200, { products: [] }) });
    renderPanel();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });
});
