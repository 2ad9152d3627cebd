import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { canHydrate, resolveLazyRoutes, type HydrationInput } from './hydration';

const guestAtLogin: HydrationInput = { prerenderedPath: '/login', pathname: '/login', search: '', language: 'en', signedIn: false };

describe('canHydrate', () => {
  it('hydrates a prerendered page seen by an English-speaking guest at its bare address', () => {
    expect(canHydrate(guestAtLogin)).toBe(true);
  });

  it.each<[string, Partial<HydrationInput>]>([
    ['the boot splash (nothing prerendered)', { prerenderedPath: undefined }],
    ['HTML prerendered for another path', { pathname: '/login/' }],
    ['a query string the HTML did not see', { search: '?reason=concurrency' }],
    ['a Spanish visitor', { language: 'es' }],
    ['a signed-in visitor', { signedIn: true }],
  ])('renders afresh for %s', (_case, change) => {
    expect(canHydrate({ ...guestAtLogin, ...change })).toBe(false);
  });
});

describe('resolveLazyRoutes', () => {
  it('loads the lazy routes on the path and fixes their code on the route objects', async () => {
    function Layout() {
      return null;
    }
    function Login() {
      return null;
    }
    const loadOther = vi.fn(async () => ({ Component: () => null }));
    const login: RouteObject = { path: 'login', lazy: async () => ({ Component: Login }) };
    const other: RouteObject = { path: 'other', lazy: loadOther };
    const layout: RouteObject = { lazy: async () => ({ Component: Layout }), children: [login, other] };
    const routes: RouteObject[] = [{ path: '/', children: [layout] }];

    await resolveLazyRoutes(routes, '/login');

    expect(layout).toMatchObject({ Component: Layout, lazy: undefined });
    expect(login).toMatchObject({ Component: Login, lazy: undefined });
    expect(loadOther).not.toHaveBeenCalled();
    expect(other.lazy).toBe(loadOther);
  });

  it('does nothing on a path no route matches', async () => {
    const load = vi.fn(async () => ({}));
    await resolveLazyRoutes([{ path: 'login', lazy: load }], '/nowhere');
    expect(load).not.toHaveBeenCalled();
  });
});
