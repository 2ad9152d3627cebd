import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import WebhooksPage from './webhooks-page';

function renderPage() {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <WebhooksPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const hook = {
  id: '33333333-3333-4333-8333-333333333333',
  url: 'https://hooks.example.com/fueldesk',
  events: ['price_alert', 'watch_match', 'watch_clear'],
  active: true,
  failing_since: null,
  disabled_at: null,
  created_at: '2026-06-01T08:00:00.000Z',
};

describe('WebhooksPage', () => {
  it('registers an endpoint and shows its secret once, with the server’s field message on a refusal', async () => {
    let items: unknown[] = [];
    let refuse = true;
    const api = mockApi({
      'GET /api/webhooks': () => json(200, { items }),
      'POST /api/webhooks': () => {
        if (refuse) {
          return json(400, {
            detail: 'Enter the full address of your endpoint, starting with https://.',
            code: 'VALIDATION_ERROR',
            fields: { url: 'This address is private or local: webhooks go to public HTTPS endpoints only.' },
          });
        }
        items = [hook];
        return json(201, { ...hook, secret: 'whsec_abc123' });
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Endpoint address/ }), 'https://10.0.0.8/x');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/private or local/)).toBeInTheDocument();
    expect(screen.queryByText('whsec_abc123')).not.toBeInTheDocument();

    refuse = false;
    await user.clear(screen.getByRole('textbox', { name: /Endpoint address/ }));
    await user.type(screen.getByRole('textbox', { name: /Endpoint address/ }), hook.url);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('whsec_abc123')).toBeInTheDocument();
    expect(api.callsTo('POST /api/webhooks')[1]!.body).toEqual({ url: hook.url, events: ['price_alert', 'watch_match', 'watch_clear'] });
    const row = (await screen.findByText(hook.url)).closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByText('Activo')).toBeInTheDocument();
  });

  it('lists deliveries and deletes after a confirmation', async () => {
    let items: unknown[] = [{ ...hook, failing_since: '2026-06-02T08:00:00.000Z' }];
    const api = mockApi({
      'GET /api/webhooks': () => json(200, { items }),
      [`GET /api/webhooks/${hook.id}/deliveries`]: () =>
        json(200, {
          items: [{ id: 'd1', event: 'price_alert', at: '2026-06-02T08:00:00.000Z', status: 'pending', attempts: 2, response_status: 503, last_error: 'HTTP 503' }],
        }),
      [`DELETE /api/webhooks/${hook.id}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText('Failing, retrying')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText(/waiting to retry · attempts: 2 · answer: 503 · HTTP 503/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/webhooks/${hook.id}`)).toHaveLength(1));
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });
});
