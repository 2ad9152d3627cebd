import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { readPendingContact } from '../lib/pending-contact';
import { readyReport, sanctionedFindings, starterUsage } from '../testing/due-fixtures';
import DueDiligenceCreatePage from './create-page';
import DueDiligenceDetailPage from './detail-page';
import DueDiligenceOverviewPage from './overview-page';

function renderAt(element: ReactNode, path = '/') {
  seedSession();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

afterEach(async () => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe('DueDiligenceOverviewPage', () => {
  it('lists the reports newest first with status, rating and the usage meter', async () => {
    const processing = { ...readyReport, id: 'b2', title: 'Ivor Peltomaa', status: 'processing' as const, rating: null, content: '', completed_at: null };
    mockApi({
      'GET /api/due/reports': () => ({ body: [processing, readyReport] }),
      'GET /api/due/usage': () => ({ body: starterUsage }),
    });
    renderAt(<DueDiligenceOverviewPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reports…');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ivor Peltomaa');
    expect(rows[1]).toHaveTextContent('Processing');
    expect(rows[2]).toHaveTextContent('Ready');
    expect(rows[2]).toHaveTextContent('Critical');
    expect(await screen.findByText(/1 of 3 this month/)).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Open the report for Dana Whitfield' })).toHaveAttribute('href', `/due-diligence/detail?id=${readyReport.id}`);
    // The hidden "Actions" header is absolutely positioned: its scrolling frame must contain it, or
    // a phone's page scrolls sideways (the browser journeys measure it; jsdom has no layout).
    expect(screen.getByRole('table').parentElement).toHaveClass('relative', 'overflow-x-auto');
  });

  it('shows the empty state, and SPEC.md §8 text when the list fails', async () => {
    mockApi({ 'GET /api/due/reports': () => ({ body: { not: 'an array' } }), 'GET /api/due/usage': () => ({ body: starterUsage }) });
    renderAt(<DueDiligenceOverviewPage />);
    expect(await screen.findByText('You have no due diligence reports yet.')).toBeInTheDocument();
  });

  it('shows the error state in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({ 'GET /api/due/reports': () => ({ status: 500, body: {} }), 'GET /api/due/usage': () => ({ body: starterUsage }) });
    renderAt(<DueDiligenceOverviewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los informes');
  });
});

describe('DueDiligenceCreatePage', () => {
  it('validates as the user types with SPEC.md §5 messages and sends nothing until valid', async () => {
    const api = mockApi({ 'GET /api/due/usage': () => ({ body: starterUsage }) });
    const { user } = renderAt(<DueDiligenceCreatePage />);
    await user.type(await screen.findByLabelText(/Routing number/), '12a');
    expect(await screen.findByText('Numbers only.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Routing number/));
    await user.type(screen.getByLabelText(/Routing number/), '1234');
    expect(await screen.findByText('The routing number must have 9 digits.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'dana@');
    expect(await screen.findByText('Invalid email.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create report' }));
    expect(await screen.findByText('Enter a business name or DBA.')).toBeInTheDocument();
    expect(screen.getByText('Enter a contact or owner.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your consent.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/due/create')).toHaveLength(0);
  });

  it('catches a mistyped routing number or EIN as you type, in Spanish, before anything is sent', async () => {
    await i18n.changeLanguage('es');
    const api = mockApi({ 'GET /api/due/usage': () => ({ body: starterUsage }) });
    const { user } = renderAt(<DueDiligenceCreatePage />);
    const routing = await screen.findByLabelText(/Número de ruta/);
    await user.type(routing, '021000022');
    expect(await screen.findByText('Este número de ruta no supera la suma de control ABA: revise si hay un error de escritura.')).toBeInTheDocument();
    await user.clear(routing);
    await user.type(routing, '021000021');
    await waitFor(() => expect(screen.queryByText(/suma de control ABA/)).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/Identificación fiscal federal/), '07-1234567');
    expect(await screen.findByText('El IRS no asigna ningún EIN con este prefijo de dos cifras: revise si hay un error de escritura.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/due/create')).toHaveLength(0);
  });

  it('asks for confirmation, sends the form and says it is processing', async () => {
    const api = mockApi({
      'GET /api/due/usage': () => ({ body: starterUsage }),
      'POST /api/due/create': () => ({ status: 201, body: { ...readyReport, status: 'processing', content: '', findings: null } }),
    });
    const { user } = renderAt(<DueDiligenceCreatePage />);
    await user.type(await screen.findByLabelText(/Purpose of this check/), '  Cargo of ULSD, March  ');
    await user.type(await screen.findByLabelText(/Business name or DBA/), 'Blue Harbor Fuels');
    await user.type(screen.getByLabelText(/Contact or owner name/), 'Dana Whitfield');
    await user.type(screen.getByLabelText(/Routing number/), '021000021');
    await user.click(screen.getByLabelText(/I confirm that the counterparty consented/));
    await user.click(screen.getByRole('button', { name: 'Create report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, create it' }));
    expect(await screen.findByText('Your report on Dana Whitfield is processing. You will be notified when it is ready.')).toBeInTheDocument();
    // The message is at the top of a long form: it takes the focus so the user sees (and hears) it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    const [sent] = api.callsTo('POST /api/due/create');
    expect(sent!.body).toMatchObject({ description: 'Cargo of ULSD, March', contact_name: 'Dana Whitfield', extra: { business_name: 'Blue Harbor Fuels', routing_number: '021000021', consent: true } });
    expect(readPendingContact()).toEqual({ contactName: 'Dana Whitfield', timestamp: Date.parse(readyReport.created_at) });
  });

  it("shows SPEC.md §8's create failure text: 'HTTP {status} {text} - {body}'", async () => {
    mockApi({
      'GET /api/due/usage': () => ({ body: starterUsage }),
      'POST /api/due/create': () =>
        new Response('{"detail":"The report queue is unavailable."}', { status: 503, statusText: 'Service Unavailable', headers: { 'Content-Type': 'application/json' } }),
    });
    const { user } = renderAt(<DueDiligenceCreatePage />);
    await user.type(await screen.findByLabelText(/Business name or DBA/), 'Blue Harbor Fuels');
    await user.type(screen.getByLabelText(/Contact or owner name/), 'Dana Whitfield');
    await user.click(screen.getByLabelText(/I confirm that the counterparty consented/));
    await user.click(screen.getByRole('button', { name: 'Create report' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create this report?' })).getByRole('button', { name: 'Yes, create it' }));
    expect(await screen.findByText('The report could not be created: HTTP 503 Service Unavailable - {"detail":"The report queue is unavailable."}')).toBeInTheDocument();
  });

  it('at the plan limit shows the banner above a disabled form, with the date the count resets', async () => {
    mockApi({ 'GET /api/due/usage': () => ({ body: { ...starterUsage, used: 3, remaining: 0 } }) });
    renderAt(<DueDiligenceCreatePage />);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("You have reached your plan's report limit");
    expect(banner).toHaveTextContent('You have used 3 of 3 reports this month.');
    expect(banner).toHaveTextContent('Your monthly count starts again on December 1, 2026 (00:00 UTC).');
    expect(within(banner).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/#plans');
    expect(screen.getByRole('button', { name: 'Create report' })).toBeDisabled();
    expect(screen.getByLabelText(/Business name or DBA/)).toBeDisabled();
    expect(screen.getByLabelText(/Purpose of this check/)).toBeDisabled();
    // The banner comes before the form in the page.
    expect(banner.compareDocumentPosition(screen.getByRole('button', { name: 'Create report' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says in Spanish (usted) when the count resets, with the date in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({ 'GET /api/due/usage': () => ({ body: { ...starterUsage, used: 3, remaining: 0 } }) });
    renderAt(<DueDiligenceCreatePage />);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Ha alcanzado el límite de informes de su plan');
    expect(banner).toHaveTextContent('Su contador mensual vuelve a empezar el 1 de diciembre de 2026 (00:00 UTC).');
    expect(within(banner).getByRole('link', { name: 'Ver los planes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear informe' })).toBeDisabled();
  });

  it('with one report left keeps the form and its submit enabled and shows no banner', async () => {
    mockApi({ 'GET /api/due/usage': () => ({ body: { ...starterUsage, used: 2, remaining: 1 } }) });
    renderAt(<DueDiligenceCreatePage />);
    expect(await screen.findByText(/2 of 3 this month/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create report' })).toBeEnabled();
    expect(screen.getByLabelText(/Business name or DBA/)).toBeEnabled();
    expect(screen.queryByText("You have reached your plan's report limit")).not.toBeInTheDocument();
  });

  it('when usage cannot be loaded the form still sends; a PLAN_LIMIT answer then shows the banner and disables the submit', async () => {
    const api = mockApi({
      'GET /api/due/usage': () => ({ status: 500, body: { detail: 'boom' } }),
      'POST /api/due/create': () => ({ status: 403, body: { detail: 'You have used the 3 due diligence reports of your plan this month.', code: 'PLAN_LIMIT' } }),
    });
    const { user } = renderAt(<DueDiligenceCreatePage />);
    await waitFor(() => expect(api.callsTo('GET /api/due/usage').length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Create report' })).toBeEnabled();
    await user.type(screen.getByLabelText(/Business name or DBA/), 'Blue Harbor Fuels');
    await user.type(screen.getByLabelText(/Contact or owner name/), 'Dana Whitfield');
    await user.click(screen.getByLabelText(/I confirm that the counterparty consented/));
    await user.click(screen.getByRole('button', { name: 'Create report' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create this report?' })).getByRole('button', { name: 'Yes, create it' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("You have reached your plan's report limit");
    expect(banner).toHaveTextContent('Upgrade your plan to create more reports.');
    expect(api.callsTo('POST /api/due/create')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create report' })).toBeDisabled();
  });
});

describe('DueDiligenceDetailPage', () => {
  it('shows the rating, the matches with score and programs, the checks and a sanitized report', async () => {
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: { ...readyReport, description: 'Cargo of ULSD, March' } }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByRole('heading', { name: 'Dana Whitfield' })).toBeInTheDocument();
    expect(screen.getByText('Cargo of ULSD, March')).toBeInTheDocument();
    expect((await screen.findAllByText('Critical')).length).toBeGreaterThan(0);
    expect(screen.getByText(/KARVELIS FUEL TRADING LLC · Score 98%/)).toBeInTheDocument();
    expect(screen.getByText(/Programs: IRAN/)).toBeInTheDocument();
    expect(screen.getByText(/checksum of the routing number fails/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Karvelis Fuel Trading cargo seized' })).toHaveAttribute('href', 'https://example.com/karvelis');
    const link = screen.getByRole('link', { name: 'OFAC' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(document.querySelector('img')).toBeNull();
  });

  it('says in the other interface language that the report keeps the language it was created in', async () => {
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: { ...readyReport, language: 'es' } }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByTestId('report-language')).toHaveTextContent('This report is written in Spanish, the language it was created in');
    expect((await screen.findByText(/KARVELIS FUEL TRADING LLC · Puntuación 98\s%/)).closest('[lang]')).toHaveAttribute('lang', 'es');
  });

  it('shows a Spanish report with Spanish headings, labels and numbers in an English interface, whose own controls stay English', async () => {
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: { ...readyReport, language: 'es' } }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByRole('heading', { name: 'Calificación de riesgo' })).toBeInTheDocument();
    for (const heading of ['Motivos', 'Listas de sanciones usadas', 'Nombres cribados', 'Comprobaciones', 'Información faltante']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Risk rating' })).not.toBeInTheDocument();
    expect(screen.getByText('Crítico')).toBeInTheDocument();
    expect(screen.getByText(/Nombre comercial o DBA:/)).toBeInTheDocument();
    expect(screen.getByText(/KARVELIS FUEL TRADING LLC · Puntuación 98\s%/)).toBeInTheDocument();
    expect(screen.getByText(/OFAC SDN: 6 entradas, publicación: 20 nov 2026/)).toBeInTheDocument();
    // The page around the report is the interface's: it names the report's language and offers the PDF in English.
    expect(screen.getByTestId('report-language-name')).toHaveTextContent('Report language: Spanish');
    expect(screen.getByTestId('report-language')).toHaveTextContent('its headings, reasons, explanations and PDF stay in that language');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it('shows an English report with English headings in a Spanish interface', async () => {
    await i18n.changeLanguage('es');
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: readyReport }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByRole('heading', { name: 'Risk rating' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Names screened' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Calificación de riesgo' })).not.toBeInTheDocument();
    expect(screen.getByText(/KARVELIS FUEL TRADING LLC · Score 98%/)).toBeInTheDocument();
    expect(screen.getByTestId('report-language-name')).toHaveTextContent('Idioma del informe: inglés');
    expect(screen.getByTestId('report-language')).toHaveTextContent('Este informe está escrito en inglés');
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument();
  });

  it('downloads the PDF from the server, and says so when it cannot', async () => {
    let calls = 0;
    const api = mockApi({
      [`GET /api/due/report/${readyReport.id}`]: () => ({ body: readyReport }),
      [`GET /api/due/report/${readyReport.id}/pdf`]: () =>
        ++calls === 1 ? { status: 500, body: {} } : new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('The PDF could not be downloaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL.mock.calls[0]![0].type).toBe('application/pdf');
    expect(screen.queryByText('The PDF could not be downloaded.')).not.toBeInTheDocument();
    expect(api.callsTo(`GET /api/due/report/${readyReport.id}/pdf`)).toHaveLength(2);
  });

  it('adds no note when the report is in the interface language', async () => {
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: readyReport }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByRole('heading', { name: 'Dana Whitfield' })).toBeInTheDocument();
    expect(screen.queryByTestId('report-language')).not.toBeInTheDocument();
  });

  it('says plainly that nothing was screened when no list was loaded', async () => {
    const incomplete = { ...readyReport, rating: 'incomplete' as const, findings: { ...sanctionedFindings, lists: [], screening: [{ field: 'business_name', name: 'Blue Harbor', matches: [] }], risk: { rating: 'incomplete' as const, reasons: ['Not screened: no sanctions list is loaded.'] } } };
    mockApi({ [`GET /api/due/report/${readyReport.id}`]: () => ({ body: incomplete }) });
    renderAt(<DueDiligenceDetailPage />, `/due-diligence/detail?id=${readyReport.id}`);
    expect(await screen.findByText(/the names below were not screened/)).toBeInTheDocument();
    expect(screen.getByText(/Blue Harbor — Not screened/)).toBeInTheDocument();
    expect(screen.queryByText(/the names below were not screened/)).toBeInTheDocument();
  });

  it("opens with a 'no preview' message when the report cannot be loaded", async () => {
    mockApi({});
    renderAt(<DueDiligenceDetailPage />, '/due-diligence/detail?id=missing');
    expect(await screen.findByRole('alert')).toHaveTextContent('No preview is available for this report.');
  });
});
