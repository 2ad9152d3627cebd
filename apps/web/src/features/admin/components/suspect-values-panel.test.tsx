import type { MissingDaysResponse, PriceSuspect } from '@fueldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { MissingDaysPanel } from './missing-days-panel';
import { SuspectValuesPanel } from './suspect-values-panel';

function renderPanels() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <SuspectValuesPanel />
      <MissingDaysPanel />
    </QueryClientProvider>,
  );
  return user;
}

const suspect = (changes: Partial<PriceSuspect>): PriceSuspect => ({
  id: 's-1',
  status: 'open',
  product_code: 'GASOLINE_NYH',
  product_name: 'NY Harbor gasoline',
  product_name_es: 'Gasolina, puerto de Nueva York',
  decimal_places: 4,
  forward_period: null,
  publication_date: '2024-02-29',
  value: '2.9',
  current_value: '2.9',
  previous_date: '2024-02-28',
  previous_value: '2.51',
  move: '0.39',
  median_change: '0.01',
  ratio: 39,
  file: 'spikes.csv',
  import_id: 'i-1',
  source: 'csv',
  actor: 'user',
  flagged_at: '2026-11-28T08:00:00.000Z',
  resolved_at: null,
  corrected_value: null,
  ...changes,
});

const missing: MissingDaysResponse = {
  products: [{ code: 'WTI', name: 'WTI Cushing', name_es: 'WTI, Cushing', first_date: '1986-01-02', last_date: '2026-11-20', business_days: 10_250, missing: 24, latest: ['2025-01-09', '2018-12-05'] }],
};

beforeAll(async () => {
  await loadTexts('analytics');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('suspect values and missing days (admin imports area)', () => {
  it('lists a suspect value with its move and file; confirm, and correct with a checked value', async () => {
    seedSession({ role: 'admin' });
    let items = [suspect({}), suspect({ id: 's-2', product_code: 'GASOLINE_USGC', product_name: 'Gulf Coast gasoline', product_name_es: null, value: '2', current_value: '2', previous_value: '2.31', move: '-0.31', ratio: 31, file: 'RWTC.csv', actor: 'eia-job' })];
    const api = mockApi({
      'GET /api/admin/prices/suspects': () => json(200, { items, total: items.length, page: 1, page_size: 10 }),
      'POST /api/admin/prices/suspects/s-1/confirm': () => {
        items = items.filter((item) => item.id !== 's-1');
        return json(200, suspect({ status: 'confirmed' }));
      },
      'POST /api/admin/prices/suspects/s-2/correct': () => {
        items = [];
        return json(200, suspect({ id: 's-2', status: 'corrected' }));
      },
      'GET /api/admin/prices/missing-days': () => json(200, missing),
    });
    const user = renderPanels();
    const table = await screen.findByRole('table', { name: 'Suspect values under review' });
    const first = within(table).getByText('NY Harbor gasoline').closest('tr')!;
    expect(first).toHaveTextContent('0.39, 39.0 × the median move (0.01)');
    expect(first).toHaveTextContent('spikes.csv');
    expect(first).toHaveTextContent('Upload');
    expect(first).toHaveTextContent('2.51');
    expect(within(table).getByText('Gulf Coast gasoline').closest('tr')).toHaveTextContent('EIA sync');
    const wti = (await screen.findByRole('table', { name: 'Missing business days per product' })).querySelector('tbody tr')!;
    expect(wti).toHaveTextContent('24');
    expect(wti).toHaveTextContent('Jan 9, 2025, Dec 5, 2018');

    await user.click(screen.getByRole('button', { name: 'Confirm NY Harbor gasoline on Feb 29, 2024: the value is right' }));
    await waitFor(() => expect(screen.queryByText('NY Harbor gasoline')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/prices/suspects/s-1/confirm')).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Correct Gulf Coast gasoline on Feb 29, 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct Gulf Coast gasoline on Feb 29, 2024' });
    await user.type(within(dialog).getByLabelText(/Right value/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Store the right value' }));
    expect(await within(dialog).findByText('Enter the right value as a number, e.g. 71.25.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/prices/suspects/s-2/correct')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Right value/));
    await user.type(within(dialog).getByLabelText(/Right value/), '2,305');
    await user.click(within(dialog).getByRole('button', { name: 'Store the right value' }));
    expect(await screen.findByText('No suspect value is waiting for review.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/prices/suspects/s-2/correct')[0]!.body).toEqual({ value: '2.305' });
  });

  it('in Spanish: the panels, the Spanish product name and the actions', async () => {
    seedSession({ role: 'admin' });
    mockApi({
      'GET /api/admin/prices/suspects': () => json(200, { items: [suspect({})], total: 1, page: 1, page_size: 10 }),
      'GET /api/admin/prices/missing-days': () => json(200, missing),
    });
    await i18n.changeLanguage('es');
    renderPanels();
    const table = await screen.findByRole('table', { name: 'Valores sospechosos en revisión' });
    expect(screen.getByRole('heading', { name: 'Valores sospechosos' })).toBeInTheDocument();
    expect(within(table).getByText('Gasolina, puerto de Nueva York').closest('tr')).toHaveTextContent('Carga');
    expect(within(table).getByRole('button', { name: /^Confirmar Gasolina, puerto de Nueva York/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Corregir Gasolina, puerto de Nueva York/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Días de publicación que faltan' })).toBeInTheDocument();
    expect(await screen.findByText('WTI, Cushing')).toBeInTheDocument();
  });
});
