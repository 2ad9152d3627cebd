import type { EiaSyncRun, EiaSyncStatus } from '@fueldesk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadTexts } from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { EiaSyncPanel } from './eia-sync-panel';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <EiaSyncPanel />
    </QueryClientProvider>,
  );
  return user;
}

const run = (changes: Partial<EiaSyncRun>): EiaSyncRun => ({
  id: 'run-1',
  trigger: 'schedule',
  status: 'succeeded',
  attempt: 1,
  started_at: '2026-08-20T06:30:00.000Z',
  finished_at: '2026-08-20T06:30:04.000Z',
  rows_written: 22,
  error: null,
  error_key: null,
  error_params: null,
  ...changes,
});

const status = (changes: Partial<EiaSyncStatus>): EiaSyncStatus => ({
  configured: true,
  cron: '30 6 * * *',
  next_run_at: '2026-08-21T06:30:00.000Z',
  busy: false,
  retry_at: null,
  last_success_at: null,
  runs: [],
  ...changes,
});

const failedRun = run({
  id: 'run-2',
  trigger: 'manual',
  status: 'failed',
  started_at: '2026-08-20T09:00:00.000Z',
  rows_written: 0,
  error: 'EIA refused the API key (HTTP 403). Check EIA_API_KEY.',
  error_key: 'eiaSync.keyRefused',
  error_params: { status: 403 },
});

beforeAll(async () => {
  await loadTexts('analytics');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('EIA sync panel', () => {
  it('shows the last run, rows, next run and the last error in words with its retry; "sync now" queues one', async () => {
    seedSession({ role: 'admin' });
    let current = status({ retry_at: '2026-08-20T09:10:00.000Z', last_success_at: '2026-08-20T06:30:04.000Z', runs: [failedRun, run({})] });
    const api = mockApi({
      'GET /api/admin/prices/sync': () => json(200, current),
      'POST /api/admin/prices/sync': () => {
        current = { ...current, busy: true };
        return json(202, current);
      },
      'GET /api/admin/price-imports': () => json(200, { items: [], total: 0, page: 1, page_size: 25 }),
    });
    const user = renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the EIA sync status');
    expect(await screen.findByText('The last run failed (attempt 1)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('EIA refused the API key (HTTP 403). Check EIA_API_KEY.');
    expect(screen.getByRole('alert')).toHaveTextContent(/It is retried automatically at Aug 20, 2026, 9:10\sAM UTC/);
    expect(screen.getByText('Rows written').nextSibling).toHaveTextContent('0');
    expect(screen.getByText('Next run').nextSibling).toHaveTextContent(/Aug 21, 2026, 6:30\sAM UTC/);
    expect(screen.getByText('Recent runs')).toBeInTheDocument();
    expect(screen.getByText('Scheduled · 22 rows written')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('A sync is queued or running…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(api.callsTo('POST /api/admin/prices/sync')).toHaveLength(1);
  });

  it('shows the server\'s refusal of "sync now"', async () => {
    seedSession({ role: 'admin' });
    mockApi({
      'GET /api/admin/prices/sync': () => json(200, status({ runs: [run({})] })),
      'POST /api/admin/prices/sync': () =>
        json(409, { code: 'CONFLICT', key: 'eiaSync.alreadyRunning', detail: 'An EIA sync is already queued or running.' }),
      'GET /api/admin/price-imports': () => json(200, { items: [], total: 0, page: 1, page_size: 25 }),
    });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An EIA sync is already queued or running.');
  });

  it('in Spanish: no key configured and never run, with how to set it; "sync now" is off', async () => {
    seedSession({ role: 'admin' });
    mockApi({ 'GET /api/admin/prices/sync': () => json(200, status({ configured: false, next_run_at: null })) });
    await i18n.changeLanguage('es');
    renderPanel();
    expect(await screen.findByText('No hay ninguna clave de API de la EIA configurada: los precios no se sincronizan con la EIA.')).toBeInTheDocument();
    expect(screen.getByText(/póngala en el entorno del servidor como EIA_API_KEY/)).toBeInTheDocument();
    expect(screen.getByText('La sincronización no se ha ejecutado nunca.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sincronizar ahora' })).toBeDisabled();
  });

  it('in Spanish: a failed run in words, and the error state with a retry', async () => {
    seedSession({ role: 'admin' });
    let fail = true;
    mockApi({ 'GET /api/admin/prices/sync': () => (fail ? json(500, { code: 'INTERNAL', detail: 'x' }) : json(200, status({ runs: [failedRun] }))) });
    await i18n.changeLanguage('es');
    const user = renderPanel();
    expect(await screen.findByText('No se pudo cargar el estado de la sincronización con la EIA')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('La última ejecución falló (intento 1)')).toBeInTheDocument();
    expect(screen.getByText('La EIA rechazó la clave de API (HTTP 403). Revise EIA_API_KEY.')).toBeInTheDocument();
    expect(screen.getByText('Fallida')).toBeInTheDocument();
  });
});
