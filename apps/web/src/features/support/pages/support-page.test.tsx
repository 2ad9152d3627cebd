import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { jsonResponse as json, mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import SupportPage from './support-page';

function renderPage() {
  seedSession({ email: 'ana@example.com' });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SupportPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const earlier = { id: 's1', type: 'question', subject: 'Diesel coverage', message: 'Do you cover ULSD?', created_at: '2026-03-02T15:30:00Z' };

describe('SupportPage', () => {
  it('lists earlier messages with their dates and says when answers usually come', async () => {
    mockApi({ 'GET /api/support': () => json(200, [earlier]) });
    renderPage();
    expect(screen.getByText(/usually answer within 24 hours, by email to ana@example.com/)).toBeInTheDocument();
    const item = (await screen.findByRole('heading', { level: 3, name: 'Diesel coverage' })).closest('li')!;
    expect(within(item).getByText('Question')).toBeInTheDocument();
    expect(within(item).getByText(/^Sent /)).toHaveAttribute('dateTime', '2026-03-02T15:30:00Z');
    expect(within(item).getByText(/Mar 2, 2026/)).toBeInTheDocument();
  });

  it('validates type, subject and message in English and in Spanish', async () => {
    const api = mockApi({ 'GET /api/support': () => json(200, []) });
    const { user } = renderPage();
    expect(await screen.findByText('You have not sent any messages yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(await screen.findByText('Please select an option.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);

    await i18n.changeLanguage('es');
    expect(await screen.findByText('Seleccione una opción.')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(screen.getByText('Aún no ha enviado ningún mensaje.')).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/support']);
  });

  it('sends the message and shows it at the top of the list', async () => {
    const created = { id: 's2', type: 'complaint', subject: 'Missing price', message: 'Friday is missing.', created_at: '2026-03-03T09:00:00Z' };
    let listed = [earlier];
    const api = mockApi({
      'GET /api/support': () => json(200, listed),
      'POST /api/support': () => {
        listed = [created, earlier];
        return json(201, created);
      },
    });
    const { user } = renderPage();
    await screen.findByText('Diesel coverage');
    await user.selectOptions(screen.getByLabelText(/^Type/), 'complaint');
    await user.type(screen.getByLabelText(/^Subject/), 'Missing price');
    await user.type(screen.getByLabelText(/^Message/), 'Friday is missing.');
    await user.click(screen.getByRole('button', { name: 'Send to support' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We usually answer within 24 hours.');
    expect(api.callsTo('POST /api/support').map((call) => call.body)).toEqual([{ type: 'complaint', subject: 'Missing price', message: 'Friday is missing.' }]);
    await waitFor(() => {
      const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
      expect(headings).toEqual(['Missing price', 'Diesel coverage']);
    });
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
  });

  it('shows a failure to send and a failure to load', async () => {
    mockApi({
      'GET /api/support': () => json(500, { code: 'INTERNAL_ERROR', detail: 'boom' }),
      'POST /api/support': () => json(429, { code: 'RATE_LIMITED', detail: 'Please wait 1 minute and try again.' }),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Your messages could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Type/), 'feedback');
    await user.type(screen.getByLabelText(/^Subject/), 'Hi');
    await user.type(screen.getByLabelText(/^Message/), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((alert) => /Your message was not sent\. Please wait 1 minute and try again\./.test(alert.textContent ?? ''))).toBe(true);
  });
});
