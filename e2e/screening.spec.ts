import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, viewports, watchConsole } from './helpers';

// Sanctions screening on the small OFAC SDN list the journey server imports at start (SANCTIONS_PATHS).

const account = { email: 'pro@fueldesk.demo', password: 'Demo-Pro-2026' };

async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { access_token: string; refresh_token: string; user: Record<string, unknown> };
  await page.goto('/');
  await page.evaluate((session) => {
    localStorage.setItem('authToken', session.access_token);
    localStorage.setItem('refresh_token', session.refresh_token);
    localStorage.setItem('login_timestamp', String(Date.now()));
    sessionStorage.setItem('user', JSON.stringify(session.user));
  }, body);
  // The list is imported in the background after the server starts listening.
  await expect
    .poll(async () => {
      const lists = await request.get('/api/screening/lists', { headers: { authorization: `Bearer ${body.access_token}` } });
      return ((await lists.json()) as { loaded?: boolean }).loaded;
    })
    .toBe(true);
  return body.refresh_token;
}

test.describe('sanctions screening at desktop width', () => {
  test.use({ viewport: viewports.desktop });

  test('search a listed name, read why it matched, and screen a pasted batch', async ({ page, request }) => {
    const errors = watchConsole(page);
    const refreshToken = await signIn(page, request);
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
      await request.post('/api/auth/logout', { data: { refresh_token: refreshToken, active_seconds: 1 } });
    }
  });
});
