import { expect, test } from '@playwright/test';
import { releaseSession, signInThroughApi, viewports } from './helpers';

// The sidebar at 1280×800 with Market Price open and a custom sub-item: the item's title shows whole,
// and every item down to Releases can be seen without scrolling, not hidden behind Log Out.

test.use({ viewport: viewports.desktop });

test('a custom sub-item shows its whole title and Releases is in sight at 1280×800, in both languages', async ({ page, request }) => {
  await signInThroughApi(page, request);
  try {
    await page.evaluate(() =>
      localStorage.setItem('customSubmenus', JSON.stringify({ marketPrice: [{ id: 'journey-rack', title: 'Rack prices Florida', category: 'gasoline' }] })),
    );
    for (const [language, releases] of [
      ['en', 'Releases'],
      ['es', 'Versiones'],
    ] as const) {
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      await page.goto('/marketprice');
      const sidebar = page.getByRole('complementary').first();
      const custom = sidebar.getByRole('link', { name: 'Rack prices Florida' });
      await expect(custom).toBeVisible();
      // Not cut: the title's box holds all of its text.
      expect(await custom.locator('span').evaluate((span) => span.scrollWidth <= span.clientWidth && span.getBoundingClientRect().height > 0)).toBe(true);
      const link = sidebar.getByRole('link', { name: releases, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      // Above Log Out's row, not under it.
      const [linkBox, logoutBox] = await Promise.all([link.boundingBox(), sidebar.getByRole('button', { name: language === 'en' ? 'Log Out' : 'Cerrar sesión' }).boundingBox()]);
      expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(logoutBox!.y);
    }
  } finally {
    await releaseSession(page);
  }
});
