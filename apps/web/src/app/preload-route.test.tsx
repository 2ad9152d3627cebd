import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthStorage } from '@/lib/auth-storage';
import { mockApi, stopMockApi } from '@/lib/testing/mock-api';
import { renderApp, seedSession } from '@/test/render-app';
import { createMemoryRouter } from 'react-router';
import { preloadMatches, preloadRoute, routes } from './router';

// Each mocked page module counts its own evaluation, which happens once, on first import.
const evaluated = vi.hoisted(() => new Set<string>());

vi.mock('@/features/releases/pages/releases-page', () => {
  evaluated.add('releases');
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
    await vi.waitFor(() => expect(evaluated.has('releases')).toBe(true));
    expect(() => preloadRoute('/no/such/path')).not.toThrow();
  });

  it('is triggered by hovering a sidebar link', async () => {
    seedSession();
    const { user } = renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Support' });
    expect(evaluated.has('support')).toBe(false);
    await user.hover(link);
    await vi.waitFor(() => expect(evaluated.has('support')).toBe(true));
  });

  describe('with a query client (the app start)', () => {
    afterEach(() => {
      stopMockApi();
      clearAuthStorage();
    });

    const homeData = () =>
      mockApi({
        'GET /api/dashboards': () => ({ body: { dashboards: [] } }),
        'GET /api/prices/products': () => ({ body: { products: [] } }),
      });

    it('asks for the dashboards and products of the signed-in home', async () => {
      seedSession();
      const api = homeData();
      const queryClient = new QueryClient();
      preloadRoute('/home', queryClient);
      await vi.waitFor(() => expect(queryClient.getQueryData(['dashboards'])).toEqual({ dashboards: [] }));
      await vi.waitFor(() => expect(queryClient.getQueryData(['prices', 'products'])).toEqual({ products: [] }));
      expect(api.callsTo('GET /api/dashboards')).toHaveLength(1);
    });

    it("asks for them from the router's own matches, as the app's start does", async () => {
      seedSession();
      const api = homeData();
      const queryClient = new QueryClient();
      // The router's copies of the routes carry the page as an element, not as Component.
      const router = createMemoryRouter(routes, { initialEntries: ['/home'] });
      preloadMatches(router.state.matches, queryClient);
      await vi.waitFor(() => expect(queryClient.getQueryData(['dashboards'])).toEqual({ dashboards: [] }));
      await vi.waitFor(() => expect(queryClient.getQueryData(['prices', 'products'])).toEqual({ products: [] }));
      expect(api.callsTo('GET /api/dashboards')).toHaveLength(1);
      router.dispose();
    });

    it('asks for nothing without a usable access token, for a cliente, or on another page', async () => {
      const api = homeData();
      preloadRoute('/home', new QueryClient());
      seedSession({ role: 'cliente' });
      preloadRoute('/home', new QueryClient());
      seedSession();
      preloadRoute('/releases', new QueryClient());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.calls).toEqual([]);
    });
  });
});
