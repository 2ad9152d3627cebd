import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: /Create your FuelDesk account|Cree su cuenta de FuelDesk/ });
  return app;
}

type App = Awaited<ReturnType<typeof openRegister>>;

async function fillValidForm({ user }: App, overrides: Partial<Record<'email' | 'password' | 'confirmation', string>> = {}) {
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Torres');
  await user.type(screen.getByLabelText('Email'), overrides.email ?? 'ana@example.com');
  await user.type(screen.getByLabelText(/^Company/), 'Acme Fuels');
  await user.type(screen.getByLabelText('Password'), overrides.password ?? 'Secret123');
  await user.type(screen.getByLabelText('Confirm password'), overrides.confirmation ?? 'Secret123');
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  await user.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
}

function ruleItem(name: RegExp) {
  return within(screen.getByRole('list', { name: 'Password requirements' })).getByText(name).closest('li')!;
}

describe('register form', () => {
  it('shows SPEC.md §5 messages for an empty form and calls nothing', async () => {
    const server = mockApi({});
    const app = await openRegister();
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the Privacy Policy')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /terms and conditions/ })).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it('ticks the password rules live as they are met', async () => {
    mockApi({});
    const app = await openRegister();
    const password = screen.getByLabelText('Password');
    expect(ruleItem(/At least 8 characters/)).toHaveTextContent('not met yet');
    await app.user.type(password, 'abc');
    expect(ruleItem(/One lowercase letter/)).toHaveTextContent('met');
    expect(ruleItem(/One lowercase letter/)).not.toHaveTextContent('not met yet');
    expect(ruleItem(/One uppercase letter/)).toHaveTextContent('not met yet');
    await app.user.type(password, 'DEF12');
    for (const rule of [/At least 8 characters/, /One uppercase letter/, /One lowercase letter/, /One number/]) {
      expect(ruleItem(rule)).not.toHaveTextContent('not met yet');
    }
  });

  it('refuses a weak password and a confirmation that does not match', async () => {
    const server = mockApi({});
    const app = await openRegister();
    await fillValidForm(app, { password: 'secret123', confirmation: 'secret124' });
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must contain an uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('says the messages in Spanish too', async () => {
    await i18n.changeLanguage('es');
    mockApi({});
    const app = await openRegister();
    await app.user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Debe aceptar los términos y condiciones')).toBeInTheDocument();
    expect(screen.getByText('Debe aceptar la Política de Privacidad')).toBeInTheDocument();
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument();
  });

  it('registers and tells to check the inbox', async () => {
    const server = mockApi({
      'POST /api/auth/register': () => ({ status: 201, body: { id: 'u1', email: 'ana@example.com', verification_required: true } }),
    });
    const app = await openRegister();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(/We sent a verification link to ana@example.com/)).toBeInTheDocument();
    expect(server.callsTo('POST /api/auth/register')[0].body).toEqual({
      first_name: 'Ana',
      last_name: 'Torres',
      email: 'ana@example.com',
      company: 'Acme Fuels',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      accept_terms: true,
      accept_privacy: true,
      language: 'en',
    });
  });

  it('puts the server answer for a taken email on the email field', async () => {
    mockApi({ 'POST /api/auth/register': () => ({ status: 409, body: { code: 'EMAIL_TAKEN', detail: 'x', fields: { email: 'x' } } }) });
    const app = await openRegister();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists. Sign in or reset your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
