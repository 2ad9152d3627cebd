import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { LeadForm } from './lead-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <LeadForm />
    </QueryClientProvider>,
  );
  return { user };
}

describe('LeadForm', () => {
  it('applies SPEC.md §5’s messages in English', async () => {
    const api = mockApi({});
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^First name/), 'Ana3');
    await user.type(screen.getByLabelText(/^Last name/), 'Ruiz<b>');
    await user.type(screen.getByLabelText(/^Phone/), '555-CALL-NOW');
    await user.type(screen.getByLabelText(/^Company/), 'Acme=Corp');
    await user.type(screen.getByLabelText(/^Work email/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('This field cannot contain numbers.')).toBeInTheDocument();
    expect(screen.getAllByText('This field contains invalid characters.')).toHaveLength(2);
    expect(screen.getByText('Phone number cannot contain letters.')).toBeInTheDocument();
    const interests = screen.getByRole('group', { name: /Subscription interests/ });
    expect(within(interests).getByText('Please select at least one option.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '12 34');
    await user.tab();
    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
  });

  it('applies the same rules in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockApi({});
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Nombre/), 'Ana3');
    await user.type(screen.getByLabelText(/^Teléfono/), 'llámame');
    await user.type(screen.getByLabelText(/^Empresa/), 'Acme|Corp');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText('Este campo no puede contener números.')).toBeInTheDocument();
    expect(screen.getByText('El número de teléfono no puede contener letras.')).toBeInTheDocument();
    expect(screen.getByText('Este campo contiene caracteres no válidos.')).toBeInTheDocument();
    expect(screen.getByText('Seleccione al menos una opción.')).toBeInTheDocument();
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Teléfono/));
    await user.type(screen.getByLabelText(/^Teléfono/), '+52 (55) 12');
    await user.tab();
    expect(await screen.findByText('Introduzca un número de teléfono válido.')).toBeInTheDocument();
  });

  it('sends the chosen interests, regions and choices to /api/leads and confirms', async () => {
    const api = mockApi({ 'POST /api/leads': () => ({ status: 201, body: { id: 'l1', received_at: '2026-01-01T00:00:00Z' } }) });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^First name/), 'María José');
    await user.type(screen.getByLabelText(/^Last name/), "O'Neil");
    await user.type(screen.getByLabelText(/^Work email/), 'mj@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '+1 (305) 555-0142');
    await user.type(screen.getByLabelText(/^Company/), 'Gulf Fuels & Co.');
    await user.selectOptions(screen.getByLabelText(/^Employees/), '51-200');
    await user.selectOptions(screen.getByLabelText(/^Industry/), 'fuel_trading');
    await user.selectOptions(screen.getByLabelText(/^Operational scale/), 'international');
    await user.click(screen.getByLabelText('Crude reports and prices'));
    await user.click(screen.getByLabelText('Global production and demand'));
    await user.click(screen.getByLabelText('Europe'));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Our sales team has your details');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/leads']);
    expect(api.calls[0]!.body).toEqual({
      first_name: 'María José',
      last_name: "O'Neil",
      email: 'mj@example.com',
      phone: '+1 (305) 555-0142',
      company: 'Gulf Fuels & Co.',
      job_title: '',
      employees: '51-200',
      industry: 'fuel_trading',
      interests: ['crude_reports_prices', 'global_production_demand'],
      regions: ['europe'],
      operational_scale: 'international',
      message: '',
    });
  });

  it('shows a failure when the server cannot be reached', async () => {
    mockApi({
      'POST /api/leads': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^First name/), 'Ana');
    await user.type(screen.getByLabelText(/^Last name/), 'Ruiz');
    await user.type(screen.getByLabelText(/^Work email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Company/), 'Acme');
    await user.click(screen.getByLabelText('Regulatory updates'));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your details were not sent.');
    expect(alert).toHaveTextContent('Could not reach the server.');
  });
});
