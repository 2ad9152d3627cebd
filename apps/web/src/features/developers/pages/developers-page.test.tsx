import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n from '@/lib/i18n';
import { seedSession } from '@/test/render-app';
import DevelopersPage from './developers-page';

function renderPage() {
  seedSession({ email: 'ana@example.com' });
  render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter>
        <DevelopersPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('DevelopersPage', () => {
  it('gives the base URL, the key header, curl examples and the OpenAPI link', async () => {
    renderPage();
    const base = `${window.location.origin}/api`;
    expect(await screen.findByText(base)).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer fd_…')).toBeInTheDocument();
    const daily = screen.getByRole('figure', { name: 'The daily price table as CSV' });
    expect(within(daily).getByText(`curl -fsS -H "Authorization: Bearer $FUELDESK_API_KEY" "${base}/prices/export" -o prices.csv`)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Price history of two products as CSV' }).textContent).toContain('/prices/export?codes=WTI,BRENT');
    expect(screen.getByRole('figure', { name: 'Screen a batch of names' }).textContent).toContain(`"${base}/screening/batch"`);
    expect(screen.getByRole('link', { name: `${base}/docs` })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: 'Create or revoke API keys' })).toHaveAttribute('href', '/settings/api-keys');
    expect(screen.getByText('screening:write')).toBeInTheDocument();
    expect(screen.getByText(/403 API_KEY_SCOPE/)).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    expect(await screen.findByText('URL base')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'La tabla diaria de precios en CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear o revocar claves de API' })).toBeInTheDocument();
  });
});
