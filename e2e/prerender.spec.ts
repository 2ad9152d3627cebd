import { expect, test, type Page } from '@playwright/test';
import { demoProAccount, signInThroughApi, signOutThroughApi, viewports, waitForApp, watchConsole } from './helpers';

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

/** Holds the framework chunk until `release` is called: what shows before the app's code runs. */
async function holdFramework(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a signed-in page on a phone shows its frame before any script runs, in the reader's language, then the app over it", async ({ browser, request }) => {
  for (const { locale, heading, intro } of [
    { locale: 'en-US', heading: 'Releases', intro: 'What changed in FuelDesk, newest first.' },
    { locale: 'es-ES', heading: 'Versiones', intro: null },
  ]) {
    const context = await browser.newContext({ viewport: viewports.mobile, locale });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request, demoProAccount);
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    const release = await holdFramework(page);
    await page.goto('/releases');
    // The page's own frame (the user's: no publishing form), inert, in the stored theme; no user in it.
    await expect(page.locator('#root')).toHaveAttribute('data-frame', 'user');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
    if (intro) await expect(page.getByText(intro)).toBeAttached();
    await expect(page.locator('#root > [inert]')).toHaveCount(1);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
    await expect(page.locator('.boot-splash')).toHaveCount(0);
    release();
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Account menu|Menú de la cuenta/ })).toBeEnabled();
    expect(errors).toEqual([]);
    await signOutThroughApi(request, session);
    await context.close();
  }
});

test('without a live session, or on a wide screen, a signed-in address shows no frame: the splash, then /login', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: viewports.mobile });
  const page = await context.newPage();
  let release = await holdFramework(page);
  await page.goto('/releases');
  await expect(page.locator('.boot-splash')).toBeAttached();
  await expect(page.locator('header, h1')).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/login\?next=%2Freleases$/);
  // Signed in, but on a desktop's width: the sidebar is no drawer there, so no frame either.
  const session = await signInThroughApi(page, request, demoProAccount);
  await page.setViewportSize(viewports.desktop);
  await page.unrouteAll();
  release = await holdFramework(page);
  await page.goto('/releases');
  await expect(page.locator('.boot-splash')).toBeAttached();
  await expect(page.locator('#root')).not.toHaveAttribute('data-frame', /./);
  release();
  await waitForApp(page);
  await signOutThroughApi(request, session);
  await context.close();
});
