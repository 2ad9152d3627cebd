import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import PriceAlertsPage from './price-alerts-page';

function renderPage(path = '/marketprice/alerts') {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <PriceAlertsPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const products = {
  products: [
    { code: 'WTI', name: 'WTI Cushing' },
    { code: 'ULSD_NYH', name: 'NY Harbor ULSD' },
  ],
};

const alert = {
  id: '22222222-2222-4222-8222-222222222222',
  product_code: 'WTI',
  condition: 'above',
  value: '75.5',
  channels: ['panel', 'email'],
  active: true,
  created_at: '2026-06-01T08:00:00.000Z',
  last_fired_at: null,
};

describe('PriceAlertsPage', () => {
  it('says when there are no alerts, validates the form in both languages, and creates an alert prefilled from ?product=', async () => {
    let created: unknown = null;
    const api = mockApi({
      'GET /api/prices/products': () => json(200, products),
      'GET /api/alerts': () => json(200, { items: created ? [alert] : [] }),
      'POST /api/alerts': (request) => {
        created = request.body;
        return json(201, alert);
      },
    });
    const { user } = renderPage('/marketprice/alerts?product=wti');
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Product/ })).toHaveValue('WTI'));

    await user.click(screen.getByRole('button', { name: 'Add alert' }));
    expect(await screen.findByRole('textbox', { name: /Level or percentage/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/alerts')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Level or percentage/ }), '75.5');
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/alerts')).toHaveLength(1));
    expect(created).toEqual({ product_code: 'WTI', condition: 'above', value: '75.5', channels: ['panel', 'email'] });
    const row = (await screen.findByText('At or above 75.5')).closest('tr')!;
    expect(within(row).getByText('Notifications panel, Email')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByText('En 75,5 o por encima')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir alerta' })).toBeInTheDocument();
  });

  it('pauses, shows the firings and deletes after a confirmation', async () => {
    let current = { ...alert, last_fired_at: '2026-06-02T06:00:00.000Z' };
    let deleted = false;
    const api = mockApi({
      'GET /api/prices/products': () => json(200, products),
      'GET /api/alerts': () => json(200, { items: deleted ? [] : [current] }),
      [`PATCH /api/alerts/${alert.id}`]: (request) => {
        current = { ...current, ...(request.body as object) };
        return json(200, current);
      },
      [`GET /api/alerts/${alert.id}/events`]: () =>
        json(200, { items: [{ at: '2026-06-02T06:00:00.000Z', publication_date: '2026-06-01', value: '76', previous_value: '74.99', change_pct: '1.3468' }] }),
      [`DELETE /api/alerts/${alert.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(api.callsTo(`PATCH /api/alerts/${alert.id}`)[0]?.body).toEqual({ active: false }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByText('Paused')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Firings' }));
    expect(await screen.findByText('2026-06-01: 76 (previous 74.99, change 1.3468 %)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this alert?' });
    expect(api.callsTo(`DELETE /api/alerts/${alert.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/alerts/${alert.id}`)).toHaveLength(1);
  });

  it('shows the error state with a retry when the alerts cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/prices/products': () => json(200, products),
      'GET /api/alerts': () => (fail ? json(500, { detail: 'boom', code: 'INTERNAL_ERROR' }) : json(200, { items: [alert] })),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Your alerts could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('At or above 75.5')).toBeInTheDocument();
  });

  it('offers the spreads and futures (contract 1) in the picker, said so in both languages, and creates an alert below a negative level on one', async () => {
    let created: unknown = null;
    const api = mockApi({
      'GET /api/prices/products': () =>
        json(200, {
          products: [
            ...products.products,
            { code: 'BRENT_WTI', name: 'Brent–WTI', name_es: 'Diferencial Brent–WTI', kind: 'spread' },
            { code: 'WTI_FUT', name: 'WTI crude oil futures', name_es: 'Futuros de crudo WTI', kind: 'futures' },
          ],
        }),
      'GET /api/alerts': () => json(200, { items: [] }),
      'POST /api/alerts': (request) => {
        created = request.body;
        return json(201, { ...alert, product_code: 'BRENT_WTI', condition: 'below', value: '-2.5' });
      },
    });
    const { user } = renderPage('/marketprice/alerts?product=brent_wti');
    const picker = await screen.findByRole('combobox', { name: /Product/ });
    await waitFor(() => expect(picker).toHaveValue('BRENT_WTI'));
    expect(within(picker).getByRole('option', { name: 'Brent–WTI (BRENT_WTI) · spread' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'WTI Cushing (WTI)' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'WTI crude oil futures (WTI_FUT) · futures, contract 1' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: /Condition/ }), 'below');
    await user.type(screen.getByRole('textbox', { name: /Level or percentage/ }), '-2.5');
    await user.click(screen.getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(api.callsTo('POST /api/alerts')).toHaveLength(1));
    expect(created).toEqual({ product_code: 'BRENT_WTI', condition: 'below', value: '-2.5', channels: ['panel'] });

    await i18n.changeLanguage('es');
    expect(await within(picker).findByRole('option', { name: 'Diferencial Brent–WTI (BRENT_WTI) · diferencial' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'Futuros de crudo WTI (WTI_FUT) · futuros, contrato 1' })).toBeInTheDocument();
  });
});
