import { describe, expect, it } from 'vitest';
import { nextIp, uniqueEmail } from '../../../test/auth-helpers';
import { useTestContext } from '../../../test/test-context';

describe('GET /api/dev/outbox with the outbox transport', () => {
  const t = useTestContext();

  it('lists the stored mail, newest first, filtered by recipient', async () => {
    expect(t.ctx.mailer.transport).toBe('outbox');
    const email = uniqueEmail('outbox');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: { email, password: 'Secret123', first_name: 'Out', last_name: 'Box', accept_terms: true, accept_privacy: true },
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}` });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ to: email, subject: 'Verify your email address for FuelDesk' });
    expect(items[0].text).toContain('/verify-email?token=');
    expect(items[0].html).toContain('<a href="http://localhost:3000/verify-email?token=');
    expect(Date.parse(items[0].created_at)).not.toBeNaN();
  });

  it('answers only requests from the loopback address, not another machine nor one relayed by a proxy', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    expect((await get('::1')).statusCode).toBe(200);
    for (const [remote, headers] of [
      ['192.168.1.20', {}],
      ['10.0.0.7', { 'x-forwarded-for': '127.0.0.1' }],
      ['203.0.113.5', {}],
      // A reverse proxy on this machine relays a request from elsewhere.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const response = await get(remote, headers);
      expect(response.statusCode, `${remote} ${JSON.stringify(headers)}`).toBe(404);
      expect(response.body).not.toContain('token=');
    }
  });
});

describe('GET /api/dev/outbox behind TRUST_PROXY', () => {
  const t = useTestContext({ env: { TRUST_PROXY: 'true' } });

  it('does not take a forwarded loopback address for the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/dev/outbox in production', () => {
  const t = useTestContext({ env: { NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', DATA_ENCRYPTION_KEY: 'a'.repeat(64) } });

  it('does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
