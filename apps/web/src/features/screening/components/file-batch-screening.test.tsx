import type { ScreeningMatch } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n, { loadTexts } from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { FileBatchScreening } from './file-batch-screening';

const hit: ScreeningMatch = {
  entity_id: 'ofac_sdn:90002',
  source: 'ofac_sdn',
  name: 'KARVELIS FUEL TRADING LLC',
  matched_name: 'KARVELIS PETROLEUM',
  type: 'organization',
  programs: ['IRAN'],
  score: 0.93,
  is_match: true,
  explanation: 'Matched the alias',
  version_id: 'ofac_sdn@0123456789ab',
};
const batchAnswer = { threshold: 0.78, loaded: true, results: [{ name: 'Karvelis Petroleum', matches: [hit] }, { name: 'Jane Nobody', matches: [] }] };

async function renderFileBatch() {
  await loadTexts('screening');
  seedSession();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter>
        <FileBatchScreening />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const csvFile = () => new File(['name,type\nKarvelis Petroleum,organization\nJane Nobody,person\n'], 'names.csv', { type: 'text/csv' });

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('FileBatchScreening', () => {
  it('shows the empty state, asks for a file, uploads it, lists the results and downloads them as CSV', async () => {
    const api = mockApi({
      'POST /api/screening/batch': ({ url }) =>
        url.searchParams.get('format') === 'csv'
          ? new Response('row,name\r\n2,Karvelis Petroleum\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : { body: batchAnswer },
    });
    const createObjectURL = vi.fn(() => 'blob:results');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderFileBatch();

    expect(screen.getByText(/No file chosen yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Screen the file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV or XLSX file first.');
    expect(api.callsTo('POST /api/screening/batch')).toHaveLength(0);

    await user.upload(screen.getByLabelText('CSV or XLSX file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Screen the file' }));
    const table = await screen.findByRole('table', { name: 'Results of the file, in the order of its rows' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Karvelis Petroleum');
    expect(rows[1]).toHaveTextContent('1 match');
    expect(rows[1]).toHaveTextContent('KARVELIS FUEL TRADING LLC (OFAC SDN, 93%)');
    expect(rows[2]).toHaveTextContent('no match');
    expect(screen.getByText('2 names screened, 1 with a match.')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/screening/batch')[0]!;
    expect(sent.headers.get('content-type')).toContain('multipart/form-data');
    expect(String(sent.body)).toContain('name="file"');

    await user.click(screen.getByRole('button', { name: 'Download results (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csvCall = api.callsTo('POST /api/screening/batch')[1]!;
    expect(csvCall.url.searchParams.get('format')).toBe('csv');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a bad file in Spanish", async () => {
    await i18n.changeLanguage('es');
    mockApi({
      'POST /api/screening/batch': () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', detail: 'El archivo necesita una fila de encabezado con una columna "name" (y, si quiere, "type" y "country").' },
      }),
    });
    const { user } = await renderFileBatch();
    await user.upload(screen.getByLabelText('Archivo CSV o XLSX'), new File(['company\nAcme\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Revisar el archivo' }));
    expect(await screen.findByText('No se pudo revisar el archivo.')).toBeInTheDocument();
    expect(screen.getByText(/necesita una fila de encabezado con una columna "name"/)).toBeInTheDocument();
  });

  it('says so when no list is loaded instead of showing clear results', async () => {
    mockApi({ 'POST /api/screening/batch': () => ({ body: { threshold: 0.78, loaded: false, results: [{ name: 'Karvelis Petroleum', matches: [] }] } }) });
    const { user } = await renderFileBatch();
    await user.upload(screen.getByLabelText('CSV or XLSX file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Screen the file' }));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(await screen.findByText("No sanctions list is loaded: this name was not screened.")).toBeInTheDocument();
  });
});
