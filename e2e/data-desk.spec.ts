import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { demoAdminAccount, expectNoSidewaysScroll, signInBeforeFirstPage, signOutThroughApi, viewports, watchConsole } from './helpers';

// Issue 33, the data desk, on a phone: an administrator adds a product on the Products tab and edits
// it, uploads files on the Imports tab (a CSV of the new product's values with a malformed line,
// EIA's real daily Brent history, and a text file named like a workbook) and reads each file's
// report; the product shows in the daily table and the chart's picker until it is retired.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A real EIA file (../shared/data, never copied): Brent's daily spot prices since 1987, ~10,000 values. */
const brentFile = path.join(root, '../shared/data/eia-brent-wti/brent-daily.csv');

/** Opens a tab of the admin page (/admin/sessions?tab=…) by its name. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** The comparison chart's product picker (folded while products are chosen: WTI and Brent at first). */
async function openChartPicker(page: Page) {
  await page.goto('/marketprice/graphics');
  await page.getByText('Choose products', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'WTI Cushing', exact: true })).toBeVisible();
}

test.describe('the data desk on a phone', () => {
  test.use({ viewport: viewports.mobile });

  test('add and edit a product, upload its values with EIA history and a disguised file, then retire it', async ({ page, request }, testInfo) => {
    const errors = watchConsole(page);
    // The answers refused as malformed input: the server checks the product form (the browser logs the 400).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 400) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    const session = await signInBeforeFirstPage(page, request, demoAdminAccount);
    // A code no earlier run on the same data directory has used.
    const code = `DESK_${Date.now().toString(36).toUpperCase()}`;
    const name = `Desk journey diesel ${code}`;
    try {
      await page.goto('/admin/sessions?tab=products');
      const products = page.getByRole('table', { name: 'All products, retired ones included' });
      await expect(products.getByRole('row').filter({ hasText: 'WTI' }).first()).toBeVisible();

      // Add: a code, the names in both languages, the rest of the form; a missing location is refused first.
      await page.getByRole('button', { name: 'Add product' }).click();
      const form = page.getByRole('dialog', { name: 'Add a product' });
      await form.getByRole('textbox', { name: 'Code' }).fill(code);
      await form.getByRole('textbox', { name: 'Name in English' }).fill(`${name} draft`);
      await form.getByRole('textbox', { name: 'Name in Spanish' }).fill(`Diésel del recorrido ${code}`);
      await form.getByRole('combobox', { name: 'Category' }).selectOption('diesel');
      await form.getByRole('textbox', { name: 'Unit' }).fill('gal');
      await form.getByRole('button', { name: 'Add product' }).click();
      await expect(form.getByRole('textbox', { name: 'Location' })).toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('textbox', { name: 'Location' }).fill('Chicago, IL');
      await form.getByRole('textbox', { name: 'Decimal places' }).fill('3');
      await form.getByRole('button', { name: 'Add product' }).click();
      await expect(form).toBeHidden();
      await expect(page.getByText(`${code} added.`)).toBeVisible();
      const row = products.getByRole('row').filter({ hasText: code });
      await expect(row.getByText(`${name} draft`)).toBeVisible();
      await expect(row.getByText('USD/gal · 3')).toBeVisible();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();

      // Edit: the English name.
      await row.getByRole('button', { name: `Edit ${code}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${code}` });
      await expect(edit.getByRole('textbox', { name: 'Name in Spanish' })).toHaveValue(`Diésel del recorrido ${code}`);
      await edit.getByRole('textbox', { name: 'Name in English' }).fill(name);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByText(`${code} saved.`)).toBeVisible();
      await expect(row.getByText(name, { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // A look at the tab on the phone (e2e/.artifacts): the new row, its table scrolled back to its start.
      await row.scrollIntoViewIfNeeded();
      await products.evaluate((table) => table.parentElement?.scrollTo({ left: 0 }));
      await page.screenshot({ path: testInfo.outputPath('products-tab.png') });

      // Upload three files at once; each is sent on its own and answered with its report.
      await openTab(page, 'Imports');
      const csv = ['product_code,date,value', `${code},2024-03-01,2.871`, `${code},2024-03-04,2.902`, `${code},2024-03-05,two dollars`, `${code},2024-03-06,2.915`].join('\n');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose files' }).click();
      await (
        await chooser
      ).setFiles([
        { name: 'desk-values.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
        { name: 'brent-daily.csv', mimeType: 'text/csv', buffer: readFileSync(brentFile) },
        { name: 'prices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('date,value\n2024-03-01,1\n') },
      ]);
      const files = page.getByRole('list', { name: 'Data desk: import price files' });
      await expect(files.getByRole('listitem')).toHaveCount(3);
      await page.getByRole('button', { name: 'Import 3 file(s)' }).click();

      const count = (file: string, label: string) => files.getByRole('listitem', { name: file }).getByRole('term').filter({ hasText: label }).locator('+ dd');
      const desk = files.getByRole('listitem', { name: 'desk-values.csv' });
      await expect(desk.getByText('Imported', { exact: true })).toBeVisible();
      await expect(count('desk-values.csv', 'Inserted')).toHaveText('3');
      await expect(count('desk-values.csv', 'Rejected')).toHaveText('1');
      await expect(desk.getByRole('listitem').filter({ hasText: /^Line 4: / })).toBeVisible();

      const brent = files.getByRole('listitem', { name: 'brent-daily.csv' });
      await expect(brent.getByText('Imported', { exact: true })).toBeVisible({ timeout: 30_000 });
      // Every dated price of the file is new: the install had generated demo values only.
      const brentValues = readFileSync(brentFile, 'utf8').split('\n').filter((line) => /^\d{4}-\d{2}-\d{2},-?\d/.test(line)).length;
      await expect(count('brent-daily.csv', 'Inserted')).toHaveText(String(brentValues));
      await expect(count('brent-daily.csv', 'Rejected')).toHaveText('0');
      // The rule finds a few suspect moves in 37 years of Brent: counted, waiting for review.
      await expect.poll(async () => Number(await count('brent-daily.csv', 'Flagged suspect (to review)').textContent())).toBeGreaterThan(0);

      const hostile = files.getByRole('listitem', { name: 'prices.xlsx' });
      // Sent after Brent's import, maybe again after the wait a busy server names (503 + Retry-After).
      await expect(hostile.getByText('Refused', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(hostile.getByText('prices.xlsx is named like a workbook but is not an Excel file.')).toBeVisible();
      await expect(hostile.getByRole('term')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await desk.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('upload-report.png') });

      // The history names each file, the refused one as refused.
      const history = page.getByRole('table', { name: 'Price-import history' });
      await expect(history.getByRole('row').filter({ hasText: 'desk-values.csv' })).toHaveCount(1);
      await expect(history.getByRole('row').filter({ hasText: 'brent-daily.csv' })).toHaveCount(1);
      await expect(history.getByRole('row').filter({ hasText: 'prices.xlsx' }).getByText('Refused')).toBeVisible();

      // The new product in the daily table of one of its days, and in the comparison chart's picker.
      await page.goto('/marketprice?date=2024-03-04');
      const day = page.getByRole('table').getByRole('row').filter({ hasText: name });
      await expect(day).toHaveCount(1);
      await expect(day.getByText('2.902')).toBeVisible();
      await openChartPicker(page);
      await expect(page.getByRole('checkbox', { name, exact: true })).toHaveCount(1);

      // Retire it: it leaves the daily table and the picker; its row on the Products tab says so.
      await page.goto('/admin/sessions?tab=products');
      await products.getByRole('row').filter({ hasText: code }).getByRole('button', { name: `Retire ${code}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Retire ${code}?` }).or(page.getByRole('dialog', { name: `Retire ${code}?` }));
      await confirm.getByRole('button', { name: 'Retire', exact: true }).click();
      await expect(page.getByText(`${code} retired.`)).toBeVisible();
      await expect(row.getByText('Retired', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Bring back ${code}` })).toBeVisible();

      await page.goto('/marketprice?date=2024-03-04');
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Brent' }).first()).toBeVisible();
      await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toHaveCount(0);
      await openChartPicker(page);
      await expect(page.getByRole('checkbox', { name: 'Brent', exact: true })).toHaveCount(1);
      await expect(page.getByRole('checkbox', { name, exact: true })).toHaveCount(0);
      expect(refused).toEqual(['POST /api/admin/products']);
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
      expect(errors).toHaveLength(1);
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});
