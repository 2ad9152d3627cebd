import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { mockApi } from '@/lib/testing/mock-api';

describe('services page', () => {
  it('lists due diligence and bank verification as available now that their modules ship', async () => {
    mockApi({});
    renderApp('/services');
    const available = await screen.findByRole('region', { name: 'Available in the beta' });
    expect(within(available).getByRole('heading', { name: 'Daily fuel prices' })).toBeInTheDocument();
    expect(within(available).getByRole('heading', { name: 'AI-assisted due diligence' })).toBeInTheDocument();
    expect(within(available).getByRole('heading', { name: 'Bank verification and data sharing' })).toBeInTheDocument();
  });
});
