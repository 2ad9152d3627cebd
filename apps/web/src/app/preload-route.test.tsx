import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, seedSession } from '@/test/render-app';
import { preloadMatches, preloadRoute, routes } from './router';
import { SETTLE_WAIT } from '@/test/waits';

// Each mocked page module counts its own evaluation, which happens once, on first import.
const evaluated = vi.hoisted(() => new Set<string>());

vi.mock('@/features/releases/pages/releases-page', () => {
  evaluated.add('releases');
  return { default: () => null };
});
vi.mock('@/features/prices/pages/home-dashboard-page', () => {
  evaluated.add('home');
  return { default: () => null };
});
vi.mock('@/features/support/pages/support-page', () => {
  evaluated.add('support');
  return { default: () => null };
});

describe('preloadRoute', () => {
  it('imports the page module of a path without navigating', async () => {
    expect(evaluated.has('releases')).toBe(false);
    preloadRoute('/releases');
    await vi.waitFor(() => expect(evaluated.has('releases')).toBe(true), SETTLE_WAIT);
    expect(() => preloadRoute('/no/such/path')).not.toThrow();
  });

  it("loads the home page's code from the router's own matches, as the app's start does", async () => {
    seedSession();
    // The router's copies of the routes carry the page as an element, not as Component.
    const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
    expect(evaluated.has('home')).toBe(false);
    preloadMatches(router.state.matches);
    await vi.waitFor(() => expect(evaluated.has('home')).toBe(true), SETTLE_WAIT);
    router.dispose();
  });

  it('is triggered by hovering a sidebar link', async () => {
    seedSession();
    const { user } = renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Support' });
    expect(evaluated.has('support')).toBe(false);
    await user.hover(link);
    await vi.waitFor(() => expect(evaluated.has('support')).toBe(true), SETTLE_WAIT);
  });
});
