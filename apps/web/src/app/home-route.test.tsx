import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bankAccount as account, receivedInvitation as invitation } from '@/features/bank/testing/fixtures';
import { createFakeChartModule, installFakePricesApi } from '@/features/prices/testing/fake-prices-api';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { renderApp, seedSession } from '@/test/render-app';

vi.mock('lightweight-charts', () => createFakeChartModule());

/** Calls the server refuses a restricted cliente (403): the price and dashboard APIs. */
const refusedCalls = (calls: Array<{ path: string }>) => calls.filter(({ path }) => /^\/api\/(prices|dashboards)(\/|$)/.test(path));

function panel(name: string) {
  return screen.getByRole('region', { name });
}

describe('/home of a restricted cliente', () => {
  it('shows its verification status, connected bank and invitations, and calls no price or dashboard API', async () => {
    seedSession({ role: 'cliente' });
    const api = mockApi({
      'GET /api/bank/accounts': () => ({ body: { accounts: [account] } }),
      'GET /api/bank/identity-verification': () => ({ body: { id: 'v1', status: 'success', failure_reasons: [], verification_url: null } }),
      'GET /api/sharing/received': () => ({ body: { invitations: [invitation] } }),
    });
    renderApp('/home');

    // The first render also loads the page's code: more than findBy's default second on a busy machine.
    const identity = await screen.findByRole('region', { name: 'Identity verification' });
    expect(await within(identity).findByText('Success')).toBeInTheDocument();
    const bank = panel('Connected accounts');
    expect(await within(bank).findByText('1 bank account is connected.')).toBeInTheDocument();
    expect(within(bank).getByText('Operating Checking')).toBeInTheDocument();
    const received = panel('Invitations you received');
    expect(await within(received).findByText('Tomás Vega (Vega Fuels)')).toBeInTheDocument();
    expect(within(received).getByText('1 invitation is waiting for your answer.')).toBeInTheDocument();
    for (const [region, link] of [
      [identity, 'Open identity verification'],
      [bank, 'Manage your bank connection'],
      [received, 'Review your invitations'],
    ] as const) {
      expect(within(region).getByRole('link', { name: link })).toHaveAttribute('href', '/bank/verification');
    }
    expect(screen.queryByText('You do not have permission to do this.')).not.toBeInTheDocument();
    expect(refusedCalls(api.calls)).toEqual([]);
  });

  it('shows the empty and error states in Spanish, on a Home sub-item too', async () => {
    await i18n.changeLanguage('es');
    seedSession({ role: 'cliente' });
    const api = mockApi({
      'GET /api/bank/accounts': () => ({ body: { accounts: [] } }),
      'GET /api/bank/identity-verification': () => ({ status: 500, body: { detail: 'boom', code: 'INTERNAL_ERROR' } }),
      'GET /api/sharing/received': () => ({ body: { invitations: [] } }),
    });
    renderApp('/home/mi-resumen');

    expect(await screen.findByText('No se pudo cargar su verificación de identidad.')).toBeInTheDocument();
    expect(await screen.findByText('Todavía no hay ninguna cuenta bancaria conectada.')).toBeInTheDocument();
    expect(await screen.findByText('No tiene invitaciones para compartir datos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir la verificación de identidad' })).toHaveAttribute('href', '/bank/verification');
    expect(refusedCalls(api.calls)).toEqual([]);
  });
});

describe('/home of a user', () => {
  it('is still the price dashboard, with no bank or sharing call', async () => {
    seedSession();
    const api = installFakePricesApi();
    renderApp('/home');
    // As above: the first render also loads the page's code.
    expect(await screen.findByText(/^A starting point: the crude benchmarks/)).toBeInTheDocument();
    await waitFor(() => expect(api.last('/api/dashboards')).toBeDefined());
    expect(screen.queryByRole('region', { name: 'Invitations you received' })).not.toBeInTheDocument();
    expect(api.requests.filter(({ url }) => /^\/api\/bank\//.test(url.pathname) || url.pathname === '/api/sharing/received')).toEqual([]);
  });
});
