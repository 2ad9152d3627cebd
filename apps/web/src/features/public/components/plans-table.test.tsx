import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { PlansTable } from './plans-table';

function rowCells(table: HTMLElement, label: string): string[] {
  const header = within(table).getByRole('rowheader', { name: label });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('PlansTable', () => {
  it("shows SPEC.md §6's plans from the contracts' constants", () => {
    render(<PlansTable />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Included',
      'Starter',
      'Pro',
      'Enterprise',
      'Premium Enterprise',
    ]);
    expect(rowCells(table, 'Due diligence reports per month')).toEqual(['3', '5', '8', '10']);
    expect(rowCells(table, 'Financial validations included')).toEqual(['1', '1', '2', '5']);
    expect(rowCells(table, 'Validation history')).toEqual(['None', '30 daysComing soon', '30 daysComing soon', '30 daysComing soon']);
    expect(rowCells(table, 'Support')).toEqual(['Basic', 'Standard', 'Priority', 'Dedicated']);
    expect(rowCells(table, 'Volume discount packs')).toEqual(['No', 'Yes', 'Yes', 'Yes']);
    expect(screen.getByText('Beta access is granted at FuelDesk’s discretion.')).toBeInTheDocument();
    expect(screen.getByText('Users must be 18 or older and not subject to sanctions.')).toBeInTheDocument();
  });

  it('is translated into Spanish', async () => {
    await i18n.changeLanguage('es');
    render(<PlansTable />);
    const table = screen.getByRole('table');
    expect(rowCells(table, 'Soporte')).toEqual(['Básico', 'Estándar', 'Prioritario', 'Dedicado']);
    expect(rowCells(table, 'Historial de validaciones')[1]).toBe('30 díasPróximamente');
    expect(screen.getByText('No hay facturación de pago durante la beta: un administrador asigna su plan.')).toBeInTheDocument();
  });
});
