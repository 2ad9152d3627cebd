import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, viewports, waitForApp, watchConsole } from './helpers';

// The public site: every marketing page and every /Policy child renders its heading without
// console errors and passes axe, at desktop and mobile widths.
const pages: { path: string; heading: string }[] = [
  { path: '/', heading: 'Fuel-market intelligence for traders and distributors' },
  { path: '/about-us', heading: 'About FuelDesk' },
  { path: '/services', heading: 'Services' },
  { path: '/contact-us', heading: 'Contact us' },
  { path: '/form', heading: 'Talk to sales' },
  { path: '/Policy', heading: 'Privacy Policy' },
  { path: '/Policy/Privacy', heading: 'Privacy Policy' },
  { path: '/Policy/Terms', heading: 'Terms of Service' },
  { path: '/Policy/External-Policies', heading: 'External Policies' },
  { path: '/Policy/RefundAndCancellation-Policy', heading: 'Refund and Cancellation Policy' },
  { path: '/Policy/Cookie-Policy', heading: 'Cookie Policy' },
  { path: '/Policy/Compliance', heading: 'Compliance' },
  { path: '/Policy/BetaProgram', heading: 'Beta Program' },
  { path: '/Policy/AIDueDiligence', heading: 'AI Due Diligence' },
  { path: '/Policy/MarketDataMasking', heading: 'Market Data and Masking' },
  { path: '/Policy/FinancialDataConnectivity', heading: 'Financial Data Connectivity' },
];

for (const [name, viewport] of Object.entries(viewports)) {
  test.describe(`public site at ${name} width`, () => {
    test.use({ viewport });

    for (const { path, heading } of pages) {
      test(`${path} renders its heading, without console errors, and passes axe`, async ({ page }) => {
        const errors = watchConsole(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page).toHaveTitle(/^FuelDesk/);
        await expectNoSeriousA11yViolations(page);
        expect(errors).toEqual([]);
      });
    }

    test('the Terms open as a PDF in a modal that Escape closes', async ({ page, request }) => {
      const errors = watchConsole(page);
      await page.goto('/Policy/Terms');
      const opener = page.getByRole('link', { name: 'View Terms of Service (PDF)' });
      await expect(opener).toHaveAttribute('href', '/legal/terms-en.pdf');
      await waitForApp(page);
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
      await expect(dialog).toBeVisible();
      const frame = dialog.locator('iframe');
      await expect(frame).toHaveAttribute('src', '/api/legal/terms-en.pdf');
      await expect(dialog.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/legal/terms-en.pdf');
      await expectNoSeriousA11yViolations(page);

      for (const url of ['/api/legal/terms-en.pdf', '/legal/terms-en.pdf', '/legal/confidentiality-agreement-es.pdf']) {
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()['content-type']).toContain('application/pdf');
        expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      expect(errors).toEqual([]);
    });

    test('the confidentiality agreement opens in Spanish when the site is in Spanish', async ({ page }) => {
      await page.goto('/Policy/Terms?lng=es');
      await expect(page.getByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeVisible();
      await waitForApp(page);
      await page.getByRole('link', { name: 'Ver Acuerdo de no elusión y confidencialidad (PDF)' }).click();
      await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', '/api/legal/confidentiality-agreement-es.pdf');
    });
  });
}

test('the landing page loads none of the dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('landing-page'))).toBe(true);
  expect(scripts.filter((path) => /dashboard-layout|lightweight-charts|price-|news-|due-diligence|bank-|support-page|releases-page/.test(path))).toEqual([]);
});

test.describe('public forms', () => {
  test('the contact form shows what is missing, then sends', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toBeFocused();

    await page.getByLabel(/^Name/).fill('Lee Park');
    await page.getByLabel(/^Email/).fill('lee@example.com');
    await page.getByLabel(/^Phone/).fill('+1 305 555 0142');
    await page.getByLabel(/^Company/).fill('Harbor Fuels');
    await page.getByLabel(/^Subject/).fill('Gulf Coast coverage');
    await page.getByLabel(/^Your question/).fill('Do you publish Gulf Coast ULSD every business day?');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status')).toContainText('Your message has been sent');
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('the sales form applies the lead-form rules and sends', async ({ page }) => {
    await page.goto('/form');
    await page.getByLabel(/^First name/).fill('Ana3');
    await page.getByLabel(/^Phone/).fill('555-CALL');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('This field cannot contain numbers.')).toBeVisible();
    await expect(page.getByText('Phone number cannot contain letters.')).toBeVisible();

    await page.getByLabel(/^First name/).fill('Ana');
    await page.getByLabel(/^Last name/).fill('Ruiz');
    await page.getByLabel(/^Work email/).fill('ana@example.com');
    await page.getByLabel(/^Phone/).fill('+52 55 1234 5678');
    await page.getByLabel(/^Company/).fill('Combustibles del Norte');
    await page.getByLabel('Regulatory updates').check();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await page.getByRole('button', { name: 'Send' }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status')).toContainText('Our sales team has your details');
  });
});
