import type { ScreeningListsResponse, ScreeningMatch } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { startServerEvents } from '@/lib/server-events';
import { installFakeEventSource } from '@/lib/testing/fake-event-source';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import ScreeningPage from './screening-page';

const update = { last_checked_at: '2026-11-27T05:15:00.000Z', last_changed_at: '2026-11-25T05:15:00.000Z', last_error: null, next_run_at: '2026-11-28T05:15:00.000Z' };
const loadedLists: ScreeningListsResponse = {
  loaded: true,
  threshold: 0.8,
  stale_days: 7,
  lists: [
    {
      source: 'ofac_sdn',
      name: 'OFAC SDN',
      entries: 8977,
      names: 20888,
      published_at: '2026-11-25T00:00:00.000Z',
      loaded_at: '2026-11-25T10:00:00.000Z',
      version_id: 'ofac_sdn@0123456789ab',
      published_at_source: 'http',
      age_days: 3,
      stale: false,
      update,
    },
    {
      source: 'un',
      name: 'UN Security Council',
      entries: 1003,
      names: 2500,
      published_at: null,
      loaded_at: '2026-11-24T10:00:00.000Z',
      version_id: 'un@ba9876543210',
      published_at_source: 'unknown',
      age_days: null,
      stale: true,
      update,
    },
  ],
};

const hit: ScreeningMatch = {
  entity_id: 'ofac_sdn:90002',
  source: 'ofac_sdn',
  name: 'KARVELIS FUEL TRADING LLC',
  matched_name: 'KARVELIS PETROLEUM',
  type: 'organization',
  programs: ['IRAN'],
  score: 0.93,
  is_match: true,
  explanation: 'karvelis = karvelis (rare token); petroleum ~ petrol',
  version_id: 'ofac_sdn@0123456789ab',
};
const nearMiss: ScreeningMatch = { ...hit, entity_id: 'ofac_sdn:90004', name: 'GRUPO QUIMBAYA', matched_name: 'GRUPO QUIMBAYA', score: 0.41, is_match: false, explanation: 'weak' };

function renderPage() {
  seedSession();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ScreeningPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ScreeningPage', () => {
  it('says that no list is loaded and tells a non-admin to ask an administrator, without a search box or a command', async () => {
    mockApi({ 'GET /api/screening/lists': () => ({ body: { loaded: false, threshold: 0.8, stale_days: 7, lists: [] } }) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the sanctions lists…');
    expect(await screen.findByRole('heading', { name: 'No sanctions list is loaded' })).toBeInTheDocument();
    expect(screen.getByText(/Ask your administrator to load or update them/)).toBeInTheDocument();
    expect(screen.queryByText(/npm run|SANCTIONS_PATHS/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { name: 'No hay ninguna lista de sanciones cargada' })).toBeInTheDocument();
    expect(await screen.findByText(/Pida a su administrador que las cargue o actualice/)).toBeInTheDocument();
  });

  it('lets an admin load list files, with progress and the importer report; a refusal is shown in words', async () => {
    let loaded = false;
    let refuse = false;
    mockApi({
      'GET /api/screening/lists': () => ({ body: loaded ? loadedLists : { loaded: false, threshold: 0.8, stale_days: 7, lists: [] } }),
      'POST /api/screening/lists/import': () => {
        if (refuse) return { status: 400, body: { code: 'BAD_REQUEST', detail: 'The OFAC SDN file was refused and the stored list stays in use: the file ends inside a quoted field' } };
        loaded = true;
        return {
          body: {
            imported: [
              { source: 'ofac_sdn', name: 'OFAC SDN', status: 'stored', version_id: 'ofac_sdn@0123456789ab', entries: 8977, names: 20888, published_at: '2026-11-25T00:00:00.000Z' },
            ],
          },
        };
      },
    });
    seedSession({ role: 'admin' });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ScreeningPage />
        </MemoryRouter>
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Load' }));
    expect(screen.getByText('Choose at least one file.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('List files'), new File(['1,"X",-0- \r\n'], 'sdn.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText(/OFAC SDN: stored as a new version — 8,977 entries, 20,888 names, Nov 25, 2026, version ofac_sdn@0123456789ab/)).toBeInTheDocument();
    // The lists are read again: the panel now shows them, the stale one flagged.
    expect(await screen.findByRole('region', { name: 'Loaded lists' })).toBeInTheDocument();
    expect(screen.getByText('1 list is out of date or undated.')).toBeInTheDocument();

    refuse = true;
    await user.upload(screen.getByLabelText('List files'), new File(['1,"X'], 'sdn.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText(/The OFAC SDN file was refused and the stored list stays in use/)).toBeInTheDocument();
    expect(screen.getByText('The files were not loaded.')).toBeInTheDocument();
  });

  it('shows the loaded lists, searches with the type filter and explains a match', async () => {
    const api = mockApi({
      'GET /api/screening/lists': () => ({ body: loadedLists }),
      'GET /api/screening/search': () => ({ body: { query: 'Karvelis Petroleum', threshold: 0.8, loaded: true, matches: [hit, nearMiss] } }),
      'GET /api/screening/entities/ofac_sdn:90002': () => ({
        body: {
          entity_id: 'ofac_sdn:90002',
          source: 'ofac_sdn',
          type: 'organization',
          name: 'KARVELIS FUEL TRADING LLC',
          aliases: [{ name: 'KARVELIS PETROLEUM', kind: 'aka', weak: false }],
          programs: ['IRAN'],
          addresses: ['Port Road 1, Piraeus, Greece'],
          dates_of_birth: [],
          nationalities: [],
          remarks: null,
        },
      }),
    });
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Loaded lists' });
    expect(within(panel).getByText(/8,977 entries, 20,888 names, published Nov 25, 2026 \(3 days ago\)/)).toBeInTheDocument();
    expect(within(panel).getByText(/1,003 entries, 2,500 names, publication date unknown/)).toBeInTheDocument();
    expect(within(panel).getByText(/Undated: the publication date of this list is unknown/)).toBeInTheDocument();
    expect(within(panel).getByText('UN Security Council')).toBeInTheDocument();
    expect(within(panel).queryByText(/ofac_sdn:|^un$/)).not.toBeInTheDocument();
    expect(within(panel).getByText(/Not loaded yet: OFAC consolidated \(non-SDN\), EU Financial Sanctions, UK HM Treasury \(OFSI\), Canada \(SEMA\), Australia \(DFAT\)/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'Karvelis Petroleum');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'organization');
    await user.click(screen.getByRole('button', { name: 'Screen' }));
    expect(await screen.findByText('1 match for “Karvelis Petroleum”.')).toBeInTheDocument();
    const request = api.callsTo('GET /api/screening/search')[0]!;
    expect(request.url.searchParams.get('q')).toBe('Karvelis Petroleum');
    expect(request.url.searchParams.get('type')).toBe('organization');

    const table = screen.getByRole('table', { name: 'Candidates for Karvelis Petroleum' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('KARVELIS FUEL TRADING LLC')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('matched as KARVELIS PETROLEUM')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('93%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('IRAN')).toBeInTheDocument();
    const why = within(rows[1]!).getByRole('button', { name: 'Show why and details' });
    expect(screen.getByText(hit.explanation)).not.toBeVisible();
    expect(api.callsTo('GET /api/screening/entities/ofac_sdn:90002')).toHaveLength(0);
    await user.click(why);
    expect(screen.getByText(hit.explanation)).toBeVisible();
    expect(await screen.findByText('Port Road 1, Piraeus, Greece')).toBeVisible();
    expect(screen.getByText('KARVELIS PETROLEUM (aka)')).toBeVisible();
  });

  it('keeps weak candidates behind "show more" and says plainly when nothing comes close', async () => {
    const weak = Array.from({ length: 8 }, (_, i) => ({ ...nearMiss, entity_id: `ofac_sdn:9100${i}`, name: `WEAK CANDIDATE ${i}`, score: 0.4 - i / 100 }));
    let matches: ScreeningMatch[] = [hit, ...weak];
    mockApi({
      'GET /api/screening/lists': () => ({ body: loadedLists }),
      'GET /api/screening/search': (request) => ({ body: { query: request.url.searchParams.get('q'), threshold: 0.8, loaded: true, matches } }),
    });
    const { user } = renderPage();
    await user.type(await screen.findByRole('searchbox', { name: 'Name' }), 'Karvelis Petroleum');
    await user.click(screen.getByRole('button', { name: 'Screen' }));
    const table = await screen.findByRole('table', { name: 'Candidates for Karvelis Petroleum' });
    // Header, the match and the 5 closest weaker candidates (detail rows are hidden); 3 more on demand.
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
    expect(screen.queryByText('WEAK CANDIDATE 5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 3 weaker candidates' }));
    expect(screen.getByText('WEAK CANDIDATE 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /weaker candidate/ })).not.toBeInTheDocument();

    matches = [];
    await user.clear(screen.getByRole('searchbox', { name: 'Name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'Zzyxq Plumbing');
    await user.click(screen.getByRole('button', { name: 'Screen' }));
    expect(await screen.findByText('No match for “Zzyxq Plumbing”: no list entry comes close.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the explanations in the language the page is shown in', async () => {
    await i18n.changeLanguage('es');
    const api = mockApi({
      'GET /api/screening/lists': () => ({ body: loadedLists }),
      'GET /api/screening/search': () => ({ body: { query: 'Karvelis', threshold: 0.8, loaded: true, matches: [hit] } }),
      'POST /api/screening/batch': () => ({ body: { threshold: 0.8, loaded: true, results: [{ name: 'Karvelis', matches: [hit] }] } }),
    });
    const { user } = renderPage();
    await user.type(await screen.findByRole('searchbox', { name: 'Nombre' }), 'Karvelis');
    await user.click(screen.getByRole('button', { name: 'Comprobar' }));
    await screen.findByRole('table');
    expect(api.callsTo('GET /api/screening/search')[0]!.headers.get('accept-language')).toBe('es');
    await user.type(screen.getByRole('textbox', { name: /Nombres, uno por línea/ }), 'Karvelis');
    await user.click(screen.getByRole('button', { name: 'Comprobar todos' }));
    await waitFor(() => expect(api.callsTo('POST /api/screening/batch')).toHaveLength(1));
    expect(api.callsTo('POST /api/screening/batch')[0]!.headers.get('accept-language')).toBe('es');
  });

  it('refuses an empty name in the user language and sends nothing', async () => {
    const api = mockApi({ 'GET /api/screening/lists': () => ({ body: loadedLists }) });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Loaded lists' });
    await user.click(screen.getByRole('button', { name: 'Screen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name to search for.');
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Introduzca un nombre para buscar.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/screening/search')).toHaveLength(0);
  });

  it('screens pasted names in order and shows a failed search as an error', async () => {
    const api = mockApi({
      'GET /api/screening/lists': () => ({ body: loadedLists }),
      'POST /api/screening/batch': () => ({
        body: { threshold: 0.8, loaded: true, results: [{ name: 'Karvelis Petroleum', matches: [hit] }, { name: 'Acme Fuels', matches: [nearMiss] }] },
      }),
      'GET /api/screening/search': () => ({ status: 500, body: { detail: 'Server error.', code: 'INTERNAL_ERROR' } }),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Loaded lists' });
    await user.type(screen.getByRole('textbox', { name: /Names, one a line/ }), 'Karvelis Petroleum{Enter}{Enter}Acme Fuels');
    await user.click(screen.getByRole('button', { name: 'Screen all' }));
    expect(await screen.findByRole('heading', { name: 'Karvelis Petroleum: 1 match' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Acme Fuels: no match' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/screening/batch')[0]!.body).toEqual({ queries: [{ name: 'Karvelis Petroleum' }, { name: 'Acme Fuels' }] });

    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Screen' }));
    expect(await screen.findByText('The name could not be screened.')).toBeInTheDocument();
  });

  it('shows a newly loaded list as soon as the server announces it', async () => {
    const EventSourceStub = installFakeEventSource();
    let loaded = false;
    mockApi({
      'GET /api/screening/lists': () => ({ body: loaded ? loadedLists : { loaded: false, threshold: 0.8, stale_days: 7, lists: [] } }),
      'POST /api/events/token': () => ({ body: { token: 'stream-token', expires_in: 60 } }),
    });
    renderPage();
    const stop = startServerEvents();
    expect(await screen.findByRole('heading', { name: 'No sanctions list is loaded' })).toBeInTheDocument();
    await waitFor(() => expect(EventSourceStub.latest()).toBeDefined());
    loaded = true;
    EventSourceStub.latest()!.emit('screening_lists_updated', { lists: [{ source: 'ofac_sdn', entries: 8977 }] });
    expect(await screen.findByRole('region', { name: 'Loaded lists' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Name' })).toBeInTheDocument();
    stop();
  });
});
