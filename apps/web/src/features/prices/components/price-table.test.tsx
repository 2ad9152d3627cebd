import type { PriceRow } from '@fueldesk/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { PriceTable } from './price-table';

const row = (code: string, kind: PriceRow['kind']): PriceRow => ({
  id: `${code}-1`,
  product: `id-${code}`,
  product_name: code === 'WTI' ? 'WTI Cushing' : 'Brent–WTI',
  product_name_es: null,
  product_description: '',
  code_id: code,
  category: kind === 'spread' ? 'spreads' : 'crude',
  delivery_mode_label: 'Spot',
  unit1_label: 'USD',
  unit2_label: 'bbl',
  units: 'USD/bbl',
  publication_date: '2024-01-03',
  fmt_date: 'Jan 3, 2024',
  value: '4.5',
  diff_base_value: null,
  previous_date: null,
  percent_change: null,
  forward_period: null,
  repository_id: null,
  decimal_places: 2,
  create_uid: null,
  create_date: '2024-01-03',
  write_date: '2024-01-03',
  date_modified: '2024-01-03',
  source: kind === 'spread' ? 'derived' : 'eia',
  is_demo: false,
  kind,
  formula: kind === 'spread' ? 'BRENT − WTI' : null,
});

describe('price table', () => {
  it('offers an alert on a published price and on a spread (evaluated when a leg is stored)', () => {
    render(
      <MemoryRouter>
        <PriceTable rows={[row('WTI', 'spot'), row('BRENT_WTI', 'spread')]} sort="product_name" order="asc" onSort={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /WTI Cushing/ })).toHaveAttribute('href', '/marketprice/alerts?product=WTI');
    expect(screen.getByRole('link', { name: /Brent–WTI/ })).toHaveAttribute('href', '/marketprice/alerts?product=BRENT_WTI');
    expect(screen.getByText(/BRENT − WTI/)).toBeInTheDocument();
  });

  it('offers an alert on a futures product’s contract 1 only (the series its alert watches), not on its later contracts', () => {
    const contract = (period: string): PriceRow => ({ ...row('WTI_FUT', 'futures'), id: `WTI_FUT-${period}`, product_name: 'WTI crude oil futures', forward_period: period });
    render(
      <MemoryRouter>
        <PriceTable rows={[contract('C1'), contract('C2'), contract('C3')]} sort="product_name" order="asc" onSort={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link', { name: /WTI crude oil futures/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /WTI crude oil futures/ })).toHaveAttribute('href', '/marketprice/alerts?product=WTI_FUT');
    expect(screen.getByRole('link', { name: /WTI crude oil futures/ }).closest('tr')).toHaveTextContent('C1');
  });

  it('marks a suspect value until it is reviewed, in both languages; a spread never', async () => {
    const rows = [{ ...row('WTI', 'spot'), suspect: true }, row('BRENT_WTI', 'spread'), { ...row('BRENT', 'spot'), id: 'BRENT-1' }];
    const { unmount } = render(
      <MemoryRouter>
        <PriceTable rows={rows} sort="product_name" order="asc" onSort={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Suspect value, under review')).toHaveLength(1);
    expect(screen.getByTitle('Suspect value, under review').closest('tr')).toHaveTextContent('WTI Cushing');
    unmount();
    await i18n.changeLanguage('es');
    render(
      <MemoryRouter>
        <PriceTable rows={rows} sort="product_name" order="asc" onSort={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByTitle('Valor sospechoso, en revisión')).toHaveTextContent('Sospechoso');
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});
