import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import WatchlistRoute from '@/app/watchlist-route';
import { seedSession } from '@/test/render-app';
import WatchlistPage from './watchlist-page';

/** The page alone, or (`route`) as the router shows it: with the screening feature's list freshness. */
function renderPage({ route = false } = {}) {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/due-diligence/watchlist']}>{route ? <WatchlistRoute /> : <WatchlistPage />}</MemoryRouter>
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

  it('records a false positive on a match with the item as context and shows it cleared; the lists’ freshness flags a stale list', async () => {
    const update = { last_checked_at: null, last_changed_at: null, last_error: null, next_run_at: null };
    const lists = {
      loaded: true,
      threshold: 0.8,
      stale_days: 7,
      lists: [
        { source: 'ofac_sdn', name: 'OFAC SDN', entries: 8977, names: 20888, published_at: '2026-05-30T00:00:00.000Z', loaded_at: '2026-05-30T10:00:00.000Z', version_id: 'ofac_sdn@0123456789ab', published_at_source: 'file', age_days: 3, stale: false, update },
        { source: 'un', name: 'UN Security Council', entries: 1003, names: 2500, published_at: null, loaded_at: '2026-05-29T10:00:00.000Z', version_id: 'un@ba9876543210', published_at_source: 'unknown', age_days: null, stale: true, update },
      ],
    };
    const note = 'Different company: the Panama registry number differs.';
    // Below 0.95: the false positive is final at once, and the item is read again cleared.
    let current = { ...item, matches: item.matches.map((match) => ({ ...match, score: 0.9 })) };
    const api = mockApi({
      'GET /api/watchlist': () => json(200, { items: [current], limit: 1000 }),
      'GET /api/screening/lists': () => json(200, lists),
      'POST /api/screening/decisions': (request) => {
        const decision = { id: 'd1', decision: 'false_positive', status: 'final', note, decided_by_email: 'ana@example.com', decided_at: '2026-06-03T09:00:00.000Z', approved_by_email: null, approved_at: null, cleared: true, reopened_reason: null };
        current = { ...current, status: 'clear', matches: current.matches.map((match) => ({ ...match, cleared: true, decision })) };
        return json(201, { ...(request.body as object), ...decision, score: 0.9, decided_by: 'u1', approved_by: null, version_id: 7, report_id: null, entry_changed: false });
      },
    });
    const { user } = renderPage({ route: true });
    const freshness = await screen.findByRole('region', { name: 'Lists the names are screened against' });
    expect(await within(freshness).findByText('1 list is out of date or undated.')).toBeInTheDocument();
    expect(within(freshness).getByTestId('list-un')).toHaveTextContent(/UN Security Council.*publication date unknown.*Undated/);
    expect(within(freshness).getByTestId('list-ofac_sdn')).toHaveTextContent(/OFAC SDN.*Up to date/);

    await user.click(await screen.findByRole('button', { name: 'Record a decision on ACME FUEL HOLDINGS for Acme Fuel Holdings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decision on this match' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), note);
    await user.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(api.callsTo('POST /api/screening/decisions')).toHaveLength(1));
    expect(api.callsTo('POST /api/screening/decisions')[0]!.body).toEqual({ subject_name: 'Acme Fuel Holdings', entity_id: 'ofac_sdn:1', decision: 'false_positive', note, watch_id: item.id });
    expect(await screen.findByText('Cleared as a false positive by ana@example.com on 2026-06-03')).toBeInTheDocument();
    expect(screen.getByText(`Note: ${note}`)).toBeInTheDocument();
    expect(screen.getByText('Clear: every match cleared as a false positive')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/watchlist': () => json(500, { detail: 'boom', code: 'INTERNAL' }) });
    renderPage();
    expect(await screen.findByText('The watchlist could not be loaded.')).toBeInTheDocument();
  });
});
