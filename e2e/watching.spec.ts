import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  demoAdminAccount,
  expectNoSidewaysScroll,
  signInBeforeFirstPage,
  signOutThroughApi,
  switchLanguageThroughMenu,
  viewports,
  waitForSanctionsLists,
  watchConsole,
} from './helpers';

// Issue 31: an administrator watches a counterparty, sets a price alert and a webhook, then loads a
// newer sanctions list (the EU fixture, which no other journey loads) that designates the watched
// name: the re-screen on the worker puts the new match in the bell, on the watchlist with the list
// version, and POSTs a signed delivery to a receiver this test runs (the journey server allows
// private webhook addresses: WEBHOOK_ALLOW_PRIVATE in playwright.config.ts).

// Only the EU fixture lists this person (Canada's fixture, which the screening journey loads, does not).
const WATCHED = 'Tessaly Okonkwo-Bramble';
const EU_LIST = fileURLToPath(new URL('../apps/server/test/fixtures/sanctions/eu-fsf-export.csv', import.meta.url));

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local endpoint that answers 204 to every POST and keeps what it got. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/fueldesk`, deliveries, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe('watching: watchlist, price alert, notifications and a signed webhook', () => {
  test.use({ viewport: viewports.desktop });

  test('a newer list designates a watched counterparty: the bell, the watchlist and the webhook tell', async ({ page, request }) => {
    const errors = watchConsole(page);
    const receiver = await startReceiver();
    const session = await signInBeforeFirstPage(page, request, demoAdminAccount);
    try {
      await waitForSanctionsLists(request, session);

      // A webhook to the local receiver, for every kind of notification; its secret is shown once.
      await page.goto('/webhooks');
      await page.getByRole('textbox', { name: 'Endpoint address' }).fill(receiver.url);
      await expect(page.getByRole('checkbox', { name: 'Watchlist: new match' })).toBeChecked();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await expect(page.getByText('Webhook added.')).toBeVisible();
      const secret = (await page.getByRole('status').filter({ hasText: 'Your signing secret (shown only now)' }).locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await expect(page.getByRole('table', { name: 'Your webhooks' }).getByRole('row').filter({ hasText: receiver.url }).getByText('Active')).toBeVisible();

      // The counterparty, watched by hand: no list entry matches it today.
      await page.goto('/due-diligence/watchlist');
      await page.getByRole('textbox', { name: 'Name' }).fill(WATCHED);
      await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Person' });
      await page.getByRole('textbox', { name: 'Country' }).fill('Nigeria');
      await page.getByRole('button', { name: 'Watch', exact: true }).click();
      await expect(page.getByText(`${WATCHED} is watched: no match today.`)).toBeVisible();
      await expect(page.getByRole('table', { name: '1 watched counterparty' })).toBeVisible();
      const item = page.getByRole('row').filter({ hasText: WATCHED });
      await expect(item.getByText('Clear', { exact: true })).toBeVisible();
      await expect(item.getByText('Person · Nigeria')).toBeVisible();

      // A price alert on WTI, told in the panel and by webhook.
      await page.goto('/marketprice/alerts');
      await page.getByRole('combobox', { name: 'Product' }).selectOption('WTI');
      await page.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Reaches or rises above a level' });
      await page.getByRole('textbox', { name: 'Level or percentage' }).fill('150');
      await page.getByRole('checkbox', { name: 'Webhook' }).check();
      await page.getByRole('button', { name: 'Add alert' }).click();
      await expect(page.getByText('Alert added.')).toBeVisible();
      const alert = page.getByRole('table', { name: 'Your price alerts' }).getByRole('row').filter({ hasText: 'WTI' });
      await expect(alert.getByText('At or above 150')).toBeVisible();
      await expect(alert.getByText('Active', { exact: true })).toBeVisible();

      // The administrator loads the newer list from the screening page's list panel.
      await page.goto('/due-diligence/screening');
      const lists = page.getByRole('region', { name: 'Loaded lists' });
      await lists.getByLabel('List files', { exact: true }).setInputFiles(EU_LIST);
      await lists.getByRole('button', { name: 'Load', exact: true }).click();
      await expect(lists.getByText(/EU Financial Sanctions: stored as a new version — 4 entries/)).toBeVisible();

      // The bell shows the new match (pushed to this tab); it opens the watched item.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const notice = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('button', { name: new RegExp(`^${WATCHED} now matches ${WATCHED} on EU Financial Sanctions\\.`) });
      await notice.click();
      await expect(page).toHaveURL(/\/due-diligence\/watchlist\?item=/);
      await expect(item.getByText('Match', { exact: true })).toBeVisible();
      await expect(item.getByText(`${WATCHED} (EU Financial Sanctions, 100 %)`)).toBeVisible();
      const history = page.getByRole('region', { name: new RegExp(`^(History of|Historial de) ${WATCHED}$`) });
      await expect(history.getByText(/EU Financial Sanctions version #\d+/)).toBeVisible();
      await expect(history.getByText(`New match: ${WATCHED} (EU Financial Sanctions, 100 %)`)).toBeVisible();

      // The receiver got the same news, signed with the secret: HMAC-SHA256 of "<t>.<body>".
      await expect.poll(() => receiver.deliveries.filter((delivery) => delivery.body.includes('"watch_match"')).length).toBe(1);
      const delivery = receiver.deliveries.find((candidate) => candidate.body.includes('"watch_match"'))!;
      const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['fueldesk-signature']));
      expect(signature).not.toBeNull();
      expect(signature![2]).toBe(createHmac('sha256', secret).update(`${signature![1]}.${delivery.body}`).digest('hex'));
      const payload = JSON.parse(delivery.body) as { event: string; data: Record<string, unknown> };
      expect(payload.event).toBe('watch_match');
      expect(JSON.stringify(payload.data)).toContain(WATCHED);

      // The watchlist on a phone, in Spanish.
      await page.setViewportSize(viewports.mobile);
      await switchLanguageThroughMenu(page, 'Español');
      await expect(item.getByText('Coincidencia', { exact: true })).toBeVisible();
      await expect(history.getByText(`Nueva coincidencia: ${WATCHED} (Sanciones financieras de la UE, 100 %)`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath('watchlist-390-es.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await signOutThroughApi(request, session);
      await receiver.close();
    }
  });
});
