import type { AuditEntry } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import AuditPage from './audit-page';
import MyActivityPage from './my-activity-page';

const entry: AuditEntry = {
  id: 41,
  at: '2026-11-27T10:00:00.000Z',
  actor_id: '7b5e1c1e-0000-4000-8000-0000000000aa',
  actor_email: 'ana@example.com',
  action: 'screening.decision',
  subject: 'Karvelis Fuel Trading LLC',
  details: { entity_id: 'ofac_sdn:90002', version_ids: [12], status: 'pending_approval' },
  ip: '10.1.2.3',
  prev_hash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
};

function renderPage(page: 'admin' | 'mine') {
  seedSession({ role: page === 'admin' ? 'admin' : 'user' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page === 'admin' ? <AuditPage /> : <MyActivityPage />}</MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Audit page (admin)', () => {
  it('lists entries, filters by action and search, verifies the chain', async () => {
    const api = mockApi({
      'GET /api/audit': () => ({ body: { items: [entry], total: 1 } }),
      'GET /api/audit/verify': () => ({ body: { ok: false, entries: 41, first_bad_id: 17 } }),
    });
    const { user } = renderPage('admin');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Decision on a match')).toBeInTheDocument();
    expect(within(row).getByText('Karvelis Fuel Trading LLC')).toBeInTheDocument();
    expect(within(row).getByText(/version_ids: 12/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'screening.approve');
    await user.type(screen.getByRole('searchbox', { name: 'Search (name, email)' }), 'karvelis');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = api.callsTo('GET /api/audit').at(-1)!;
      expect([last.url.searchParams.get('action'), last.url.searchParams.get('q')]).toEqual(['screening.approve', 'karvelis']);
    });
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The chain is broken at entry 17 (41 entries).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('shows the empty state and an error with a retry, in Spanish too', async () => {
    let fail = true;
    mockApi({ 'GET /api/audit': () => (fail ? { status: 500, body: { detail: 'x', code: 'INTERNAL_ERROR' } } : { body: { items: [], total: 0 } }) });
    const { user } = renderPage('admin');
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No entry matches.')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Ninguna entrada coincide.')).toBeInTheDocument();
  });
});

describe('My activity', () => {
  it('reads the caller’s own entries, without the user filter, export or verification', async () => {
    const api = mockApi({ 'GET /api/audit/mine': () => ({ body: { items: [entry], total: 1 } }) });
    renderPage('mine');
    expect(await screen.findByText('Karvelis Fuel Trading LLC')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'User id' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify chain' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/audit/mine')).toHaveLength(1);
  });
});
