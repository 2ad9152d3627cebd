import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, watchConsole } from './helpers';

// Signed-in help pages: a support message is sent and listed; an admin publishes a release that
// then heads the releases list.

const admin = { email: 'admin@fueldesk.demo', password: 'Demo-Admin-2026' };

test('support message and release publishing through the pages', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login?next=%2Fsupport');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/support$/);

  const subject = `Calendar question ${Date.now()}`;
  await page.getByRole('combobox', { name: /^Type/ }).selectOption('question');
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await page.getByRole('textbox', { name: /^Message/ }).fill('Which days does the daily table skip, and why?');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText(/Your message has been sent/)).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/releases');
  const version = `9.${Date.now() % 1000}.0`;
  await page.getByRole('textbox', { name: /^Title/ }).fill('Journey release');
  await page.getByRole('textbox', { name: /^Version/ }).fill(version);
  await page.getByRole('combobox', { name: /^Type/ }).selectOption('minor');
  await page.getByRole('textbox', { name: /^Short description/ }).fill('Published by the browser journey.');
  await page.getByRole('textbox', { name: /^Section 1 title/ }).fill('Added');
  await page.getByRole('textbox', { name: /^Section 1 items/ }).fill('A first item\nA second item');
  await page.getByRole('button', { name: 'Publish release' }).click();
  await expect(page.getByText(`Release ${version} has been published.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Journey release/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);

  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await page.request.post('/api/auth/logout', { data: { refresh_token: refreshToken, active_seconds: 1 } });
});
