import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, signIn } from '../../../test/factories';
import { useTestContext } from '../../../test/test-context';
import { priceAlerts, pricePoints, webhooks } from '../../db/schema';
import { evaluateAlerts } from '../alerts/alerts.service';
import { importPriceFile } from '../prices/price-import.service';
import { sendDueWebhookDeliveries, WEBHOOK_RETRY_WINDOW_MS } from './webhooks.service';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that answers each request with the next status of `statuses` (the last one repeats). */
function startReceiver() {
  const received: Received[] = [];
  let statuses = [200];
  let location: string | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      if (location) response.setHeader('location', location);
      response.writeHead(status).end('ok');
    });
  });
  return {
    received,
    answer(next: number[], redirectTo: string | null = null) {
      statuses = next;
      location = redirectTo;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with FuelDesk-Signature: recompute the HMAC of "<t>.<raw body>" with the secret. */
function verifySignature(header: string, body: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

describe('webhooks with private receivers allowed (tests, on-premises)', () => {
  const t = useTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const receiver = startReceiver();
  const other = startReceiver();
  let port = 0;
  let otherPort = 0;
  let clock = Date.parse('2026-06-01T08:00:00Z');

  function tick(ms = 60_000): Date {
    clock += ms;
    const now = new Date(clock);
    t.setNow(now);
    return now;
  }

  beforeAll(async () => {
    port = await receiver.listen();
    otherPort = await other.listen();
  });
  afterAll(async () => {
    await receiver.close();
    await other.close();
  });
  beforeEach(async () => {
    await t.ctx.db.delete(pricePoints);
    await t.ctx.db.delete(priceAlerts);
    await t.ctx.db.delete(webhooks);
    receiver.received.length = 0;
    other.received.length = 0;
    receiver.answer([200]);
    t.sentMail.length = 0;
  });

  /** A user with an alert on WTI above 75 to the webhook channel, and a webhook; returns the secret. */
  async function setUp() {
    tick();
    const alice = await createSignedInUser(t.ctx, { email: `hook-${clock}@example.com` });
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { product_code: 'WTI', condition: 'above', value: '75', channels: ['webhook'] },
      headers: alice.headers,
    });
    expect(alert.statusCode).toBe(201);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `http://127.0.0.1:${port}/fueldesk`, events: ['price_alert'] },
      headers: alice.headers,
    });
    expect(hook.statusCode).toBe(201);
    return { alice, hook: hook.json() as { id: string; secret: string } };
  }

  async function fireAlert() {
    const writtenAt = tick();
    await importPriceFile(t.ctx, { name: 'RWTC.csv', text: 'Date,Price\n2026-05-29,74\n2026-06-01,76' });
    return evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt });
  }

  it('shows the secret once, lists webhooks to their owner only, and refuses bad input', async () => {
    const { alice, hook } = await setUp();
    expect(hook.secret).toMatch(/^whsec_/);
    const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: alice.headers });
    expect(list.json().items).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(hook.secret);
    const bob = await createSignedInUser(t.ctx);
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bob.headers })).json()).toEqual({ items: [] });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: bob.headers })).statusCode).toBe(404);
    for (const payload of [
      { url: 'ftp://example.com/x', events: ['price_alert'] },
      { url: 'not a url', events: ['price_alert'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['session_revoked'] },
      { url: 'https://user:pw@example.com/x', events: ['price_alert'] },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/webhooks', payload, headers: alice.headers });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: alice.headers })).json().items).toHaveLength(1);
  });

  it('delivers a signed notification that the receiver can verify, once', async () => {
    const { alice, hook } = await setUp();
    expect(await fireAlert()).toEqual({ fired: 1 });
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 1, failed: 0 });
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(verifySignature(String(request!.headers['fueldesk-signature']), request!.body, hook.secret)).toBe(true);
    expect(verifySignature(String(request!.headers['fueldesk-signature']), request!.body.replace('76', '77'), hook.secret)).toBe(false);
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ event: 'price_alert', data: { product_code: 'WTI', value: '76', level: '75' } });
    expect(body.data.url).toMatch(/^http:\/\/localhost:3000\/marketprice\/alerts\?alert=/);
    const deliveries = await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: alice.headers });
    expect(deliveries.json().items).toEqual([expect.objectContaining({ event: 'price_alert', status: 'succeeded', attempts: 1, response_status: 200 })]);
  });

  it('retries a failing endpoint with backoff until it recovers', async () => {
    const { alice, hook } = await setUp();
    receiver.answer([500, 503, 200]);
    await fireAlert();
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 1 });
    // Not due yet: the first retry waits 30 s.
    tick(10_000);
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 0 });
    tick(25_000);
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 1 });
    // The second retry waits 60 s.
    tick(45_000);
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 0 });
    tick(20_000);
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 1, failed: 0 });
    expect(receiver.received).toHaveLength(3);
    // Every attempt carries the same notification id, so a receiver can drop a repeat.
    expect(new Set(receiver.received.map((request) => JSON.parse(request.body).id)).size).toBe(1);
    const deliveries = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: alice.headers })).json();
    expect(deliveries.items[0]).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 200 });
  });

  it('gives up after a day, disables the endpoint and tells its owner', async () => {
    const { alice, hook } = await setUp();
    receiver.answer([500]);
    await fireAlert();
    let rounds = 0;
    while (rounds < 40) {
      await sendDueWebhookDeliveries(t.ctx);
      const [stored] = await t.ctx.db.select().from(webhooks);
      if (!stored!.active) break;
      tick(2 * 60 * 60 * 1000);
      rounds += 1;
    }
    // A day later the first session's token has long expired: sign in again to read.
    const again = await signIn(t.ctx, alice.user);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: again.headers })).json().items[0];
    expect(listed).toMatchObject({ active: false });
    expect(Date.parse(listed.disabled_at) - Date.parse(listed.failing_since)).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    const deliveries = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: again.headers })).json();
    expect(deliveries.items[0]).toMatchObject({ status: 'failed', response_status: 500 });
    expect(t.sentMail.map((mail) => mail.subject)).toEqual(['FuelDesk: webhook disabled']);
    const attempts = receiver.received.length;
    tick(10 * 60 * 60 * 1000);
    await sendDueWebhookDeliveries(t.ctx);
    expect(receiver.received).toHaveLength(attempts);
  });

  it('does not follow a redirect', async () => {
    await setUp();
    receiver.answer([302], `http://127.0.0.1:${otherPort}/elsewhere`);
    await fireAlert();
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
  });
});

describe('webhooks with the default guard', () => {
  const t = useTestContext();
  const receiver = startReceiver();
  let port = 0;

  beforeAll(async () => {
    port = await receiver.listen();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('refuses plain http and private literal addresses at registration', async () => {
    const alice = await createSignedInUser(t.ctx);
    for (const [url, field] of [
      [`http://127.0.0.1:${port}/x`, /https/],
      [`https://127.0.0.1:${port}/x`, /private or local/],
      ['https://[::1]/x', /private or local/],
      ['https://10.0.0.8/x', /private or local/],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['price_alert'] }, headers: alice.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields.url, url).toMatch(field);
    }
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `http://127.0.0.1:${port}/x`, events: ['price_alert'] },
      headers: { ...alice.headers, 'accept-language': 'es' },
    });
    expect(spanish.json().fields.url).toMatch(/Use https/);
    expect(spanish.json().fields.url).toMatch(/sin cifrar/);
  });

  it('never connects to a name that resolves to loopback', async () => {
    t.setNow(new Date('2026-06-01T08:00:00Z'));
    const alice = await createSignedInUser(t.ctx);
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { product_code: 'WTI', condition: 'above', value: '75', channels: ['webhook'] },
      headers: alice.headers,
    });
    // "localhost" is a name: it is accepted at registration and refused where it resolves, at delivery.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: `https://localhost:${port}/x`, events: ['price_alert'] },
      headers: alice.headers,
    });
    expect(hook.statusCode).toBe(201);
    const writtenAt = new Date('2026-06-01T08:01:00Z');
    t.setNow(writtenAt);
    await importPriceFile(t.ctx, { name: 'RWTC.csv', text: 'Date,Price\n2026-05-29,74\n2026-06-01,76' });
    await evaluateAlerts(t.ctx, { productCodes: ['WTI'], writtenAt });
    expect(await sendDueWebhookDeliveries(t.ctx)).toEqual({ succeeded: 0, failed: 1 });
    expect(receiver.received).toHaveLength(0);
    const deliveries = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook.json().id}/deliveries`, headers: alice.headers })).json();
    expect(deliveries.items[0].last_error).toMatch(/localhost resolves to an address webhooks may not reach/);
  });
});
