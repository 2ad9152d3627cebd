import type { ScreeningDecision } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import DecisionsPage from './decisions-page';

const base: ScreeningDecision = {
  id: '0f0e0d0c-0000-4000-8000-000000000001',
  subject_name: 'Karvelis Fuel Trading LLC',
  subject_type: null,
  entity_id: 'ofac_sdn:90002',
  decision: 'false_positive',
  note: 'Namesake in Cyprus, registry checked.',
  status: 'pending_approval',
  score: 1,
  decided_by: '7b5e1c1e-0000-4000-8000-0000000000aa',
  decided_by_email: 'ana@example.com',
  decided_at: '2026-11-27T10:00:00.000Z',
  approved_by: null,
  approved_by_email: null,
  approved_at: null,
  version_id: 12,
  report_id: null,
  watch_id: null,
  entry_changed: false,
};
const finalOne: ScreeningDecision = { ...base, id: '0f0e0d0c-0000-4000-8000-000000000002', subject_name: 'Tessaly Okonkwo', entity_id: 'ofac_sdn:90005', decision: 'needs_review', status: 'final', score: 0.87, entry_changed: true };

function renderPage(role: 'user' | 'admin' = 'user') {
  seedSession({ role });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DecisionsPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DecisionsPage', () => {
  it('says how to record a first decision when there is none, in both languages', async () => {
    mockApi({ 'GET /api/screening/decisions': () => ({ body: { items: [], total: 0 } }) });
    renderPage();
    expect(await screen.findByText(/No decision yet/)).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText(/Aún no hay decisiones/)).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi({ 'GET /api/screening/decisions': () => (fail ? { status: 500, body: { detail: 'boom', code: 'INTERNAL_ERROR' } } : { body: { items: [finalOne], total: 1 } }) });
    const { user } = renderPage();
    expect(await screen.findByText('The decisions could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tessaly Okonkwo')).toBeInTheDocument();
    expect(screen.getByText('The entry changed since: decide again')).toBeInTheDocument();
  });

  it('a user sees no approve action; the status filter is sent', async () => {
    const api = mockApi({ 'GET /api/screening/decisions': () => ({ body: { items: [base], total: 1 } }) });
    const { user } = renderPage();
    expect(await screen.findByText('Karvelis Fuel Trading LLC')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending_approval');
    await waitFor(() => expect(api.callsTo('GET /api/screening/decisions').some((call) => call.url.searchParams.get('status') === 'pending_approval')).toBe(true));
  });

  it('an admin approves someone else’s pending decision', async () => {
    let items = [base, finalOne];
    const api = mockApi({
      'GET /api/screening/decisions': () => ({ body: { items, total: items.length } }),
      'POST /api/screening/decisions/0f0e0d0c-0000-4000-8000-000000000001/approve': () => {
        items = [{ ...base, status: 'final', approved_by_email: 'boss@example.com' }, finalOne];
        return { body: items[0] };
      },
    });
    const { user } = renderPage('admin');
    const table = await screen.findByRole('table', { name: 'Decisions' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Waiting for approval')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Approve the decision on Karvelis Fuel Trading LLC' }));
    expect(await screen.findByText('approved by boss@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /api/screening/decisions/0f0e0d0c-0000-4000-8000-000000000001/approve')).toHaveLength(1);
  });
});
