import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import BetaModulePage, { type BetaModule } from './beta-module-page';

const modules: BetaModule[] = ['portfolio', 'transactions', 'certificate', 'wallet', 'trade'];

function renderModule(module: BetaModule) {
  return render(
    <MemoryRouter>
      <BetaModulePage module={module} />
    </MemoryRouter>,
  );
}

describe('BetaModulePage', () => {
  it.each(modules)('%s says it is not available yet and what it will do', (module) => {
    renderModule(module);
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByText(/is not available yet\. This page shows no data/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^What .+ will do$/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See releases' })).toHaveAttribute('href', '/releases');
  });

  it('is written in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderModule('wallet');
    expect(screen.getByText('Aún no disponible')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Qué hará Billetera' })).toBeInTheDocument();
    expect(screen.getByText(/FuelDesk no cobra pagos ni custodia fondos en depósito/)).toBeInTheDocument();
  });
});
