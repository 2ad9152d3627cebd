import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdFrameworkUntilAsked, releaseSession, signInThroughApi, signOutThroughApi, viewports, watchConsole } from './helpers';

// Market-data journey on the demo history a fresh embedded install generates: sign in, build the
// personal dashboard (5 products, a 6th refused), move the daily table to another day, and check
// that the comparison chart really drew.

const account = { email: 'pro@fueldesk.demo', password: 'Demo-Pro-2026' };

/** The login page contract: an email field, a password field and a submit button, then /home. */
async function signInThroughLoginPage(page: Page) {
  await page.goto('/login');
  await page.locator('input[type="email"], input[name="email"]').first().fill(account.email);
  await page.locator('input[type="password"]').first().fill(account.password);
  await page.locator('form button[type="submit"]').first().click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
}

/** Counts the distinct colours of a screenshot, decoded by the browser itself (no image library needed). */
async function countColours(page: Page, target: Locator): Promise<{ colours: number; inked: number }> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const background = `${pixels[0]},${pixels[1]},${pixels[2]}`;
    const colours = new Set<string>();
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const colour = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
      colours.add(colour);
      if (colour !== background) inked += 1;
    }
    return { colours: colours.size, inked };
  }, png);
}

const firstRowCells = (page: Page) => page.getByRole('table').getByRole('row').nth(1).getByRole('cell');

test.describe('market data at desktop width', () => {
  test.use({ viewport: viewports.desktop });

  test('dashboard of five products, another day in the table, and a drawn comparison chart', async ({ page }) => {
    const errors = watchConsole(page);
    await signInThroughLoginPage(page);
    try {
      await expect(page.getByRole('heading', { level: 2, name: 'My dashboard' })).toBeVisible();
      // A new user starts from the starter dashboard (its Edit button), a returning one maybe from the picker.
      await expect(page.getByRole('button', { name: 'Edit products' }).or(page.getByText('Choose up to 5 products to follow.'))).toBeVisible();
      if (await page.getByRole('button', { name: 'Edit products' }).isVisible()) await page.getByRole('button', { name: 'Edit products' }).click();
      // .all() would list positions among the checked boxes, which shift as each is unchecked.
      const checked = page.getByRole('checkbox', { checked: true });
      while ((await checked.count()) > 0) await checked.first().uncheck();

      await expect(page.getByText('Choose up to 5 products to follow.')).toBeVisible();
      for (const name of ['WTI Cushing', 'Brent', 'NY Harbor conventional gasoline', 'NY Harbor ULSD', 'Gulf Coast jet fuel']) {
        await page.getByRole('checkbox', { name, exact: true }).check();
      }
      await expect(page.getByText('5 of 5 chosen')).toBeVisible();
      await page.getByRole('checkbox', { name: 'Mont Belvieu propane', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('You can follow at most 5 products. Remove one before adding Mont Belvieu propane.');
      await expect(page.getByRole('checkbox', { name: 'Mont Belvieu propane', exact: true })).not.toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();

      const cards = page.getByRole('list', { name: 'Followed products' }).getByRole('article');
      await expect(cards).toHaveCount(5);
      await expect(cards.first()).toHaveAttribute('aria-label', 'WTI Cushing');
      await expect(cards.first().getByText('Demo data')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Top movers' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Market summary' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Price movements' }).locator('canvas').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The choice is stored on the server: it is still there after a reload.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Followed products' }).getByRole('article')).toHaveCount(5);

      await page.goto('/marketprice');
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).getByText('Demo data')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      const calendarButton = page.getByRole('button', { name: /Choose a day/ });
      const latestLabel = (await calendarButton.textContent()) ?? '';
      const before = await firstRowCells(page).allTextContents();

      await calendarButton.click();
      const calendar = page.getByRole('dialog', { name: 'Choose a publication date' });
      await expect(calendar).toBeVisible();
      // The latest day is chosen and can be picked once the publication dates are in.
      await expect(calendar.locator('td[data-selected] button')).toBeEnabled();
      expect(await calendar.locator('td button[disabled]').count()).toBeGreaterThan(0);
      const otherDays = calendar.locator('td:not([data-selected]) button:not([disabled])');
      // On the first trading day of a month its month holds no other day: the one before does.
      if ((await otherDays.count()) === 0) await calendar.getByRole('button', { name: /previous month/i }).click();
      await expect(otherDays.last()).toBeEnabled();
      await otherDays.last().click();
      await expect(page).toHaveURL(/\/marketprice\?date=\d{4}-\d{2}-\d{2}$/);
      await expect(calendar).toBeHidden();
      await expect(calendarButton).not.toHaveText(latestLabel);
      await expect.poll(async () => (await firstRowCells(page).allTextContents()).join('|')).not.toBe(before.join('|'));
      // 12 spot series, 8 spreads and the demo futures curves: the count depends on the day's curves.
      await expect(page.getByText(/^Prices of .+ · \d+ products$/)).toBeVisible();

      await page.getByRole('link', { name: 'Compare in charts' }).click();
      await expect(page).toHaveURL(/\/marketprice\/graphics$/);
      const chart = page.getByTestId('price-chart');
      await expect(chart.locator('canvas').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).getByText('Demo data')).toBeVisible();
      await page.getByRole('button', { name: 'Prices' }).click();
      await expect(page).toHaveURL(/mode=absolute/);
      await expect(chart.locator('canvas').first()).toBeVisible();
      await expect.poll(async () => (await countColours(page, chart)).colours, { timeout: 10_000 }).toBeGreaterThan(20);
      await expectNoSeriousA11yViolations(page);
      const drawn = await countColours(page, chart);
      expect(drawn.inked).toBeGreaterThan(2_000);
      expect(errors).toEqual([]);
    } finally {
      await releaseSession(page);
    }
  });
});

test.describe('market data at mobile width', () => {
  test.use({ viewport: viewports.mobile });

  test('opening /home asks the API for each of its first answers once (the entry script asks, the page takes them)', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    try {
      const { gets, askedWhileFrameworkHeld } = await holdFrameworkUntilAsked(page, (url) => url.split('?')[0] === '/api/dashboards');
      // As a first visit: the app's code from the network, not from the landing page's visit.
      await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
      await page.goto('/home');
      expect(await askedWhileFrameworkHeld, '/api/dashboards asked while the framework was on its way').toBe(true);
      await expect(page.getByRole('region', { name: 'Top movers' }).getByText('Gainers')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Market summary' }).getByRole('table')).toBeVisible();
      for (const path of ['/api/dashboards', '/api/prices/products', '/api/prices/movers?limit=5', '/api/prices/summary']) {
        expect(gets.filter((url) => url === path), `${path} in ${gets.join(', ')}`).toHaveLength(1);
      }
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });

  test('the market overview does not jump when its price board answers after the panels below it', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    try {
      // The board (GET /api/prices) answers last, as on a slow phone: the movers and the summary
      // below it are there first, and must not be shown in view and then pushed out of it.
      await page.route(/\/api\/prices\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto('/market-price');
      await expect(page.getByRole('region', { name: 'Top movers' }).getByText('Gainers')).toBeVisible();
      await expect(page.getByText('Gulf Coast conventional gasoline').first()).toBeVisible({ timeout: 15_000 });
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
                if (!entry.hadRecentInput) total += entry.value;
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 300);
          }),
      );
      // Lighthouse's "good" limit for cumulative layout shift; the board's late arrival measured 0.86 before.
      expect(shift).toBeLessThan(0.1);
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });

  test('the table and the chart fit the screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signInThroughLoginPage(page);
    try {
      await page.goto('/marketprice/diesel');
      await expect(page.getByRole('heading', { level: 2, name: /Diesel prices/ })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      // A trader reads the price and the change without scrolling sideways.
      await page.goto('/marketprice');
      await expect(page.getByRole('table')).toBeVisible();
      const width = viewports.mobile.width;
      for (const row of await page.getByRole('table').getByRole('row').all()) {
        for (const column of [1, 2]) {
          const box = await row.locator('th, td').nth(column).boundingBox();
          expect(box, `column ${column} of ${await row.textContent()}`).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        }
      }
      await page.goto('/marketprice/graphics');
      await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await releaseSession(page);
    }
  });
});
