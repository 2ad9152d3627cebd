import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { jsonResponse as json, mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import ReleasesPage from './releases-page';

const releases = [
  {
    id: 'r2',
    title: 'Beta launch',
    version: '0.1.0',
    type: 'minor',
    description: 'The first beta.',
    sections: [{ title: 'Market intelligence', items: ['Daily prices', 'News'] }],
    released_at: '2026-11-21T18:00:00Z',
  },
  {
    id: 'r1',
    title: 'Platform foundation',
    version: '0.0.1',
    type: 'patch',
    description: 'Groundwork.',
    sections: [{ title: 'Platform', items: ['Embedded database'] }],
    released_at: '2026-11-21T10:50:00Z',
  },
];

function renderPage(role: 'admin' | 'user', handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({ 'GET /api/releases': () => json(200, releases), ...handlers });
  seedSession({ role });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReleasesPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, api };
}

async function fillValidRelease(user: ReturnType<typeof userEvent.setup>, version = '0.2.0') {
  await user.type(screen.getByLabelText(/^Title/), 'Price alerts');
  await user.type(screen.getByLabelText(/^Version/), version);
  await user.selectOptions(screen.getByLabelText(/^Type/), 'minor');
  await user.type(screen.getByLabelText(/^Short description/), 'Alerts on big moves.');
  await user.type(screen.getByLabelText(/^Section 1 title/), 'New');
  await user.type(screen.getByLabelText(/^Section 1 items/), 'Email alerts{Enter}{Enter}Threshold per product');
}

describe('ReleasesPage', () => {
  it('lists releases newest first with version, type, sections and items, without the form for users', async () => {
    renderPage('user');
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((heading) => heading.textContent)).toEqual(['Beta launch', 'Platform foundation']);
    expect(screen.getByText('Version 0.1.0')).toBeInTheDocument();
    expect(screen.getByText('Minor')).toBeInTheDocument();
    expect(screen.getByText('Patch')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Market intelligence' })).toBeInTheDocument();
    expect(screen.getByText('Daily prices')).toBeInTheDocument();
    expect(screen.getAllByText('Released November 21, 2026')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Publish a release' })).not.toBeInTheDocument();
  });

  it('fetches the notes again in Spanish when the language changes, and marks text the server had only in English', async () => {
    const spanish = [{ ...releases[0], title: 'Lanzamiento de la beta', language: 'es' }, { ...releases[1], language: 'en' }];
    const { api } = renderPage('user', {
      'GET /api/releases': ({ headers }) => json(200, headers.get('Accept-Language')?.startsWith('es') ? spanish : releases),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Beta launch' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('es'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lanzamiento de la beta' })).toHaveAttribute('lang', 'es');
    expect(screen.getByRole('heading', { level: 2, name: 'Platform foundation' })).toHaveAttribute('lang', 'en');
    const languages = api.calls.map((call) => call.headers.get('Accept-Language'));
    expect(languages).toEqual(['en', 'es']);

    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Beta launch' })).toBeInTheDocument();
  });

  it('shows the publish form to admins and checks version and sections in English', async () => {
    const { user, api } = renderPage('admin');
    await screen.findByText('Beta launch');
    expect(screen.getByRole('form', { name: 'Publish a release' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Version/), 'v1.0-beta');
    await user.click(screen.getByRole('button', { name: 'Publish release' }));

    expect(await screen.findByText('Use digits and dots only, for example 1.2.0.')).toBeInTheDocument();
    expect(screen.getByText('Each section needs a title.')).toBeInTheDocument();
    expect(screen.getByText('Each section needs at least one item.')).toBeInTheDocument();
    expect(screen.getByText('Please select an option.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Version/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/releases')).toEqual([]);
  });

  it('checks the same rules in Spanish', async () => {
    await i18n.changeLanguage('es');
    const { user } = renderPage('admin');
    await screen.findByText('Beta launch');
    await user.type(screen.getByLabelText(/^Versión/), '1.0b');
    await user.click(screen.getByRole('button', { name: 'Publicar versión' }));
    expect(await screen.findByText('Use solo dígitos y puntos, por ejemplo 1.2.0.')).toBeInTheDocument();
    expect(screen.getByText('Cada sección necesita un título.')).toBeInTheDocument();
    expect(screen.getByText('Cada sección necesita al menos un elemento.')).toBeInTheDocument();
  });

  it('publishes a release with one item per line and refreshes the list', async () => {
    const published = { ...releases[0], id: 'r3', title: 'Price alerts', version: '0.2.0', released_at: '2026-12-01T00:00:00Z' };
    let list = releases;
    const { user, api } = renderPage('admin', {
      'POST /api/releases': () => {
        list = [published, ...releases];
        return json(201, published);
      },
      'GET /api/releases': () => json(200, list),
    });
    await screen.findByText('Beta launch');
    await fillValidRelease(user);
    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    await user.type(screen.getByLabelText(/^Section 2 title/), 'Fixed');
    await user.type(screen.getByLabelText(/^Section 2 items/), 'Rounding of diesel prices');
    await user.click(screen.getByRole('button', { name: 'Publish release' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Release 0.2.0 has been published.');
    expect(api.callsTo('POST /api/releases')).toHaveLength(1);
    expect(api.callsTo('POST /api/releases')[0]!.body).toEqual({
      title: 'Price alerts',
      version: '0.2.0',
      type: 'minor',
      description: 'Alerts on big moves.',
      sections: [
        { title: 'New', items: ['Email alerts', 'Threshold per product'] },
        { title: 'Fixed', items: ['Rounding of diesel prices'] },
      ],
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Price alerts' })).toBeInTheDocument());
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
  });

  it('shows the server’s refusal of a version published twice', async () => {
    const { user } = renderPage('admin', {
      'POST /api/releases': () =>
        json(409, {
          code: 'CONFLICT',
          detail: 'Version 0.1.0 has already been published.',
          fields: { version: 'Version 0.1.0 has already been published.' },
        }),
    });
    await screen.findByText('Beta launch');
    await fillValidRelease(user, '0.1.0');
    await user.click(screen.getByRole('button', { name: 'Publish release' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The release was not published.');
    expect(screen.getAllByText(/Version 0.1.0 has already been published./).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Version/)).toHaveAttribute('aria-invalid', 'true');
  });
});
