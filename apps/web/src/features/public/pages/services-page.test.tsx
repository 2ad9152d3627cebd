import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, seedSession } from '@/test/render-app';
import { mockApi } from '@/lib/testing/mock-api';
import { servicesInDevelopment } from '../services';

const sectionPaths = { dueDiligence: '/due-diligence', bank: '/bank' } as const;

describe('services page', () => {
  it('lists due diligence and bank verification as in development, not as available', async () => {
    mockApi({});
    renderApp('/services');
    const available = await screen.findByRole('region', { name: 'Available in the beta' }, { timeout: 5000 });
    expect(within(available).getByRole('heading', { name: 'Daily fuel prices' })).toBeInTheDocument();
    expect(within(available).queryByRole('heading', { name: 'AI-assisted due diligence' })).not.toBeInTheDocument();
    expect(within(available).queryByRole('heading', { name: 'Bank verification and data sharing' })).not.toBeInTheDocument();
    const building = screen.getByRole('region', { name: 'In development' });
    expect(within(building).getByRole('heading', { name: 'AI-assisted due diligence' })).toBeInTheDocument();
  });

  it.each(servicesInDevelopment)('is right that %s is not built: its page still says so', async (key) => {
    seedSession();
    mockApi({
      'POST /api/auth/ping': () => ({ body: { ok: true, session_id: 's1', last_seen_at: new Date().toISOString(), active_seconds: 1 } }),
      'GET /api/auth/me': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
      'POST /api/events/token': () => ({ status: 404, body: { code: 'NOT_FOUND', detail: 'n/a' } }),
    });
    renderApp(sectionPaths[key as keyof typeof sectionPaths]);
    expect(await screen.findByText('This page is not built yet. It will arrive in a coming release.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
