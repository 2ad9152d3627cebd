import type { MatchDecision } from '@fueldesk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import i18n, { withTexts } from '@/lib/i18n';
import { mockApi } from '@/lib/testing/mock-api';
import { seedSession } from '@/test/render-app';
import { DecisionControl } from './decision-control';

const match = { entity_id: 'ofac_sdn:90002', name: 'KARVELIS FUEL TRADING LLC', score: 0.97 };

async function renderControl(decision?: MatchDecision) {
  seedSession();
  // As the pages that show it do (app/router.tsx): the 'decisions' and 'forms' texts come with them.
  await withTexts(['decisions', 'forms'], async () => ({ default: null }))();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DecisionControl subjectName="Karvelis Fuel Trading" match={{ ...match, decision }} reportId="5b1f3c0e-3a43-4f0b-9a51-6a2d2f0c1a11" />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DecisionControl', () => {
  it('needs a note, warns about four eyes on a strong match, and sends the decision with the report', async () => {
    const api = mockApi({ 'POST /api/screening/decisions': (request) => ({ status: 201, body: { ...(request.body as object), id: 'd1', status: 'pending_approval' } }) });
    const { user } = await renderControl();
    await user.click(screen.getByRole('button', { name: 'Record a decision on KARVELIS FUEL TRADING LLC for Karvelis Fuel Trading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decision on this match' });
    expect(dialog).toHaveTextContent('clearing it needs the approval of an administrator other than you');
    await user.click(screen.getByRole('button', { name: 'Save decision' }));
    expect(await screen.findByText('Write a note: why this decision.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/screening/decisions')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Different company, registry checked.');
    await user.click(screen.getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(api.callsTo('POST /api/screening/decisions')).toHaveLength(1));
    expect(api.callsTo('POST /api/screening/decisions')[0]!.body).toEqual({
      subject_name: 'Karvelis Fuel Trading',
      entity_id: 'ofac_sdn:90002',
      decision: 'false_positive',
      note: 'Different company, registry checked.',
      report_id: '5b1f3c0e-3a43-4f0b-9a51-6a2d2f0c1a11',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a cleared match: by whom, when, why and who approved, in Spanish too', async () => {
    await renderControl({
      id: 'd1',
      decision: 'false_positive',
      status: 'final',
      note: 'Different company.',
      decided_by_email: 'ana@example.com',
      decided_at: '2026-11-27T10:00:00.000Z',
      approved_by_email: 'boss@example.com',
      approved_at: '2026-11-27T11:00:00.000Z',
      cleared: true,
      reopened_reason: null,
    });
    expect(screen.getByText('Cleared as a false positive by ana@example.com on 2026-11-27 · approved by boss@example.com')).toBeInTheDocument();
    expect(screen.getByText('Note: Different company.')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Descartada como falso positivo por ana@example.com el 2026-11-27 · aprobada por boss@example.com')).toBeInTheDocument();
  });
});
