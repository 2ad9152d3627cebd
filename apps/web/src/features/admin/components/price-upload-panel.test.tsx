import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { PriceUploadPanel } from './price-upload-panel';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <PriceUploadPanel />
    </QueryClientProvider>,
  );
  return user;
}

const report = (name: string, changes: object) => ({
  name,
  format: 'eia-workbook',
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  suspect: 0,
  errors: [],
  refused: false,
  refusal_reason: null,
  ...changes,
});

beforeAll(async () => {
  await loadTexts('analytics');
});

describe('data desk upload', () => {
  it("sends each file on its own and shows each file's report: counts, rejected lines, refusals", async () => {
    seedSession({ role: 'admin' });
    const api = mockApi({
      'POST /api/admin/prices/import': ({ headers }) => {
        const call = api.callsTo('POST /api/admin/prices/import').length;
        expect(headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
        if (call === 1) return json(200, { files: [report('RNGC1d.xls', { inserted: 7546, suspect: 3 })] });
        if (call === 2) return json(200, { files: [report('prices.csv', { format: 'generic-csv', inserted: 1, rejected: 1, errors: [{ line: 3, detail: '"oops" is not a number' }] })] });
        const reason = 'The workbook would unpack to more than the 100 MB allowed (a zip bomb?).';
        return json(200, { files: [report('bomb.xlsx', { refused: true, refusal_reason: reason, errors: [{ line: 0, detail: reason }] })] });
      },
      'GET /api/admin/price-imports': () => json(200, { items: [], total: 0, page: 1, page_size: 25 }),
    });
    const user = renderPanel();
    expect(screen.getByText('No file chosen yet.')).toBeInTheDocument();
    const files = [
      new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], 'RNGC1d.xls'),
      new File(['product_code,date,value\n'], 'prices.csv', { type: 'text/csv' }),
      new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'bomb.xlsx'),
    ];
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, files);
    await user.click(screen.getByRole('button', { name: 'Import 3 file(s)' }));

    const first = await screen.findByRole('listitem', { name: 'RNGC1d.xls' });
    expect(await within(first).findByText('Imported')).toBeInTheDocument();
    expect(within(first).getByText('7546')).toBeInTheDocument();
    // Values flagged suspect are counted when there are some, and only then.
    expect(within(first).getByText('Flagged suspect (to review)').nextElementSibling).toHaveTextContent('3');
    const second = screen.getByRole('listitem', { name: 'prices.csv' });
    expect(within(second).queryByText('Flagged suspect (to review)')).toBeNull();
    expect(await within(second).findByText('"oops" is not a number', { exact: false })).toBeInTheDocument();
    expect(within(second).getByText('Line 3')).toBeInTheDocument();
    const third = screen.getByRole('listitem', { name: 'bomb.xlsx' });
    expect(await within(third).findByText('Refused')).toBeInTheDocument();
    expect(within(third).getByText(/zip bomb/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/prices/import')).toHaveLength(3);
  });

  it('shows a failed upload with the reason, in Spanish', async () => {
    seedSession({ role: 'admin' });
    mockApi({ 'POST /api/admin/prices/import': () => json(403, { code: 'FORBIDDEN', detail: 'No tiene permiso.' }) });
    await i18n.changeLanguage('es');
    const user = renderPanel();
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [new File(['x'], 'a.csv')]);
    await user.click(screen.getByRole('button', { name: 'Importar 1 archivo(s)' }));
    const item = await screen.findByRole('listitem', { name: 'a.csv' });
    expect(await within(item).findByText('Falló')).toBeInTheDocument();
  });

  it("asks for the reports in the reader's language and shows the server's Spanish refusal and line reasons", async () => {
    seedSession({ role: 'admin' });
    mockApi({
      'POST /api/admin/prices/import': ({ headers }) => {
        // The server translates the importer's reasons by Accept-Language (see price-upload.routes.test.ts).
        if (headers.get('accept-language') !== 'es') return json(200, { files: [report('x', { refused: true, refusal_reason: 'English.' })] });
        const reason = 'prices.xlsx tiene nombre de libro de Excel pero no es un archivo de Excel.';
        return json(200, {
          files: [report('prices.xlsx', { refused: true, rejected: 1, refusal_reason: reason, errors: [{ line: 0, detail: reason }, { line: 3, detail: '"oops" no es un número' }] })],
        });
      },
      'GET /api/admin/price-imports': () => json(200, { items: [], total: 0, page: 1, page_size: 25 }),
    });
    await i18n.changeLanguage('es');
    const user = renderPanel();
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [new File(['x'], 'prices.xlsx')]);
    await user.click(screen.getByRole('button', { name: 'Importar 1 archivo(s)' }));
    const item = await screen.findByRole('listitem', { name: 'prices.xlsx' });
    expect(await within(item).findByText('prices.xlsx tiene nombre de libro de Excel pero no es un archivo de Excel.')).toBeInTheDocument();
    expect(within(item).getByText('"oops" no es un número', { exact: false })).toBeInTheDocument();
    expect(within(item).getByText('Línea 3')).toBeInTheDocument();
  });

  it('sends a file again when the server was too busy to take it (503 with Retry-After), and gives up after three tries', async () => {
    seedSession({ role: 'admin' });
    await i18n.changeLanguage('en');
    const busy = () => new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', detail: 'Service temporarily unavailable' }), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '0' } });
    const api = mockApi({
      'POST /api/admin/prices/import': () =>
        // One file at a time: the first is refused once, then taken; the second is refused every time.
        api.callsTo('POST /api/admin/prices/import').length === 2 ? json(200, { files: [report('late.csv', { inserted: 2 })] }) : busy(),
    });
    const user = renderPanel();
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, [new File(['x'], 'late.csv'), new File(['y'], 'never.csv')]);
    await user.click(screen.getByRole('button', { name: 'Import 2 file(s)' }));
    const late = await screen.findByRole('listitem', { name: 'late.csv' });
    expect(await within(late).findByText('Imported')).toBeInTheDocument();
    expect(within(late).getByText('2')).toBeInTheDocument();
    const never = screen.getByRole('listitem', { name: 'never.csv' });
    expect(await within(never).findByText('Failed')).toBeInTheDocument();
    expect(within(never).getByText('Service temporarily unavailable')).toBeInTheDocument();
    // late.csv twice, never.csv four times (the first try and three more).
    expect(api.callsTo('POST /api/admin/prices/import')).toHaveLength(6);
  });
});
