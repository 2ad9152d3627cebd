import { expect, test, type Page } from '@playwright/test';
import { viewports, waitForApp, watchConsole } from './helpers';

// The public pages arrive as HTML written at build time (scripts/prerender.mjs): they show before
// any script runs, and the app then hydrates them, keeping the server's nodes, instead of
// rendering the page a second time.

const hydratedPages = [
  { path: '/', heading: 'Fuel-market intelligence for traders and distributors' },
  { path: '/login', heading: 'Sign in to FuelDesk' },
  { path: '/register', heading: 'Create your FuelDesk account' },
  { path: '/about-us', heading: 'About FuelDesk' },
  { path: '/services', heading: 'Services' },
  { path: '/contact-us', heading: 'Contact us' },
  { path: '/form', heading: 'Talk to sales' },
];

/** Remembers the <h1> the HTML carried, before any script of the page runs. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1');
    });
  });
}

/** Once React owns the page, tells whether its heading is still the node the server sent. */
async function headingWasHydrated(page: Page): Promise<boolean> {
  await waitForApp(page);
  return page.evaluate(() => {
    const server = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return server !== null && server === document.querySelector('h1');
  });
}

test('with JavaScript off, the public pages still show their content and titles', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading } of hydratedPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page).toHaveTitle(/^FuelDesk - \S/);
  }
  await page.goto('/');
  await expect(page.getByText('Premium Enterprise').filter({ visible: true }).first()).toBeVisible();
  // Until the app takes the page over, the forms are shown but cannot be used, so nothing typed is
  // lost and no password is ever sent natively in the address.
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in' })).toHaveAttribute('method', 'post');
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await page.goto('/home');
  await expect(page.locator('.boot-splash')).toBeAttached();
  await context.close();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`prerendered pages at ${name} width`, () => {
    test.use({ viewport });

    for (const { path, heading } of hydratedPages) {
      test(`${path} is hydrated, not rendered twice, without console errors`, async ({ page }) => {
        const errors = watchConsole(page);
        await rememberServerHeading(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(await headingWasHydrated(page)).toBe(true);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('a hydrated page responds: the sign-in page links to sign-up without reloading', async ({ page }) => {
  const errors = watchConsole(page);
  await rememberServerHeading(page);
  await page.goto('/login');
  expect(await headingWasHydrated(page)).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your FuelDesk account' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('FuelDesk - Sign up');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('a Spanish visitor gets the page rendered afresh in Spanish, without console errors', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await rememberServerHeading(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Inicie sesión en FuelDesk' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await headingWasHydrated(page)).toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});

test('a prerendered page whose code cannot load shows the error page, not a dead form', async ({ page }) => {
  await page.route('**/assets/login-page-*.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeEnabled();
});
