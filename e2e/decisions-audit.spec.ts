import { expect, test, type Page } from '@playwright/test';
import {
  demoAdminAccount,
  demoProAccount,
  expectNoSidewaysScroll,
  signInBeforeFirstPage,
  signOutThroughApi,
  switchLanguageThroughMenu,
  viewports,
  waitForSanctionsLists,
  watchConsole,
} from './helpers';

// Issue 30: a compliance officer (the demo Pro user) records decisions on matches from the screening
// page; a match scored 95 % or more waits for an administrator, who approves it; the audit log holds
// every step and its chain verifies; the officer's own activity lists what they did. Two people,
// so two sign-ins (one each).

const DAY = /\d{4}-\d{2}-\d{2}/.source;

async function screen(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Screen', exact: true }).click();
  return page.getByRole('table', { name: `Candidates for ${name}` }).getByRole('row').nth(1);
}

async function decideFalsePositive(page: Page, entry: string, subject: string, note: string, fourEyes: boolean) {
  await page.getByRole('button', { name: `Record a decision on ${entry} for ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Decision on this match' });
  await dialog.getByRole('radio', { name: 'False positive' }).check();
  await expect(dialog.getByText(/clearing it needs the approval of an administrator other than you/)).toHaveCount(fourEyes ? 1 : 0);
  // The note is required: saving without one says so and records nothing.
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog.getByText('Write a note: why this decision.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note (required)' }).fill(note);
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('decisions on matches and the audit trail', () => {
  test.use({ viewport: viewports.desktop });

  test('a false positive with a note, four eyes on a strong match, the audit chain and my activity', async ({ page, request, browser }) => {
    const errors = watchConsole(page);
    const officer = await signInBeforeFirstPage(page, request, demoProAccount);
    const adminContext = await browser.newContext({ viewport: viewports.mobile });
    const admin = await adminContext.newPage();
    const adminErrors = watchConsole(admin);
    let adminSession: Awaited<ReturnType<typeof signInBeforeFirstPage>> | null = null;
    try {
      await waitForSanctionsLists(request, officer);
      await page.goto('/due-diligence/screening');

      // Below 95 %: the officer's false positive is final at once, and the match shows as cleared by them.
      const weak = await screen(page, 'Khoroshev Dmitry Moscow');
      await expect(weak.getByText('KHOROSHEV, Dmitry Yuryevich')).toBeVisible();
      await decideFalsePositive(page, 'KHOROSHEV, Dmitry Yuryevich', 'Khoroshev Dmitry Moscow', 'Different person: our supplier was born in 1961 in Kazan.', false);
      const weakDecision = weak.getByTestId('match-decision');
      await expect(weakDecision).toContainText(new RegExp(`^Cleared as a false positive by pro@fueldesk\\.demo on ${DAY}`));
      await expect(weakDecision).toContainText('Note: Different person: our supplier was born in 1961 in Kazan.');

      // 95 % or more: the same decision waits for an administrator and still counts as a match.
      const strong = await screen(page, 'Daniel Moreno');
      await expect(strong.getByText('MORENO, Daniel')).toBeVisible();
      await decideFalsePositive(page, 'MORENO, Daniel', 'Daniel Moreno', 'Namesake: passport and date of birth differ.', true);
      await expect(strong.getByTestId('match-decision')).toContainText(
        new RegExp(`^False positive by pro@fueldesk\\.demo on ${DAY}: waiting for an administrator’s approval; it still counts as a match`),
      );

      // A second person, the administrator (on a phone), approves it from the decisions list.
      adminSession = await signInBeforeFirstPage(admin, admin.request, demoAdminAccount);
      await admin.goto('/due-diligence/decisions');
      const pending = admin.getByRole('row').filter({ hasText: 'Daniel Moreno' });
      await expect(pending.getByText('Waiting for approval')).toBeVisible();
      await pending.getByRole('button', { name: 'Approve the decision on Daniel Moreno' }).click();
      await expect(admin.getByText('Decision approved.')).toBeVisible();
      await expect(pending.getByText('approved by admin@fueldesk.demo')).toBeVisible();
      await expect(pending.getByText('Final', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(admin);

      // The audit log (from the account menu): both decisions and the approval, by whom; the chain verifies.
      await admin.getByRole('button', { name: /^Account menu for/ }).click();
      await admin.getByRole('menuitem', { name: 'Audit log' }).click();
      const audit = admin.getByRole('table', { name: 'Audit entries' });
      const decided = audit.getByRole('row').filter({ hasText: 'Decision on a match' });
      await expect(decided.filter({ hasText: 'Daniel Moreno' }).getByText('pro@fueldesk.demo')).toBeVisible();
      await expect(decided.filter({ hasText: 'Khoroshev Dmitry Moscow' }).getByText('pro@fueldesk.demo')).toBeVisible();
      await expect(audit.getByRole('row').filter({ hasText: 'Decision approved' }).filter({ hasText: 'Daniel Moreno' }).getByText('admin@fueldesk.demo')).toBeVisible();
      await admin.getByRole('button', { name: 'Verify chain' }).click();
      await expect(admin.getByText(/^The chain holds: \d+ entries checked\.$/)).toBeVisible();
      await expectNoSidewaysScroll(admin);

      // Back with the officer, on their Decisions page: the strong match is cleared, approved by the administrator.
      await page.getByRole('link', { name: 'Decisions', exact: true }).click();
      const approved = page.getByRole('row').filter({ hasText: 'Daniel Moreno' });
      await expect(approved.getByText('approved by admin@fueldesk.demo')).toBeVisible();
      await expect(approved.getByText('Final', { exact: true })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Khoroshev Dmitry Moscow' }).getByText('Final', { exact: true })).toBeVisible();

      // My activity (from the account menu) lists the officer's own decisions.
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'My activity' }).click();
      await expect(page).toHaveURL(/\/activity$/);
      const mine = page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: 'Decision on a match' });
      await expect(mine.filter({ hasText: 'Daniel Moreno' })).toHaveCount(1);
      await expect(mine.filter({ hasText: 'Khoroshev Dmitry Moscow' })).toHaveCount(1);

      // The same page on a phone, in Spanish.
      await page.setViewportSize(viewports.mobile);
      await switchLanguageThroughMenu(page, 'Español');
      await expect(page.getByRole('table', { name: 'Entradas de auditoría' }).getByRole('row').filter({ hasText: 'Daniel Moreno' }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath('activity-390-es.png'), fullPage: true });
      expect(errors).toEqual([]);
      expect(adminErrors).toEqual([]);
    } finally {
      if (adminSession) await signOutThroughApi(admin.request, adminSession);
      await adminContext.close();
      await signOutThroughApi(request, officer);
    }
  });
});
