import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInThroughApi, signOutThroughApi, viewports, waitForSanctionsLists, watchConsole } from './helpers';

// A due diligence report on a counterparty whose owner is on the small OFAC SDN list the journey
// server imports at start (SANCTIONS_PATHS): create, wait for the notification, read, download.

test.describe('due diligence at desktop width', () => {
  test.use({ viewport: viewports.desktop });

  test('fill the form, consent, get notified, open the report and download its PDF', async ({ page, request }) => {
    // The report job, SPEC.md's 6 s polling and the first PDF (pdfkit and its font load on first use)
    // took 50-60 s together on a shared 2-core machine: more than the default minute would leave.
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const session = await signInThroughApi(page, request);
    await waitForSanctionsLists(request, session);
    try {
      await page.goto('/due-diligence/create');
      await expect(page.getByText(/of 5 this month/)).toBeVisible();
      await page.getByLabel(/Business name or DBA/).fill('Morey Fuel Supply');
      await page.getByLabel(/Contact or owner name/).fill('Jordan Pike');
      await page.getByLabel('Owner name', { exact: true }).fill('Elvis Angus Logan Morey');
      await page.getByLabel(/Routing number/).fill('02100002');
      await expect(page.getByText('The routing number must have 9 digits.')).toBeVisible();
      await page.getByLabel(/Routing number/).fill('021000021');
      await page.getByLabel(/I confirm that the counterparty consented/).check();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Create report' }).click();
      await page.getByRole('dialog', { name: 'Create this report?' }).getByRole('button', { name: 'Yes, create it' }).click();
      await expect(page.getByText('Your report on Jordan Pike is processing. You will be notified when it is ready.')).toBeVisible();

      // SPEC.md §4: the pending contact is checked every 6 s (the server event may come first).
      await expect(page.getByRole('button', { name: 'Notifications (unread)' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Notifications (unread)' }).click();
      await page.getByRole('button', { name: /^The due diligence report on Jordan Pike is ready/ }).click();

      await expect(page.getByRole('heading', { name: 'Jordan Pike' })).toBeVisible();
      await expect(page.getByText(/LOGAN MOREY, Elvis Angus · Score/)).toBeVisible();
      await expect(page.getByText(/Programs: SDNT/).first()).toBeVisible();
      await expect(page.getByText(/^(High|Critical)$/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The page names the report's language; the PDF the button saves is a real PDF, not an error page.
      await expect(page.getByTestId('report-language-name')).toHaveText('Report language: English');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      const saved = readFileSync(await file.path());
      expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(saved.length).toBeGreaterThan(10_000);
      await expect(page.getByText('The PDF could not be downloaded.')).toHaveCount(0);

      await page.goto('/due-diligence');
      const row = page.getByRole('row', { name: /Jordan Pike/ }).first();
      await expect(row.getByText('Ready')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
    }
  });

  test('shows the plan-limit banner once the month is used up', async ({ page, request }) => {
    const session = await signInThroughApi(page, request);
    await waitForSanctionsLists(request, session);
    try {
      const headers = { authorization: `Bearer ${session.accessToken}` };
      const usage = (await (await request.get('/api/due/usage', { headers })).json()) as { remaining: number };
      for (let index = 0; index < usage.remaining; index += 1) {
        const created = await request.post('/api/due/create', {
          headers,
          data: { description: '', contact_name: `Filler ${index}`, extra: { business_name: 'Filler Co', contact_name: `Filler ${index}`, consent: true } },
        });
        expect(created.status()).toBe(201);
      }
      await page.goto('/due-diligence/create');
      const banner = page.getByRole('alert').filter({ hasText: "You have reached your plan's report limit" });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/#plans');
    } finally {
      await signOutThroughApi(request, session);
    }
  });
});
