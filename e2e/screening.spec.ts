import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { demoAdminAccount, expectNoSeriousA11yViolations, signInThroughApi, signOutThroughApi, viewports, waitForSanctionsLists, watchConsole } from './helpers';

// Sanctions screening on the small OFAC SDN list the journey server imports at start (SANCTIONS_PATHS).

test.describe('sanctions screening at desktop width', () => {
  test.use({ viewport: viewports.desktop });

  test('search a listed name, read why it matched, and screen a pasted batch', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    await waitForSanctionsLists(request, session);
    try {
      await page.goto('/due-diligence/screening');
      const lists = page.getByRole('region', { name: 'Loaded lists' });
      await expect(lists.getByText(/OFAC SDN/)).toBeVisible();
      await expect(lists.getByText(/17 entries/)).toBeVisible();

      await page.getByRole('searchbox', { name: 'Name' }).fill('Elvis Angus Logan Morey');
      await page.getByRole('combobox', { name: 'Type' }).selectOption('person');
      await page.getByRole('button', { name: 'Screen', exact: true }).click();
      await expect(page.getByText('1 match for “Elvis Angus Logan Morey”.')).toBeVisible();
      const table = page.getByRole('table', { name: 'Candidates for Elvis Angus Logan Morey' });
      const first = table.getByRole('row').nth(1);
      await expect(first.getByText('LOGAN MOREY, Elvis Angus')).toBeVisible();
      await expect(first.getByRole('cell', { name: 'SDNT' })).toBeVisible();
      await first.getByRole('button', { name: 'Show why and details' }).click();
      await expect(first.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(/BURTON BURGESS|KARADH AL-HASSAN|Toledo District/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('textbox', { name: /Names, one a line/ }).fill('Iran Aircraft Manufacturing Industrial Company\nAcme Fuel Distributors of Ohio');
      await page.getByRole('button', { name: 'Screen all' }).click();
      await expect(page.getByRole('heading', { name: /^Iran Aircraft Manufacturing Industrial Company: \d+ match/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Acme Fuel Distributors of Ohio: no match' })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});

// An admin loads a list file from the admin page (Canada's SEMA XML, invented entries in today's
// layout), then screens a name from it; the list shows under its human name with its freshness.
test.describe('loading a sanctions list from the admin page', () => {
  test.use({ viewport: viewports.desktop });

  test('upload a list file as an admin, see it stored, and screen a name from it', async ({ page, request }) => {
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request, demoAdminAccount);
    await waitForSanctionsLists(request, session);
    try {
      await page.goto('/admin/sessions');
      const lists = page.getByRole('region', { name: 'Loaded lists' });
      await expect(lists.getByTestId('list-ofac_sdn').getByText('OFAC SDN', { exact: true })).toBeVisible();
      // The tiny OFAC list has no publication date: it is flagged in words.
      await expect(lists.getByText(/Undated: the publication date of this list is unknown/)).toBeVisible();
      await lists.getByLabel('List files', { exact: true }).setInputFiles(fileURLToPath(new URL('../apps/server/test/fixtures/sanctions/ca-sema-current.xml', import.meta.url)));
      await lists.getByRole('button', { name: 'Load', exact: true }).click();
      await expect(lists.getByText(/Canada \(SEMA\): stored as a new version — 4 entries/)).toBeVisible();
      await expect(lists.getByTestId('list-ca_sema').getByText('Canada (SEMA)', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.goto('/due-diligence/screening');
      await page.getByRole('searchbox', { name: 'Name' }).fill('Ivor Peltomaa');
      await page.getByRole('button', { name: 'Screen', exact: true }).click();
      const table = page.getByRole('table', { name: 'Candidates for Ivor Peltomaa' });
      await expect(table.getByRole('row').nth(1).getByText('Ivor Vasilyevich Peltomaa')).toBeVisible();
      await expect(table.getByRole('row').nth(1).getByRole('cell', { name: 'Canada (SEMA)' })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});
