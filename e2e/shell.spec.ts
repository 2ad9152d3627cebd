import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, viewports, watchConsole } from './helpers';

// Foundation journey: the landing and login pages render at both widths, accessibly, without errors.
for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`shell at ${name} width`, () => {
    test.use({ viewport });

    test('landing page renders without console errors and passes axe', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/');
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page).toHaveTitle(/^FuelDesk/);
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });

    test('login page renders without console errors and passes axe', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto('/auth/login');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page).toHaveTitle(/^FuelDesk - /);
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });

    test('an unknown path shows the 404 page and a protected one asks to sign in', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/404|not found/i);
      await page.goto('/marketprice');
      await expect(page).toHaveURL(/\/login\?next=%2Fmarketprice/);
    });
  });
}
