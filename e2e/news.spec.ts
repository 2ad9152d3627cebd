import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdFrameworkUntilAsked, signInThroughApi, signOutThroughApi, viewports, watchConsole } from './helpers';

// News journey on the demo articles a fresh embedded install loads: filter, search, open, come back.

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.describe('news at desktop width', () => {
  test.use({ viewport: viewports.desktop });

  test('filter by category, search, open an article and come back', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    try {
      await page.goto('/news');
      await expect(page.getByRole('heading', { level: 2, name: 'Global energy news' })).toBeVisible();
      await expect(page.getByText('15 articles')).toBeVisible();
      await expect(cards(page)).toHaveCount(10);
      await expect(cards(page).first().getByText('Demo', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Regulation' }).click();
      await expect(page).toHaveURL(/\/news\?category=regulation$/);
      await expect(page.getByText('5 articles')).toBeVisible();
      await expect(cards(page)).toHaveCount(5);
      for (const card of await cards(page).all()) await expect(card.getByText('Regulation', { exact: true })).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search news' }).fill('sanctions');
      await page.getByRole('searchbox', { name: 'Search news' }).press('Enter');
      await expect(page).toHaveURL(/category=regulation&q=sanctions/);
      await expect(page.getByText('1 article for “sanctions”')).toBeVisible();
      await expect(cards(page)).toHaveCount(1);

      await page.getByRole('link', { name: 'Read the article: New sanctions target tankers in the shadow fleet' }).click();
      await expect(page).toHaveURL(/\/news\/\d+$/);
      await expect(page.getByRole('heading', { level: 2, name: 'New sanctions target tankers in the shadow fleet' })).toBeVisible();
      await expect(page.getByTestId('article-body')).toContainText('Compliance teams are reviewing charter parties');
      await expect(page.getByText(/This is a demo article written for FuelDesk/)).toBeVisible();
      await expect(page.getByTestId('article-body').locator('script, [onclick], [onerror]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      const articleUrl = page.url();
      await page.getByRole('link', { name: 'Back to news' }).click();
      await expect(page).toHaveURL(/\/news\?category=regulation&q=sanctions$/);
      await expect(page.getByRole('button', { name: 'Regulation' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('searchbox', { name: 'Search news' })).toHaveValue('sanctions');
      await expect(cards(page)).toHaveCount(1);

      // The numeric link, /news/id/{id} and the slug all open the same article.
      const id = new URL(articleUrl).pathname.split('/').at(-1);
      await page.goto(`/news/id/${id}`);
      await expect(page.getByRole('heading', { level: 2, name: 'New sanctions target tankers in the shadow fleet' })).toBeVisible();
      await page.goto('/news/demo-new-sanctions-target-shadow-tanker-fleet');
      await expect(page.getByRole('heading', { level: 2, name: 'New sanctions target tankers in the shadow fleet' })).toBeVisible();

      // A custom News sub-item routes to /news/<section>: the list of that section.
      await page.goto('/news/oil');
      await expect(page.getByRole('heading', { level: 2, name: 'Oil news' })).toBeVisible();
      await expect(page.getByText('5 articles')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });

  test('shows Spanish titles and the dark theme', async ({ page, request }) => {
    const session = await signInThroughApi(page, request);
    try {
      // Set before each page's scripts run: the page left open by the sign-in caches its own language
      // once its locale chunk has loaded, which could land after a write made with page.evaluate.
      await page.addInitScript(() => {
        localStorage.setItem('i18nextLng', 'es');
        localStorage.setItem('darkMode', 'true');
      });
      await page.goto('/news?category=oil');
      await expect(page.getByRole('heading', { level: 2, name: 'Noticias mundiales de energía' })).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Leer el artículo: La OPEP+ mantiene sin cambios sus objetivos de producción en la revisión mensual' }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});

test.describe('news at mobile width', () => {
  test.use({ viewport: viewports.mobile });

  test('opening /news asks the API for its first page once, while the framework is on its way', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    try {
      const firstPage = '/api/news?page=1&page_size=10&lang=en';
      // As on /home (prices.spec.ts): only the entry script can ask while the framework is held.
      const { gets, askedWhileFrameworkHeld } = await holdFrameworkUntilAsked(page, (url) => url === firstPage);
      await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
      await page.goto('/news');
      expect(await askedWhileFrameworkHeld, `${firstPage} asked while the framework was on its way`).toBe(true);
      await expect(cards(page)).toHaveCount(10);
      expect(gets.filter((url) => url === firstPage), gets.join(', ')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });

  test('the list and an article fit the screen', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    try {
      await page.goto('/news');
      await expect(cards(page)).toHaveCount(10);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards(page)).toHaveCount(5);
      await cards(page).first().getByRole('link').click();
      await expect(page.getByRole('link', { name: 'Back to news' })).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});
