import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, releaseSession, signInThroughForm, watchConsole } from './helpers';

// Signed-in help pages: a support message is sent and listed, then answered from the admin inbox;
// an admin publishes a release that then heads the releases list.

const admin = { email: 'admin@fueldesk.demo', password: 'Demo-Admin-2026' };

test('support message and release publishing through the pages', async ({ page }) => {
  const errors = watchConsole(page);
  await signInThroughForm(page, admin.email, admin.password, '/login?next=%2Fsupport');
  await expect(page).toHaveURL(/\/support$/);

  const subject = `Calendar question ${Date.now()}`;
  await page.getByRole('combobox', { name: /^Type/ }).selectOption('question');
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await page.getByRole('textbox', { name: /^Message/ }).fill('Which days does the daily table skip, and why?');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText(/Your message has been sent/)).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The admin inbox has it, open and unassigned; the admin takes it and marks it answered.
  await page.goto('/admin/sessions?tab=inbox');
  await page.getByRole('searchbox', { name: 'Search sender, subject or text' }).fill(subject);
  await page.getByRole('button', { name: 'Search' }).click();
  const inbox = page.getByRole('table', { name: 'Inbox' });
  await expect(inbox.getByRole('row')).toHaveCount(2);
  await expect(inbox.getByText('Support message')).toBeVisible();
  await inbox.getByRole('button', { name: new RegExp(`^View "${subject}"`) }).click();
  const message = page.getByRole('dialog', { name: subject });
  await expect(message.getByText('Which days does the daily table skip, and why?')).toBeVisible();
  await message.getByRole('combobox', { name: 'Status' }).selectOption('answered');
  await message.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: 'Demo Admin' });
  await expectNoSeriousA11yViolations(page);
  await message.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Message updated')).toBeVisible();
  await page.keyboard.press('Escape');
  // Open messages only by default: it has left the list.
  await expect(page.getByText('No messages match these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('answered');
  await expect(inbox.getByRole('cell', { name: 'Demo Admin', exact: true })).toBeVisible();
  await expect(inbox.getByText(subject)).toBeVisible();

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

  await releaseSession(page);
});
