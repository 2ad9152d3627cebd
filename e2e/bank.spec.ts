import { expect, test, type Page } from '@playwright/test';
import {
  createVerifiedAccount,
  expectNoSeriousA11yViolations,
  JOURNEY_PASSWORD,
  readMailLink,
  signInThroughForm,
  uniqueEmail,
  viewports,
  watchConsole,
} from './helpers';

// The data-sharing journey on the real server: sandbox provider, outbox mail, two browsers.

async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email, JOURNEY_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('session-overlay')).toBeHidden({ timeout: 15_000 });
}

test.describe('bank connection and data sharing', () => {
  test.use({ viewport: viewports.desktop });

  test('invite → activate → sandbox bank → identity → consent → inviter sees consented scopes → revoke', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const inviterEmail = await createVerifiedAccount(request, 'inviter', { first: 'Tomás', last: 'Vega' });
    const inviteeEmail = uniqueEmail('counterparty');

    const inviterContext = await browser.newContext();
    const inviter = await inviterContext.newPage();
    const inviterErrors = watchConsole(inviter);
    await signIn(inviter, inviterEmail);
    await inviter.goto('/bank/send-email');
    await expect(inviter.getByText('You have not sent any invitations yet.')).toBeVisible();
    await inviter.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviter.getByText('Please enter an email address.')).toBeVisible();
    await inviter.getByLabel(/Email address/).fill(inviteeEmail);
    await expect(inviter.getByRole('checkbox', { name: /^Identity/ })).toBeChecked();
    await expect(inviter.getByRole('checkbox', { name: /^Balances/ })).toBeChecked();
    await expect(inviter.getByRole('checkbox', { name: /^Transactions/ })).not.toBeChecked();
    await inviter.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviter.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible();
    await expect(inviter.getByRole('link', { name: inviteeEmail })).toBeVisible();
    await expect(inviter.getByText('Financial validations this month: 1 of 1 used, 0 left.')).toBeVisible();
    await expectNoSeriousA11yViolations(inviter);

    // The invitee opens the activation link from the outbox and becomes a cliente.
    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    const inviteeErrors = watchConsole(invitee);
    await invitee.goto(await readMailLink(request, inviteeEmail, '/activate'));
    await invitee.getByLabel('New password').fill(JOURNEY_PASSWORD);
    await invitee.getByLabel('Confirm password').fill(JOURNEY_PASSWORD);
    await invitee.getByRole('button', { name: 'Activate and sign in' }).click();
    await expect(invitee).toHaveURL(/\/bank\/verification$/);
    await expect(invitee.getByTestId('session-overlay')).toBeHidden({ timeout: 15_000 });

    const received = invitee.locator('li').filter({ hasText: 'Tomás Vega' });
    await expect(received.getByText(/available and current balance/)).toBeVisible();
    await expect(received.getByRole('button', { name: 'Consent and share' })).toBeDisabled();

    await invitee.getByRole('button', { name: 'Connect a sandbox bank' }).click();
    const dialog = invitee.getByRole('dialog', { name: 'Sandbox bank (simulated)' });
    await dialog.getByLabel(/Username/).fill('user_good');
    await dialog.getByLabel(/Password/).fill('pass_good');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(invitee.getByRole('cell', { name: /Operating Checking/ })).toBeVisible();

    await invitee.getByRole('button', { name: 'Verify my identity' }).click();
    await expect(invitee.getByText('Success', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(invitee);
    await received.getByRole('button', { name: 'Consent and share' }).click();
    await expect(received.getByText('Accepted')).toBeVisible();

    // The cliente is kept to bank verification: market pages redirect, their API refuses.
    await invitee.goto('/marketprice');
    await expect(invitee).toHaveURL(/\/bank\/verification$/);
    const token = await invitee.evaluate(() => localStorage.getItem('authToken'));
    expect((await request.get('/api/prices/products', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);

    // On a phone the page fits the screen (tables scroll inside their frame) and stays accessible.
    await invitee.setViewportSize(viewports.mobile);
    await invitee.goto('/bank/verification');
    await expect(invitee.getByRole('cell', { name: /Operating Checking/ })).toBeVisible();
    expect(await invitee.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(invitee);

    // The inviter sees identity and balances, and not transactions.
    await inviter.goto('/bank/send-email');
    await inviter.getByRole('link', { name: inviteeEmail }).click();
    await expect(inviter.getByRole('heading', { name: 'Balances' })).toBeVisible();
    await expect(inviter.getByRole('heading', { name: 'Identity' })).toBeVisible();
    await expect(inviter.getByRole('heading', { name: 'Transactions' })).toHaveCount(0);

    await inviter.getByRole('link', { name: 'Back to secure data sharing' }).click();
    const row = inviter.getByRole('row').filter({ hasText: inviteeEmail });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await inviter.getByRole('dialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('Revoked')).toBeVisible();
    await inviter.getByRole('link', { name: inviteeEmail }).click();
    await expect(inviter.getByText('Data is shown only while the invitation is accepted.')).toBeVisible();

    expect(inviterErrors).toEqual([]);
    expect(inviteeErrors).toEqual([]);
    await inviterContext.close();
    await inviteeContext.close();
  });
});
