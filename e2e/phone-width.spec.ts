import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { demoProAccount, viewports } from './helpers';

// Every route fits a 390 px phone (ARCHITECTURE.md): the document is never wider than the screen, in
// either language. One browser context per role; each page is measured once its loaders are gone.

const policyPaths = ['Privacy', 'Terms', 'External-Policies', 'RefundAndCancellation-Policy', 'Cookie-Policy', 'Compliance', 'BetaProgram', 'AIDueDiligence', 'MarketDataMasking'];

const anonymousRoutes = [
  '/',
  '/login',
  '/register',
  '/reset-password?token=journey-unknown-token',
  '/first-time-set-password',
  '/verify-email?token=journey-unknown-token',
  '/cancel-email-change',
  '/activate?token=journey-unknown-token',
  '/about-us',
  '/services',
  '/contact-us',
  '/form',
  ...policyPaths.map((path) => `/Policy/${path}`),
  '/no/such/page',
];

const userRoutes = [
  '/home',
  '/news',
  '/news/oil',
  '/marketprice',
  '/marketprice/gasoline',
  '/marketprice/diesel',
  '/marketprice/curve',
  '/marketprice/spreads',
  '/marketprice/alerts',
  '/marketprice/graphics',
  '/market-price',
  '/bank',
  '/bank/send-email',
  '/due-diligence',
  '/due-diligence/create',
  '/due-diligence/screening',
  '/due-diligence/detail',
  '/due-diligence/watchlist',
  '/due-diligence/decisions',
  '/portfolio',
  '/transactions',
  '/certificate',
  '/wallet',
  '/trade',
  '/webhooks',
  '/support',
  '/settings/api-keys',
  '/developers',
  '/releases',
  '/activity',
];

const adminRoutes = ['/admin/sessions', '/admin/sessions?tab=users', '/admin/sessions?tab=inbox', '/admin/sessions?tab=imports', '/admin/audit'];

const clienteRoutes = ['/bank/verification', '/home'];

const admin = { email: 'admin@fueldesk.demo', password: 'Demo-Admin-2026' };
const cliente = { email: 'cliente@fueldesk.demo', password: 'Demo-Cliente-2026' };

/** The page's own content is drawn: React owns the page and no loader spins. */
async function settle(page: Page) {
  await page.waitForFunction(() => {
    const reactOwned = Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'));
    return reactOwned && document.querySelectorAll('.animate-spin, [role="progressbar"][aria-label]').length === 0;
  });
}

/** Visits each route in English and Spanish; returns those wider than the phone, with their width. */
async function measure(
  browser: Browser,
  routes: readonly string[],
  account?: { email: string; password: string },
  prepare?: (api: APIRequestContext, headers: Record<string, string>) => Promise<string[]>,
) {
  const context = await browser.newContext({ baseURL, viewport: viewports.mobile });
  const page = await context.newPage();
  let refreshToken: string | null = null;
  await page.goto('/about-us');
  if (account) {
    const response = await page.request.post('/api/auth/login', { data: account });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { access_token: string; refresh_token: string; user: Record<string, unknown> };
    refreshToken = body.refresh_token;
    await page.evaluate((session) => {
      localStorage.setItem('authToken', session.access_token);
      localStorage.setItem('refresh_token', session.refresh_token);
      localStorage.setItem('login_timestamp', String(Date.now()));
      sessionStorage.setItem('user', JSON.stringify(session.user));
    }, body);
    if (prepare) routes = [...routes, ...(await prepare(page.request, { authorization: `Bearer ${body.access_token}` }))];
  }
  const tooWide: string[] = [];
  try {
    for (const language of ['en', 'es']) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      await page.goto(routes[0]!);
      for (const route of routes) {
        // The router follows history like a link click: no reload, so the next page costs only its own code and data.
        await page.evaluate((path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        }, route);
        // Two frames: React has drawn the navigation (and its progress bar) before settle() looks.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await settle(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewports.mobile.width) tooWide.push(`${language} ${route}: ${width}px`);
      }
    }
  } finally {
    if (refreshToken) await page.request.post('/api/auth/logout', { data: { refresh_token: refreshToken, active_seconds: 1 } });
    await context.close();
  }
  return tooWide;
}

test.describe('every page fits a 390 px phone', () => {
  test.setTimeout(180_000);

  test('public pages', async ({ browser }) => {
    expect(await measure(browser, anonymousRoutes)).toEqual([]);
  });

  test('a Pro user’s pages', async ({ browser }) => {
    expect(await measure(browser, userRoutes, demoProAccount)).toEqual([]);
  });

  test('the admin pages', async ({ browser }) => {
    // A report makes the due diligence list a table (its hidden actions header once widened the page).
    const withReport = async (api: APIRequestContext, headers: Record<string, string>) => {
      const created = await api.post('/api/due/create', {
        headers,
        data: { description: 'Phone width', contact_name: 'Jordan Pike', extra: { business_name: 'Phone Width Fuel Supply', contact_name: 'Jordan Pike', consent: true } },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
      const { id } = (await created.json()) as { id: string };
      return ['/due-diligence', `/due-diligence/detail?id=${id}`];
    };
    expect(await measure(browser, adminRoutes, admin, withReport)).toEqual([]);
  });

  test('a restricted cliente’s pages', async ({ browser }) => {
    expect(await measure(browser, clienteRoutes, cliente)).toEqual([]);
  });
});
