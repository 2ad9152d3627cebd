import { screen, waitFor, within } from '@testing-library/react';
import { APP_PATH_PATTERNS } from '@fueldesk/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@/lib/auth-storage';
import { expectPage, stubPages } from '@/test/page-stubs';
import { currentPath, makeToken, renderApp, seedSession } from '@/test/render-app';
import { resolveProtectedRedirect } from './route-access';
import { routes } from './router';

stubPages();

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(currentPath(router)).toBe(path));
}

describe('protected routes', () => {
  it('send anonymous visitors to /login with the path and search in next', async () => {
    const { router } = renderApp('/news?category=oil');
    await expectPath(router, `/login?next=${encodeURIComponent('/news?category=oil')}`);
    await expectPage('login');
  });

  it('treat an expired stored token as signed out', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ role: 'admin', exp: Math.floor(Date.now() / 1000) - 5 }));
    const { router } = renderApp('/home');
    await expectPath(router, `/login?next=${encodeURIComponent('/home')}`);
  });

  it('keep a cliente on bank verification, plaid and home only', async () => {
    seedSession({ role: 'cliente' });
    const { router } = renderApp('/news');
    await expectPath(router, '/bank/verification');
    await expectPage('bank-verification');
    expect(screen.getByRole('heading', { level: 1, name: 'Bank verification' })).toBeInTheDocument();

    for (const allowed of ['/plaid', '/home/my-summary', '/bank/verification']) {
      await router.navigate(allowed);
      await expectPath(router, allowed);
    }
    // Its home is its own page: the price dashboard's APIs refuse a cliente.
    await router.navigate('/home');
    await expectPage('client-home');
    await router.navigate('/admin/sessions');
    await expectPath(router, '/bank/verification');
  });

  it('let a superadmin cliente go anywhere', async () => {
    seedSession({ role: 'cliente', isSuperadmin: true });
    const { router } = renderApp('/admin/sessions');
    await expectPage('admin-sessions');
    expect(currentPath(router)).toBe('/admin/sessions');
    await router.navigate('/home');
    await expectPage('home-dashboard');
  });

  it('keep /admin/sessions for admins', async () => {
    seedSession({ role: 'user' });
    const { router } = renderApp('/admin/sessions');
    await expectPath(router, '/home');

    seedSession({ role: 'Admin' });
    await router.navigate('/admin/sessions');
    await expectPath(router, '/admin/sessions');
    await expectPage('admin-sessions');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin sessions' })).toBeInTheDocument();
  });
});

/** Every concrete path of the route tree, as the server's list spells it (no catch-all). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const children = route.children ? routePaths(route.children, route.path ? own : parent) : [];
    const isPage = route.index || (route.path !== undefined && route.path !== '*');
    return [...(isPage ? [own] : []), ...children];
  });
}

describe('route table', () => {
  it('matches the server list of app paths, so unknown paths get a real 404', () => {
    expect(new Set(routePaths(routes))).toEqual(new Set(APP_PATH_PATTERNS));
  });

  it('redirects /auth/login, /contact and /Trade-Transaction', async () => {
    const { router } = renderApp('/auth/login?next=%2Fhome');
    await expectPath(router, '/login?next=%2Fhome');
    await router.navigate('/contact');
    await expectPath(router, '/contact-us');
    await expectPage('contact');
    seedSession();
    await router.navigate('/Trade-Transaction');
    await expectPath(router, '/transactions');
    await expectPage('beta:transactions');
  });

  it('renders the verify-email page for any path containing /verify-email', async () => {
    renderApp('/auth/verify-email/abc123');
    await expectPage('verify-email');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Email verification'));
  });

  it('renders a 404 page with a link home for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Page not found'));
  });

  it('renders the policy layout with privacy as index and each document', async () => {
    const { router } = renderApp('/Policy');
    await expectPage('policy:privacy');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Privacy Policy'));
    const legalNav = screen.getByRole('navigation', { name: 'Legal documents' });
    expect(legalNav.querySelectorAll('a')).toHaveLength(10);
    await router.navigate('/Policy/MarketDataMasking');
    await expectPage('policy:marketDataMasking');
    expect(within(legalNav).getByRole('link', { name: 'Market Data Masking' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('FuelDesk - Market Data Masking'));
  });

  it('renders /plaid as the bank verification page and sets the section title', async () => {
    seedSession();
    renderApp('/plaid');
    await expectPage('bank-verification');
    expect(screen.getByRole('heading', { level: 1, name: 'Bank verification' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('FuelDesk - Bank verification'));
  });
});

describe('resolveProtectedRedirect', () => {
  const location = (pathname: string, search = '') => ({ pathname, search });
  const client = { isAuthenticated: true, role: 'cliente', isSuperadmin: false };

  it('does not confuse a prefix with a subpath', () => {
    expect(resolveProtectedRedirect(location('/homework'), client)).toBe('/bank/verification');
    expect(resolveProtectedRedirect(location('/HOME/'), client)).toBeNull();
    expect(resolveProtectedRedirect(location('/bank/verification/step-2'), client)).toBeNull();
    expect(resolveProtectedRedirect(location('/bank'), client)).toBe('/bank/verification');
  });
});
