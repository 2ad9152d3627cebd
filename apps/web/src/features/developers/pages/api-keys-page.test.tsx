import type { ApiKey, ApiKeyListResponse } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import ApiKeysPage from './api-keys-page';

function renderPage() {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ApiKeysPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const SECRET = 'fd_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxy';
const existing: ApiKey = {
  id: 'k1',
  name: 'Excel price sheet',
  scopes: ['prices:read'],
  prefix: 'fd_XyZ12345',
  status: 'active',
  created_at: '2026-03-02T15:30:00Z',
  expires_at: null,
  last_used_at: '2026-03-03T08:00:00Z',
  usage_count: 1234,
  revoked_at: null,
};
const list = (keys: ApiKey[]): ApiKeyListResponse => ({ keys, limit: 10, rate_limit_per_minute: 60, screening_names_per_day: 10_000 });

describe('ApiKeysPage', () => {
  it('lists keys by prefix with their scopes, usage and dates, and the limits', async () => {
    mockApi({ 'GET /api/api-keys': () => json(200, list([existing])) });
    renderPage();
    const item = (await screen.findByRole('heading', { level: 3, name: 'Excel price sheet' })).closest('li')!;
    expect(within(item).getByText('fd_XyZ12345…')).toBeInTheDocument();
    expect(within(item).getByText('prices:read')).toBeInTheDocument();
    expect(within(item).getByText('1,234')).toBeInTheDocument();
    expect(within(item).getByText('Active')).toBeInTheDocument();
    expect(within(item).getByText('No expiry')).toBeInTheDocument();
    expect(screen.getByText(/Up to 10 live keys\. Each key may make 60 requests a minute and screen 10,000 names a day/)).toBeInTheDocument();
  });

  it('shows loading, empty and error states', async () => {
    mockApi({ 'GET /api/api-keys': () => json(200, list([])) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your keys…');
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/api-keys': () => json(500, { code: 'INTERNAL_ERROR', detail: 'boom' }) });
    renderPage();
    expect(await screen.findByText('Your keys could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('validates the form in English and in Spanish without calling the server', async () => {
    const api = mockApi({ 'GET /api/api-keys': () => json(200, list([])) });
    const { user } = renderPage();
    await screen.findByText('You have no API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Give the key a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope.')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Dé un nombre a la clave.')).toBeInTheDocument();
    expect(screen.getByText('Elija al menos un alcance.')).toBeInTheDocument();
    expect(screen.getByText('Aún no tiene claves de API.')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/api-keys']);
  });

  it('creates a key and shows it once: gone after "I have copied it", never in the list', async () => {
    const createdAt = '2026-03-04T10:00:00Z';
    let keys = [existing];
    const api = mockApi({
      'GET /api/api-keys': () => json(200, list(keys)),
      'POST /api/api-keys': (request) => {
        const body = request.body as { name: string; scopes: ApiKey['scopes'] };
        keys = [{ ...existing, id: 'k2', name: body.name, scopes: body.scopes, prefix: SECRET.slice(0, 11), created_at: createdAt, usage_count: 0, last_used_at: null }, existing];
        return json(201, { id: 'k2', name: body.name, scopes: body.scopes, prefix: SECRET.slice(0, 11), key: SECRET, created_at: createdAt, expires_at: null });
      },
    });
    const { user } = renderPage();
    await screen.findByText('Excel price sheet');
    await user.type(screen.getByLabelText(/^Name/), 'Onboarding screening');
    await user.click(screen.getByLabelText(/^screening:write/));
    await user.click(screen.getByLabelText(/^prices:read/));
    await user.selectOptions(screen.getByLabelText(/^Expires/), '90');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText('API key');
    expect(shown).toHaveValue(SECRET);
    expect(screen.getByText(/Copy it now: it is shown only this once/)).toBeInTheDocument();
    const [post] = api.callsTo('POST /api/api-keys');
    expect(post!.body).toMatchObject({ name: 'Onboarding screening', scopes: ['screening:write', 'prices:read'] });
    const expires = new Date((post!.body as { expires_at: string }).expires_at).getTime();
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(90);
    // The form starts over.
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^screening:write/)).not.toBeChecked();

    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Onboarding screening' })).toBeInTheDocument());
    const listed = screen.getByRole('heading', { level: 3, name: 'Onboarding screening' }).closest('li')!;
    expect(listed.textContent).not.toContain(SECRET.slice(11));

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET.slice(11));
  });

  it('revokes a key after a confirmation, and not without it', async () => {
    let keys = [existing];
    const api = mockApi({
      'GET /api/api-keys': () => json(200, list(keys)),
      'DELETE /api/api-keys/k1': () => {
        keys = [{ ...existing, status: 'revoked', revoked_at: '2026-03-05T09:00:00Z' }];
        return json(200, keys[0]);
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Revoke key Excel price sheet' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke “Excel price sheet”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/api-keys/k1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke key Excel price sheet' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/stop working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('The key “Excel price sheet” is revoked.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/api-keys/k1')).toHaveLength(1);
    const item = (await screen.findByText('Revoked')).closest('li')!;
    expect(within(item).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('shows the server refusal of an eleventh key in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({
      'GET /api/api-keys': () => json(200, list([existing])),
      'POST /api/api-keys': () => json(409, { code: 'API_KEY_LIMIT', detail: 'You already have 10 live API keys: revoke one first.' }),
    });
    const { user } = renderPage();
    await screen.findByText('Excel price sheet');
    await user.type(screen.getByLabelText(/^Nombre/), 'Otra');
    await user.click(screen.getByLabelText(/^news:read/));
    await user.click(screen.getByRole('button', { name: 'Crear clave' }));
    expect(await screen.findByText('No se pudo crear la clave. Ya tiene 10 claves de API activas: revoque una primero.')).toBeInTheDocument();
  });
});
