import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LANGUAGES } from '@fueldesk/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '@/lib/testing/mock-api';
import { createQueryClient } from './providers';
import { routes } from './router';
import { signedInPageOf, signedInPages } from './signed-in-pages';

/** The dashboard layout's routes (app/router.tsx), as the router has them. */
function dashboardRoutes(): RouteObject[] {
  const found: RouteObject[] = [];
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.children?.some((child) => child.path === 'home')) found.push(...route.children);
      else if (route.children) visit(route.children);
    }
  };
  visit(routes);
  return found;
}

/** A path the route matches: each parameter given a value. */
const samplePath = (path: string) => `/${path.replace(/:[^/]+/g, 'x1')}`;

describe('signedInPages', () => {
  it("has every signed-in route but the home, with the module the router loads for it", async () => {
    const pageRoutes = dashboardRoutes().filter((route) => route.path !== 'home' && route.path !== 'home/:slug');
    expect(pageRoutes.length).toBeGreaterThan(20);
    expect(pageRoutes.map((route) => route.path).sort()).toEqual(Object.keys(signedInPages).sort());
    for (const route of pageRoutes) {
      const lazy = route.lazy as () => Promise<Partial<RouteObject>>;
      const resolved = await lazy();
      const component = resolved.Component ?? (isValidElement(resolved.element) ? resolved.element.type : undefined);
      const { default: expected } = (await signedInPages[route.path as keyof typeof signedInPages].load()) as { default: unknown };
      expect(component, route.path).toBe(expected);
    }
  });
});

describe('signedInPageOf', () => {
  it('picks the page the router matches, a static segment before a parameter', () => {
    const samples = [
      ...Object.keys(signedInPages).map(samplePath),
      '/bank/verification',
      '/bank/send-email/12',
      '/marketprice/alerts',
      '/marketprice/wti',
      '/News',
      '/news/id/7/',
    ];
    for (const sample of samples) {
      const matched = matchRoutes(routes, sample)?.at(-1)?.route.path as keyof typeof signedInPages;
      expect(signedInPages[matched], sample).toBeDefined();
      expect(signedInPageOf(sample), sample).toBe(signedInPages[matched]);
    }
  });

  it('is null for the home, the public pages and unknown paths', () => {
    for (const path of ['/home', '/home/crude', '/', '/login', '/Policy', '/no/such/page', '/news/a/b/c']) {
      expect(signedInPageOf(path), path).toBeNull();
    }
  });
});

describe("a page's first data", () => {
  it("lists, for each language, exactly the GETs the page's queries send in its plain view", async () => {
    const withData = Object.entries(signedInPages).filter(([, page]) => 'firstData' in page);
    expect(withData.map(([path]) => path).sort()).toEqual([
      'activity',
      'admin/audit',
      'admin/sessions',
      'bank/send-email',
      'due-diligence/decisions',
      'due-diligence/screening',
      'market-price',
      'marketprice/alerts',
      'news',
      'support',
      'webhooks',
    ]);
    for (const [path, page] of withData) {
      for (const language of LANGUAGES) {
        const server = mockApi({}, { fallback: () => jsonResponse(200, {}) });
        const queryClient = createQueryClient();
        await page.firstData!.prime(queryClient, language);
        const sent = server.calls.map((call) => `${call.url.pathname.replace(/^\/api/, '')}${call.url.search}`);
        expect(sent.sort(), `${path} (${language})`).toEqual([...page.firstData!.gets(language)].sort());
        // Primed: the page's queries have their answers and ask for nothing on the first render.
        expect(queryClient.getQueryCache().getAll().every((query) => query.state.status === 'success'), path).toBe(true);
      }
    }
  });
});
