import type { AdminSessionRow, AdminUserRow } from '@fueldesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockHandler } from '@/lib/testing/mock-api';
import { renderApp, seedSession } from '@/test/render-app';
import i18n from '@/lib/i18n';

afterEach(() => vi.unstubAllGlobals());

function buildRow(overrides: Partial<AdminSessionRow>): AdminSessionRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    created_at: '2026-03-02T09:30:00.000Z',
    last_seen_at: '2026-03-02T10:30:00.000Z',
    revoked_at: null,
    revoked_reason: null,
    active_seconds: 3725,
    user_agent: null,
    ip: null,
    user_id: 'u2',
    user_email: 'pro@example.com',
    user_name: 'Pat Pro',
    status: 'active',
    current: false,
    ...overrides,
  };
}

const user: AdminUserRow = {
  id: '00000000-0000-4000-8000-0000000000aa',
  email: 'pro@example.com',
  name: 'Pat Pro',
  first_name: 'Pat',
  last_name: 'Pro',
  company: null,
  role: 'user',
  is_superadmin: false,
  plan_code: 'starter',
  plan_name: 'Starter',
  subscription_status: 'beta',
  active: true,
  email_verified: true,
  is_demo: false,
  created_at: '2026-01-01T00:00:00.000Z',
  last_seen_at: null,
};

const keepAlive: Record<string, MockHandler> = {
  'POST /api/auth/ping': () => ({ body: { ok: true, session_id: 's', last_seen_at: new Date().toISOString(), active_seconds: 0 } }),
  'GET /api/auth/me': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
  'POST /api/events/token': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
};

describe('admin sessions page', () => {
  it('lists sessions and revokes one only after confirmation', async () => {
    seedSession({ role: 'admin' });
    let rows = [buildRow({}), buildRow({ id: '00000000-0000-4000-8000-000000000002', user_email: 'old@example.com', status: 'revoked', revoked_at: '2026-03-01T00:00:00.000Z', revoked_reason: 'superseded' })];
    const server = mockApi({
      ...keepAlive,
      'GET /api/admin/sessions': () => ({ body: { items: rows, total: rows.length, page: 1, page_size: 25 } }),
      'POST /api/admin/sessions/00000000-0000-4000-8000-000000000001/revoke': () => {
        rows = rows.map((row, index) => (index === 0 ? { ...row, status: 'revoked', revoked_at: new Date().toISOString(), revoked_reason: 'admin' } : row));
        return { body: rows[0] };
      },
    });
    const app = renderApp('/admin/sessions');
    const table = await screen.findByRole('table', { name: 'All sessions' });
    expect(within(table).getAllByText('01:02:05')).toHaveLength(2);
    expect(within(table).getByText('Replaced by a newer sign-in')).toBeInTheDocument();

    await app.user.click(within(table).getByRole('button', { name: 'Revoke session of pro@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this session?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((call) => call.path.endsWith('/revoke'))).toHaveLength(0);

    await app.user.click(within(table).getByRole('button', { name: 'Revoke session of pro@example.com' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke session' }));
    expect(await screen.findByText('Session of pro@example.com revoked')).toBeInTheDocument();
    expect(await within(table).findByText('Revoked by an administrator')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Revoke session of/ })).not.toBeInTheDocument();
  });

  it('shows a silent session as idle, still revocable, and filters by it', async () => {
    seedSession({ role: 'admin' });
    const rows = [buildRow({ status: 'idle' })];
    const server = mockApi({
      ...keepAlive,
      'GET /api/admin/sessions': () => ({ body: { items: rows, total: rows.length, page: 1, page_size: 25 } }),
    });
    const app = renderApp('/admin/sessions');
    const table = await screen.findByRole('table', { name: 'All sessions' });
    expect(within(table).getByText('Idle (no ping)')).toBeInTheDocument();
    expect(within(table).queryByText('Active')).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Revoke session of pro@example.com' })).toBeInTheDocument();
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'idle');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.calls.some((call) => call.url.searchParams.get('status') === 'idle')).toBe(true));
  });

  it('changes a user plan and role from the users tab only after confirmation, in both languages', async () => {
    seedSession({ role: 'admin' });
    const server = mockApi({
      ...keepAlive,
      'GET /api/admin/sessions': () => ({ body: { items: [], total: 0, page: 1, page_size: 25 } }),
      'GET /api/admin/users': () => ({ body: { items: [user], total: 1, page: 1, page_size: 25 } }),
      [`PATCH /api/admin/users/${user.id}`]: ({ body }) => ({ body: { ...user, ...(body as object) } }),
    });
    const app = renderApp('/admin/sessions');
    expect(await screen.findByText('No session records found')).toBeInTheDocument();
    await app.user.click(screen.getByRole('tab', { name: 'Users' }));
    const plan = await screen.findByRole('combobox', { name: 'Plan of pro@example.com' });
    await app.user.selectOptions(plan, 'enterprise');
    const dialog = await screen.findByRole('dialog', { name: 'Change the plan of pro@example.com?' });
    expect(dialog).toHaveTextContent('From Starter to Enterprise. It applies from their next request and is recorded in the audit trail.');
    // Nothing changed yet, and Cancel keeps it so.
    expect(server.callsTo(`PATCH /api/admin/users/${user.id}`)).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(plan).toHaveValue('starter');
    expect(server.callsTo(`PATCH /api/admin/users/${user.id}`)).toHaveLength(0);

    await app.user.selectOptions(plan, 'enterprise');
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('pro@example.com updated')).toBeInTheDocument();
    expect(server.callsTo(`PATCH /api/admin/users/${user.id}`)[0].body).toEqual({ plan_code: 'enterprise' });

    await i18n.changeLanguage('es');
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Rol de pro@example.com' }), 'admin');
    const spanish = await screen.findByRole('dialog', { name: '¿Cambiar el rol de pro@example.com?' });
    expect(spanish).toHaveTextContent('De Usuario a Administrador.');
    await app.user.click(within(spanish).getByRole('button', { name: 'Cambiar rol' }));
    await waitFor(() => expect(server.callsTo(`PATCH /api/admin/users/${user.id}`)[1]?.body).toEqual({ role: 'admin' }));
  });

  it('tells the administrator how to load sanctions lists when none is, and shows their freshness once loaded', async () => {
    seedSession({ role: 'admin' });
    let loaded = false;
    mockApi({
      ...keepAlive,
      'GET /api/admin/sessions': () => ({ body: { items: [], total: 0, page: 1, page_size: 25 } }),
      'GET /api/screening/lists': () => ({
        body: loaded
          ? {
              loaded: true,
              threshold: 0.8,
              stale_days: 7,
              lists: [
                {
                  source: 'uk_ofsi',
                  name: 'UK HM Treasury (OFSI)',
                  entries: 4688,
                  names: 15957,
                  published_at: '2025-04-14T00:00:00.000Z',
                  loaded_at: '2026-11-24T10:00:00.000Z',
                  version_id: 'uk_ofsi@0123456789ab',
                  published_at_source: 'file',
                  age_days: 593,
                  stale: true,
                  update: { last_checked_at: '2026-11-27T05:15:00.000Z', last_changed_at: '2026-11-24T10:00:00.000Z', last_error: 'https://ofsi.example/ConList.csv answered HTTP 503.', next_run_at: '2026-11-28T05:15:00.000Z' },
                },
              ],
            }
          : { loaded: false, threshold: 0.8, stale_days: 7, lists: [] },
      }),
    });
    const first = renderApp('/admin/sessions');
    const panel = await screen.findByRole('region', { name: 'No sanctions list is loaded' });
    expect(within(panel).getByRole('heading', { name: 'Load list files' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('List files')).toBeInTheDocument();
    expect(within(panel).queryByText(/npm run/)).not.toBeInTheDocument();
    first.unmount();

    loaded = true;
    renderApp('/admin/sessions');
    const again = await screen.findByRole('region', { name: 'Loaded lists' });
    expect(await within(again).findByText('UK HM Treasury (OFSI)', { selector: 'span' })).toBeInTheDocument();
    expect(within(again).getByText(/Out of date: published more than 7 days ago/)).toBeInTheDocument();
    expect(within(again).getByText(/Last download failed: .*HTTP 503\. The stored list stays in use\./)).toBeInTheDocument();
    expect(within(again).getByText(/Next download/)).toBeInTheDocument();
    expect(within(again).getByText(/Version uk_ofsi@0123456789ab/)).toBeInTheDocument();
  });
});
