import type { AdminInboxDetail, AdminInboxItem, InboxAssignee, PriceImportRow } from '@fueldesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { currentPath, renderApp, seedSession } from '@/test/render-app';

const keepAlive: Record<string, MockHandler> = {
  'POST /api/auth/ping': () => ({ body: { ok: true, session_id: 's', last_seen_at: new Date().toISOString(), active_seconds: 0 } }),
  'GET /api/auth/me': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
  'POST /api/events/token': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
  'GET /api/admin/sessions': () => ({ body: { items: [], total: 0, page: 1, page_size: 25 } }),
  'GET /api/screening/lists': () => ({ body: { loaded: true, threshold: 0.8, lists: [] } }),
};

/** The Imports tab's EIA sync panel: no key, never run. */
const eiaSyncNeverRun: Record<string, MockHandler> = {
  'GET /api/admin/prices/sync': () => ({ body: { configured: false, cron: '30 6 * * *', next_run_at: null, busy: false, retry_at: null, last_success_at: null, runs: [] } }),
};

const ada: InboxAssignee = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin', email: 'ada@example.com' };
const otto: InboxAssignee = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Otto Other', email: 'otto@example.com' };

const lead: AdminInboxItem = {
  kind: 'lead',
  id: '00000000-0000-4000-8000-000000000010',
  status: 'open',
  assignee: null,
  from_name: 'María José Pérez',
  from_email: 'mj@example.com',
  subject: 'Combustibles del Norte',
  preview: 'We would like a demo.',
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
};
const contact: AdminInboxItem = {
  ...lead,
  kind: 'contact',
  id: '00000000-0000-4000-8000-000000000011',
  from_name: 'Lee Park',
  from_email: 'lee@example.com',
  subject: 'Coverage of ULSD',
  preview: 'Do you publish Gulf Coast ULSD?',
  assignee: otto,
};

function detailOf(item: AdminInboxItem): AdminInboxDetail {
  return { ...item, message: `${item.preview}\nThanks.`, language: 'es', fields: { company: 'Combustibles del Norte', job_title: 'Head of supply', phone: null } };
}

const inboxRoutes = (items: AdminInboxItem[]): Record<string, MockHandler> => ({
  ...keepAlive,
  'GET /api/admin/inbox/assignees': () => ({ body: { assignees: [ada, otto] } }),
  'GET /api/admin/inbox': () => ({ body: { items, total: items.length, page: 1, page_size: 25 } }),
});

describe('admin inbox tab', () => {
  it('lists open messages by default, filters, and reads one', async () => {
    seedSession({ role: 'admin' });
    const server = mockApi({ ...inboxRoutes([lead, contact]), [`GET /api/admin/inbox/lead/${lead.id}`]: () => ({ body: detailOf(lead) }) });
    const app = renderApp('/admin/sessions?tab=inbox');
    const table = await screen.findByRole('table', { name: 'Inbox' });
    expect(within(table).getByText('Sales enquiry')).toBeInTheDocument();
    expect(within(table).getByText('Otto Other')).toBeInTheDocument();
    expect(within(table).getByText('Unassigned')).toBeInTheDocument();
    expect(server.callsTo('GET /api/admin/inbox')[0]!.url.searchParams.get('status')).toBe('open');

    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'support');
    await waitFor(() => expect(server.callsTo('GET /api/admin/inbox').some((call) => call.url.searchParams.get('kind') === 'support')).toBe(true));
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'me');
    await waitFor(() => expect(server.callsTo('GET /api/admin/inbox').some((call) => call.url.searchParams.get('assignee') === 'me')).toBe(true));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search sender, subject or text' }), 'norte');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = server.callsTo('GET /api/admin/inbox').at(-1)!.url.searchParams;
      expect([last.get('q'), last.get('kind'), last.get('assignee'), last.get('status'), last.get('page')]).toEqual(['norte', 'support', 'me', 'open', '1']);
    });

    await app.user.click(within(table).getByRole('button', { name: 'View "Combustibles del Norte" from María José Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Combustibles del Norte' });
    expect(await within(dialog).findByText('Head of supply')).toBeInTheDocument();
    expect(within(dialog).getByText('Spanish')).toBeInTheDocument();
    expect(within(dialog).getByText(/Thanks\./)).toBeInTheDocument();
    expect(within(dialog).queryByText('Phone')).not.toBeInTheDocument();
  });

  it('sets status and assignee in one change and shows the server refusal', async () => {
    seedSession({ role: 'admin' });
    let current = detailOf(lead);
    let refuse = true;
    const server = mockApi({
      ...inboxRoutes([lead]),
      [`GET /api/admin/inbox/lead/${lead.id}`]: () => ({ body: current }),
      [`PATCH /api/admin/inbox/lead/${lead.id}`]: ({ body }) => {
        if (refuse) {
          refuse = false;
          return { status: 400, body: { code: 'VALIDATION_ERROR', detail: 'The assignee must be an active administrator.' } };
        }
        const change = body as { status?: 'open' | 'answered'; assignee_id?: string | null };
        current = { ...current, status: change.status ?? current.status, assignee: change.assignee_id === ada.id ? ada : current.assignee };
        return { body: current };
      },
    });
    const app = renderApp('/admin/sessions?tab=inbox');
    await app.user.click(await screen.findByRole('button', { name: /^View "Combustibles/ }));
    const dialog = await screen.findByRole('dialog');
    const save = await within(dialog).findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'answered');
    await app.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assignee' }), ada.id);
    await app.user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The assignee must be an active administrator.');

    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message updated')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/admin/inbox/lead/${lead.id}`).map((call) => call.body)).toEqual([
      { status: 'answered', assignee_id: ada.id },
      { status: 'answered', assignee_id: ada.id },
    ]);
    expect(await within(dialog).findByText('Answered', { selector: 'span' })).toBeInTheDocument();
    // The list is asked again after the change.
    await waitFor(() => expect(server.callsTo('GET /api/admin/inbox').length).toBeGreaterThan(1));
  });

  it('shows the empty state and the error state with a retry, in Spanish', async () => {
    await i18n.changeLanguage('es');
    seedSession({ role: 'admin' });
    let fail = true;
    mockApi({
      ...inboxRoutes([]),
      'GET /api/admin/inbox': () => (fail ? { status: 500, body: { code: 'INTERNAL_ERROR', detail: 'boom' } } : { body: { items: [], total: 0, page: 1, page_size: 25 } }),
    });
    const app = renderApp('/admin/sessions?tab=inbox');
    expect(await screen.findByText('No se pudo cargar la bandeja de entrada')).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ningún mensaje coincide con estos filtros')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bandeja de entrada' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('admin imports tab', () => {
  const rows: PriceImportRow[] = [
    {
      id: 'i2',
      actor: 'eia-job',
      user: null,
      source: 'EIA API v2 petroleum/pri/spt',
      format: 'eia-api',
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      refused: true,
      refusal_reason: 'EIA answered 502.',
      created_at: '2026-03-03T06:30:00.000Z',
    },
    {
      id: 'i1',
      actor: 'user',
      user: ada,
      source: 'RWTC.csv',
      format: 'eia-date-price',
      inserted: 1234,
      updated: 2,
      unchanged: 7,
      rejected: 1,
      refused: false,
      refusal_reason: null,
      created_at: '2026-03-02T06:30:00.000Z',
    },
  ];

  it('opens from the tab, names it in the URL, and lists who imported what', async () => {
    seedSession({ role: 'admin' });
    mockApi({ ...keepAlive, ...eiaSyncNeverRun, 'GET /api/admin/price-imports': () => ({ body: { items: rows, total: 2, page: 1, page_size: 25 } }) });
    const app = renderApp('/admin/sessions');
    await app.user.click(await screen.findByRole('tab', { name: 'Imports' }));
    expect(currentPath(app.router)).toBe('/admin/sessions?tab=imports');
    const table = await screen.findByRole('table', { name: 'Price-import history' });
    expect(within(table).getByText('EIA job (scheduled)')).toBeInTheDocument();
    expect(within(table).getByText('EIA answered 502.')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(within(table).getByText('Imported')).toBeInTheDocument();
    await app.user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(currentPath(app.router)).toBe('/admin/sessions');
  });

  it('says so when nothing was imported yet', async () => {
    seedSession({ role: 'admin' });
    mockApi({ ...keepAlive, ...eiaSyncNeverRun, 'GET /api/admin/price-imports': () => ({ body: { items: [], total: 0, page: 1, page_size: 25 } }) });
    renderApp('/admin/sessions?tab=imports');
    expect(await screen.findByText('No price import yet')).toBeInTheDocument();
  });
});
