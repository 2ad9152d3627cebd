import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import BankVerificationPage from './bank-verification-page';
import SendEmailPage from './send-email-page';
import { bankAccount as account, receivedInvitation as received } from '../testing/fixtures';

function renderAt(path: string, element: ReactNode, route = '*') {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('BankVerificationPage', () => {
  it('connects through the labelled sandbox dialog, then consent becomes possible once identity is verified', async () => {
    let accounts: (typeof account)[] = [];
    let verification: { id: string | null; status: string | null; failure_reasons: string[] } = { id: null, status: null, failure_reasons: [] };
    const api = mockApi({
      'POST /api/bank/link-token': () => ({ body: { provider: 'sandbox', link_token: 'link-sandbox-x' } }),
      'GET /api/bank/accounts': () => ({ body: { accounts } }),
      'GET /api/bank/identity-verification': () => ({ body: verification }),
      'POST /api/bank/identity-verification': () => {
        verification = { id: 'v1', status: 'success', failure_reasons: [] };
        return { body: verification };
      },
      'GET /api/sharing/received': () => ({ body: { invitations: [received] } }),
      'POST /api/bank/sandbox/public-token': (request) =>
        (request.body as { password: string }).password === 'pass_good'
          ? { body: { public_token: 'public-sandbox-ins_109508-x' } }
          : { status: 400, body: { detail: 'The provided credentials were not correct. Please try again.', code: 'PROVIDER_ERROR' } },
      'POST /api/bank/exchange': () => {
        accounts = [account];
        return { body: { item_id: 'i', institution: account.institution, accounts: [account] } };
      },
      'POST /api/sharing/received/0c7d3a52-5b7e-4d55-9d5a-2a2f0f6c8f01/consent': () => ({ body: { ...received, status: 'ACCEPTED' } }),
    });
    const { user } = renderAt('/bank/verification', <BankVerificationPage />);

    expect(await screen.findByText('No bank account is connected yet.')).toBeInTheDocument();
    const invitation = (await screen.findByText('Tomás Vega (Vega Fuels)')).closest('li')!;
    expect(within(invitation).getByText(/each account's available and current balance/)).toBeInTheDocument();
    expect(within(invitation).queryByText(/last 90 days of transactions/)).not.toBeInTheDocument();
    expect(within(invitation).getByRole('button', { name: 'Consent and share' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Connect a sandbox bank' }));
    const dialog = screen.getByRole('dialog', { name: 'Sandbox bank (simulated)' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByText('Username is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Username/), 'user_good');
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not connect the account. Please try again. The provided credentials were not correct.');
    await user.clear(within(dialog).getByLabelText(/Password/));
    await user.type(within(dialog).getByLabelText(/Password/), 'pass_good');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Operating Checking')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify my identity' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(within(invitation).getByRole('button', { name: 'Consent and share' })).toBeEnabled());
    await user.click(within(invitation).getByRole('button', { name: 'Consent and share' }));
    await waitFor(() => expect(api.callsTo(`POST /api/sharing/received/${received.id}/consent`)).toHaveLength(1));
    // A whole journey of typing and clicking: more than the default 5 s on a busy machine.
  }, 20_000);

  it("links to the provider's verification page while a Plaid verification is under way", async () => {
    mockApi({
      'POST /api/bank/link-token': () => ({ body: { provider: 'sandbox', link_token: 'x' } }),
      'GET /api/bank/accounts': () => ({ body: { accounts: [] } }),
      'GET /api/bank/identity-verification': () => ({ body: { id: 'v', status: 'in_progress', failure_reasons: [], verification_url: 'https://flow.plaid.com/verify/idv_1' } }),
      'GET /api/sharing/received': () => ({ body: { invitations: [] } }),
    });
    renderAt('/bank/verification', <BankVerificationPage />);
    expect(await screen.findByRole('link', { name: /Continue the verification/ })).toHaveAttribute('href', 'https://flow.plaid.com/verify/idv_1');
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify my identity' })).not.toBeInTheDocument();
  });

  it('shows failure reasons of a failed verification and offers another attempt', async () => {
    mockApi({
      'POST /api/bank/link-token': () => ({ body: { provider: 'sandbox', link_token: 'x' } }),
      'GET /api/bank/accounts': () => ({ status: 500, body: { detail: 'boom', code: 'INTERNAL_ERROR' } }),
      'GET /api/bank/identity-verification': () => ({ body: { id: 'v', status: 'failed', failure_reasons: ['The date of birth could not be verified.'], verification_url: null } }),
      'GET /api/sharing/received': () => ({ body: { invitations: [] } }),
    });
    renderAt('/bank/verification', <BankVerificationPage />);
    expect(await screen.findByText('The date of birth could not be verified.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new verification' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue the verification/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Your accounts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('You have no data-sharing invitations.')).toBeInTheDocument();
  });
});

const sent = {
  id: '5d0e8c1e-8d1a-4d7e-a7b5-4c9f5d1b2a10',
  email: 'buyer@example.com',
  scopes: ['identity', 'balances'],
  status: 'ACCEPTED',
  created_at: '2026-04-02T10:00:00Z',
  consented_at: '2026-04-03T10:00:00Z',
  responded_at: '2026-04-03T10:00:00Z',
  expires_at: '2026-04-09T10:00:00Z',
  counterparty_name: null as string | null,
};
const notChecked = { identity_verification: { status: null, completed_at: null, failure_reasons: [] }, name_match: null, as_of: null, provider: 'sandbox' };
const usage = { plan_code: 'starter', limit: 1, used: 1, remaining: 0, period_start: '2026-04-01T00:00:00Z', period_end: '2026-05-01T00:00:00Z' };

describe('SendEmailPage', () => {
  it('validates the form in the user’s language and shows the plan-limit banner with a link to the plans', async () => {
    await i18n.changeLanguage('es');
    const api = mockApi({
      'GET /api/sharing/invitations': () => ({ body: { invitations: [], usage } }),
      'POST /api/sharing/invitations': () => ({ status: 403, body: { detail: 'limit', code: 'PLAN_LIMIT' } }),
    });
    const { user } = renderAt('/bank/send-email', <SendEmailPage />);
    expect(await screen.findByText('Todavía no ha enviado invitaciones.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(screen.getByText('Introduzca una dirección de correo electrónico.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sharing/invitations')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Correo electrónico/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    const banner = await screen.findByText(/se han agotado/);
    expect(within(banner).getByRole('link', { name: 'Ver los planes' })).toHaveAttribute('href', '/#plans');
    expect(api.callsTo('POST /api/sharing/invitations')[0]!.body).toEqual({ email: 'buyer@example.com', scopes: ['identity', 'balances'] });
  });

  it('revokes after confirmation, and clears and restores the local history', async () => {
    let current = [sent];
    const api = mockApi({
      'GET /api/sharing/invitations': () => ({ body: { invitations: current, usage } }),
      [`POST /api/sharing/invitations/${sent.id}/revoke`]: () => {
        current = [{ ...sent, status: 'REVOKED' }];
        return { body: current[0] };
      },
    });
    const { user } = renderAt('/bank/send-email', <SendEmailPage />);
    const row = (await screen.findByRole('link', { name: 'buyer@example.com' })).closest('tr')!;
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    expect(api.callsTo(`POST /api/sharing/invitations/${sent.id}/revoke`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(screen.queryByRole('link', { name: 'buyer@example.com' })).not.toBeInTheDocument();
    expect(screen.getByText(/history is cleared on this device/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore history' }));
    expect(screen.getByRole('link', { name: 'buyer@example.com' })).toBeInTheDocument();
  });

  it('shows nothing of the data while an invitation is not accepted', async () => {
    mockApi({ [`GET /api/sharing/invitations/${sent.id}`]: () => ({ body: { ...sent, ...notChecked, status: 'REVOKED', data: null } }) });
    renderAt(`/bank/send-email/${sent.id}`, <SendEmailPage />, '/bank/send-email/:id');
    expect(await screen.findByText('Data is shown only while the invitation is accepted.')).toBeInTheDocument();
    expect(screen.getByText('Revoked')).toBeInTheDocument();
  });

  it('shows the shared data scope by scope on the detail route', async () => {
    mockApi({
      [`GET /api/sharing/invitations/${sent.id}`]: () => ({
        body: {
          ...sent,
          ...notChecked,
          data: {
            fetched_at: '2026-04-03T10:00:00Z',
            identity: [{ institution: account.institution, owners: [{ names: ['Alberta Charleson'], emails: ['a@example.com'], phones: ['+1 555'], addresses: ['1 Road'] }] }],
            balances: [account],
          },
        },
      }),
    });
    renderAt(`/bank/send-email/${sent.id}`, <SendEmailPage />, '/bank/send-email/:id');
    expect(await screen.findByText('Alberta Charleson')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Balances' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transactions' })).not.toBeInTheDocument();
    expect(screen.getByText('$1,200.50')).toBeInTheDocument();
  });

  it('shows first what was verified: identity result, owner-name match, simulated provider and time, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const creditCard = { ...account, id: 'a2', name: 'Card', type: 'credit', subtype: 'credit card', balances: { available: null, current: '410.20', limit: '2000.00', currency: 'USD' } };
    mockApi({
      [`GET /api/sharing/invitations/${sent.id}`]: () => ({
        body: {
          ...sent,
          counterparty_name: 'Vega Fuels LLC',
          identity_verification: { status: 'failed', completed_at: '2026-04-03T09:00:00Z', failure_reasons: ['Document expired'] },
          name_match: { name: 'Alberta Charleson', score: 0.12, matched: false, explanation: 'Ninguna palabra coincide.' },
          as_of: '2026-04-03T10:00:00Z',
          provider: 'sandbox',
          data: { fetched_at: '2026-04-03T10:00:00Z', balances: [account, creditCard] },
        },
      }),
    });
    renderAt(`/bank/send-email/${sent.id}`, <SendEmailPage />, '/bank/send-email/:id');
    const check = await screen.findByRole('region', { name: 'Qué se ha verificado' });
    expect(within(check).getByText('Fallida')).toBeInTheDocument();
    expect(within(check).getByText(/Document expired/)).toBeInTheDocument();
    expect(within(check).getByText('Vega Fuels LLC')).toBeInTheDocument();
    expect(within(check).getByText('Alberta Charleson')).toBeInTheDocument();
    expect(within(check).getByTestId('name-match')).toHaveTextContent('No coincide (12 %)');
    expect(within(check).getByText('Ninguna palabra coincide.')).toBeInTheDocument();
    expect(within(check).getByText('Sandbox: datos simulados, no un banco real')).toBeInTheDocument();
    expect(within(check).getByText(/Completada el 3 de abril de 2026/)).toBeInTheDocument();
    expect(check.querySelector('time')).toHaveAttribute('datetime', '2026-04-03T10:00:00Z');
    // The check comes before the shared data, and the data is labelled as simulated.
    const balances = document.getElementById('shared-balances')!.closest('section')!;
    expect(check.compareDocumentPosition(balances) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(balances).getByText('Datos simulados (sandbox)')).toBeInTheDocument();
    // Account types in the reader's language; the limit sits under the current balance.
    expect(within(balances).getByText(/Tarjeta de crédito/)).toBeInTheDocument();
    expect(within(balances).getByText(/Cuenta corriente/)).toBeInTheDocument();
    expect(within(balances).getByText(/Límite/)).toHaveTextContent('Límite 2000,00');
  });

  it('says why no owner name is compared', async () => {
    mockApi({
      [`GET /api/sharing/invitations/${sent.id}`]: () => ({
        body: { ...sent, ...notChecked, scopes: ['balances'], counterparty_name: 'Vega Fuels LLC', provider: 'plaid', as_of: '2026-04-03T10:00:00Z', data: { fetched_at: '2026-04-03T10:00:00Z', balances: [] } },
      }),
    });
    renderAt(`/bank/send-email/${sent.id}`, <SendEmailPage />, '/bank/send-email/:id');
    expect(await screen.findByText(/“Vega Fuels LLC” cannot be compared/)).toBeInTheDocument();
    expect(screen.getByText('Plaid (live bank data)')).toBeInTheDocument();
    expect(screen.queryByText('Simulated data (sandbox)')).not.toBeInTheDocument();
  });
});
