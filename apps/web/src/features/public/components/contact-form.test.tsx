import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { ContactForm } from './contact-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
  return { user };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('ContactForm', () => {
  it('shows the required-field messages in English and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Phone/)).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toEqual([]);
  });

  it('shows the same rules in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({});
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Nombre/), 'Ana 2');
    await user.type(screen.getByLabelText(/^Teléfono/), '55-ABC');
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));

    expect(await screen.findByText('Este campo no puede contener números.')).toBeInTheDocument();
    expect(screen.getByText('El número de teléfono no puede contener letras.')).toBeInTheDocument();
    expect(screen.getByText('El formato del correo electrónico no es válido')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
  });

  it('posts the trimmed message to /api/contact and confirms it', async () => {
    const api = mockApi({ 'POST /api/contact': () => jsonResponse(201, { id: 'c1', received_at: '2026-01-01T00:00:00Z' }) });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Name/), '  Lee Park ');
    await user.type(screen.getByLabelText(/^Email/), 'lee@example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'Coverage');
    await user.type(screen.getByLabelText(/^Your question/), 'Do you cover ULSD?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you. Your message has been sent');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/contact']);
    expect(api.calls[0]!.body).toEqual({
      name: 'Lee Park',
      email: 'lee@example.com',
      phone: '',
      company: '',
      subject: 'Coverage',
      question: 'Do you cover ULSD?',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(''));
  });

  it('says clearly when the server refuses, in the visitor’s language', async () => {
    await i18n.changeLanguage('es');
    mockApi({
      'POST /api/contact': () => jsonResponse(429, { code: 'RATE_LIMITED', detail: 'Please wait 1 minute and try again.' }, { 'Retry-After': '60' }),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Nombre/), 'Lee');
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'lee@example.com');
    await user.type(screen.getByLabelText(/^Asunto/), 'Hola');
    await user.type(screen.getByLabelText(/^Su pregunta/), '¿Cubren el diésel?');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Su mensaje no se ha enviado.');
    expect(alert).toHaveTextContent('Espere 1 minuto e inténtelo de nuevo.');
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Lee');
  });

  it('puts the server’s field messages beside their fields', async () => {
    mockApi({
      'POST /api/contact': () =>
        jsonResponse(400, { code: 'VALIDATION_ERROR', detail: 'Some fields are not valid.', fields: { subject: 'This field contains invalid characters.' } }),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Name/), 'Lee');
    await user.type(screen.getByLabelText(/^Email/), 'lee@example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'Hello');
    await user.type(screen.getByLabelText(/^Your question/), 'Question');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('This field contains invalid characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Your message was not sent.');
  });
});
