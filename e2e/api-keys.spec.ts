import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signInBeforeFirstPage, signOutThroughApi, switchLanguageThroughMenu, viewports, watchConsole } from './helpers';

// Issue 32: a user creates an API key in Settings → API keys, reads it once, calls the price API
// with it as the README says (Authorization: Bearer fd_…) from outside the browser, revokes it, and
// the same call is refused at once; the Developers page explains how to use a key.

test.describe('API keys', () => {
  test.use({ viewport: viewports.desktop });

  test('create a key, read prices with it, revoke it, read the Developers page', async ({ page, request, playwright, baseURL }) => {
    const errors = watchConsole(page);
    const session = await signInBeforeFirstPage(page, request);
    // A client with no cookie and no session, as a script or a spreadsheet would be.
    const script = await playwright.request.newContext({ baseURL });
    try {
      await page.goto('/settings/api-keys');
      await expect(page.getByText('You have no API keys yet.')).toBeVisible();
      const name = `Journey sheet ${Date.now()}`;
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      // A key needs a scope: the form says so before anything is created.
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByText('Choose at least one scope.')).toBeVisible();
      await page.getByRole('checkbox', { name: /^prices:read/ }).check();
      await page.getByRole('button', { name: 'Create key' }).click();

      // Shown this once.
      const created = page.getByRole('region', { name: `Your new key “${name}”` });
      await expect(created.getByText('Copy it now: it is shown only this once.', { exact: false })).toBeVisible();
      const key = await created.getByRole('textbox', { name: 'API key' }).inputValue();
      expect(key).toMatch(/^fd_[A-Za-z0-9_-]{40,}$/);

      const prices = () => script.get('/api/prices', { headers: { authorization: `Bearer ${key}` } });
      const allowed = await prices();
      expect(allowed.status(), await allowed.text()).toBe(200);
      expect(((await allowed.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      expect(allowed.headers()['ratelimit-limit']).toBe('60');
      // Outside its scope the key opens nothing.
      expect((await script.get('/api/watchlist', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);

      await created.getByRole('button', { name: 'I have copied it' }).click();
      await expect(created).toBeHidden();
      await expect(page.getByRole('textbox', { name: 'API key' })).toHaveCount(0);
      const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(listed.getByText('Active', { exact: true })).toBeVisible();
      await expect(listed.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
      expect(await listed.textContent()).not.toContain(key);

      // Revoked: the next call is refused at once.
      await listed.getByRole('button', { name: `Revoke key ${name}` }).click();
      await page.getByRole('dialog', { name: `Revoke “${name}”?` }).getByRole('button', { name: 'Revoke key' }).click();
      await expect(page.getByText(`The key “${name}” is revoked.`)).toBeVisible();
      await expect(listed.getByText('Revoked', { exact: true })).toBeVisible();
      // The list counts the two requests the key made (the price table and the refused watchlist).
      await expect(listed.locator('dd').nth(2)).toHaveText('2');
      expect((await prices()).status()).toBe(401);

      // The Developers page: base URL, the key header, copyable examples, the OpenAPI document.
      await page.getByRole('link', { name: 'How to use a key (Developers)' }).click();
      await expect(page).toHaveURL(/\/developers$/);
      await expect(page.getByText('Authorization: Bearer fd_…').first()).toBeVisible();
      await expect(page.getByText(/curl .*\/api\/prices\/export/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'OpenAPI document' })).toBeVisible();
      await expect(page.getByRole('link', { name: /\/api\/docs$/ })).toBeVisible();

      // On a phone, in Spanish.
      await page.setViewportSize(viewports.mobile);
      await switchLanguageThroughMenu(page, 'Español');
      await expect(page.getByRole('heading', { name: 'Documento OpenAPI' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.getByRole('link', { name: 'Crear o revocar claves de API' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: name }).getByText('Revocada', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath('api-keys-390-es.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await script.dispose();
      await signOutThroughApi(request, session);
    }
  });
});
