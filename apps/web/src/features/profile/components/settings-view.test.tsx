import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { buildProfile } from '../testing/profile-fixture';
import { renderProfilePanel } from '../testing/render-profile-panel';
import SettingsView from './settings-view';

beforeEach(() => {
  seedSession();
});
afterEach(() => vi.unstubAllGlobals());

function buttons() {
  return { save: screen.getByRole('button', { name: 'Save' }), discard: screen.getByRole('button', { name: 'Discard' }) };
}

async function openSettings(profile = buildProfile()) {
  const app = renderProfilePanel(SettingsView);
  await screen.findByDisplayValue(profile.email);
  return app;
}

describe('settings dirty state', () => {
  it('enables Discard and Save only while something differs from the stored profile', async () => {
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }) });
    const { user } = await openSettings();
    expect(buttons().save).toBeDisabled();
    expect(buttons().discard).toBeDisabled();

    const firstName = screen.getByLabelText('First name');
    await user.type(firstName, 'x');
    expect(buttons().save).toBeEnabled();
    expect(buttons().discard).toBeEnabled();

    // Typing the old value back is not a change.
    await user.type(firstName, '{Backspace}');
    expect(firstName).toHaveValue('Ana');
    expect(buttons().save).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'By phone' }));
    expect(buttons().save).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'By phone' }));
    expect(buttons().save).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    expect(buttons().save).toBeEnabled();
  });

  it('restores the loaded values on Discard', async () => {
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile({ phone: '+1 555 0100', country: 'CO', allow_changes: false }) }) });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Bio'), 'Diesel trader');
    await user.selectOptions(screen.getByLabelText('Country'), 'ES');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));

    await user.click(buttons().discard);
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 0100');
    expect(screen.getByLabelText('Bio')).toHaveValue('');
    expect(screen.getByLabelText('Country')).toHaveValue('CO');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(buttons().save).toBeDisabled();
    expect(buttons().discard).toBeDisabled();
  });

  it('lists the four countries, labelled in the current language', async () => {
    await i18n.changeLanguage('es');
    mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }) });
    renderProfilePanel(SettingsView);
    const country = await screen.findByLabelText('País');
    expect([...(country as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Sin indicar', 'EE. UU.', 'México', 'Colombia', 'España']);
  });
});

describe('saving settings', () => {
  it('sends the normalised profile, shows "Changes saved" and is clean again', async () => {
    const server = mockApi({
      'GET /api/auth/profile': () => ({ body: buildProfile() }),
      'PUT /api/auth/profile': ({ body }) => ({ body: buildProfile({ ...(body as object), website: 'https://acme.com', phone: '555 0100' }) }),
    });
    const { user } = await openSettings();
    await user.type(screen.getByLabelText('Phone'), '  555 0100 ');
    await user.clear(screen.getByLabelText('Company'));
    await user.type(screen.getByLabelText('Company'), '-');
    await user.type(screen.getByLabelText('Website'), 'acme.com');
    await user.type(screen.getByLabelText('LinkedIn'), 'linkedin.com/in/ana');
    await user.click(buttons().save);

    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    const [put] = server.callsTo('PUT /api/auth/profile');
    expect(put.body).toMatchObject({
      first_name: 'Ana',
      phone: '555 0100',
      company: null,
      website: 'https://acme.com',
      linkedin: 'https://linkedin.com/in/ana',
      twitter: null,
      bio: null,
      country: null,
      comm_email: true,
      comm_phone: false,
      allow_changes: true,
    });
    await waitFor(() => expect(buttons().save).toBeDisabled());
    expect(screen.getByLabelText('Website')).toHaveValue('https://acme.com');
  });

  it("shows the server's detail when saving fails, and keeps the changes", async () => {
    mockApi({
      'GET /api/auth/profile': () => ({ body: buildProfile() }),
      'PUT /api/auth/profile': () => ({ status: 409, body: { code: 'EMAIL_TAKEN', detail: 'An account with this email already exists.', fields: { email: 'Taken.' } } }),
    });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.click(buttons().save);
    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByText('Taken.')).toBeInTheDocument();
    expect(buttons().save).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('taken@example.com');
  });

  it('checks the email before sending', async () => {
    const server = mockApi({ 'GET /api/auth/profile': () => ({ body: buildProfile() }) });
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(buttons().save);
    expect(await screen.findByText('The email format is invalid')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/auth/profile')).toHaveLength(0);
  });

  it('asks for the current password only when the email changes, and sends it', async () => {
    const server = mockApi({
      'GET /api/auth/profile': () => ({ body: buildProfile() }),
      'PUT /api/auth/profile': () => ({ body: { ...buildProfile(), pending_email: 'new@example.com' } }),
    });
    const { user } = await openSettings();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'Secret-Pass1');
    await user.click(buttons().save);
    await waitFor(() => expect(server.callsTo('PUT /api/auth/profile')).toHaveLength(1));
    expect(server.callsTo('PUT /api/auth/profile')[0].body).toMatchObject({ email: 'new@example.com', current_password: 'Secret-Pass1' });
    expect(await screen.findByText(/Waiting for confirmation of new@example.com/)).toBeInTheDocument();
  });
});
