import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import WatchlistPage from './watchlist-page';

function renderPage(path = '/due-diligence/watchlist') {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <WatchlistPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const item = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Acme Fuel Holdings',
  type: 'organization',
  country: 'PA',
  note: null,
  report_id: null,
  created_at: '2026-06-01T08:00:00.000Z',
  last_screened_at: '2026-06-02T08:00:00.000Z',
  status: 'match',
  matches: [{ entity_id: 'ofac_sdn:1', source: 'ofac_sdn', name: 'ACME FUEL HOLDINGS', matched_name: 'ACME FUEL HOLDINGS', score: 0.97, version_id: 7 }],
  versions: [{ id: 7, source: 'ofac_sdn', published_at: '2024-05-01T00:00:00.000Z' }],
};

describe('WatchlistPage', () => {
  it('shows the empty state, adds a name, and shows an item’s history with the list version', async () => {
    let items: unknown[] = [];
    const api = mockApi({
      'GET /api/watchlist': () => json(200, { items, limit: 1000 }),
      'POST /api/watchlist': () => {
        items = [item];
        return json(201, item);
      },
      [`GET /api/watchlist/${item.id}`]: () =>
        json(200, {
          ...item,
          history: [{ at: '2026-06-02T08:00:00.000Z', version_ids: [7], versions: item.versions, added: item.matches, removed: [] }],
        }),
    });
    const { user } = renderPage();
    expect(await screen.findByText(/You watch no counterparty yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), 'Acme Fuel Holdings');
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(api.callsTo('POST /api/watchlist')).toHaveLength(1));
    expect(api.callsTo('POST /api/watchlist')[0]!.body).toMatchObject({ name: 'Acme Fuel Holdings' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Acme Fuel Holdings').length).toBeGreaterThan(0);
    await user.click(within(table).getAllByRole('button', { name: 'What changed' })[0]!);
    expect(await screen.findByText(/New match: ACME FUEL HOLDINGS/)).toBeInTheDocument();
    expect(screen.getAllByText(/version #7/).length).toBeGreaterThan(0);
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/watchlist': () => json(500, { detail: 'boom', code: 'INTERNAL' }) });
    renderPage();
    expect(await screen.findByText('The watchlist could not be loaded.')).toBeInTheDocument();
  });
});
