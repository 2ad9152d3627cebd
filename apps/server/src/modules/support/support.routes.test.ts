import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/test-context';
import { createSignedInUser } from '../../../test/factories';
import { supportMessages } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { SUPPORT_MESSAGE_LIMIT } from './support.service';

describe('/api/support', () => {
  const t = useTestContext();
  let sent: MailMessage[];

  beforeEach(() => {
    sent = t.sentMail;
    sent.length = 0;
  });

  const message = { type: 'complaint', subject: 'Diesel price missing', message: 'ULSD NY Harbor is missing for Friday.' };

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/support', payload: message })).statusCode).toBe(401);
  });

  it('refuses a restricted cliente', async () => {
    const cliente = await createSignedInUser(t.ctx, { role: 'cliente' });
    const response = await t.app.inject({ method: 'POST', url: '/api/support', payload: message, headers: cliente.headers });
    expect(response.statusCode).toBe(403);
  });

  it('stores the message, mails the support inbox and lists only the caller’s messages, newest first', async () => {
    t.setNow(new Date('2026-05-01T09:00:00Z'));
    const alice = await createSignedInUser(t.ctx, { email: 'alice@example.com' });
    const bob = await createSignedInUser(t.ctx);

    t.setNow(new Date('2026-05-01T09:00:00Z'));
    const first = await t.app.inject({ method: 'POST', url: '/api/support', payload: message, headers: alice.headers });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ ...message, created_at: '2026-05-01T09:00:00.000Z' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: t.config.SUPPORT_INBOX, replyTo: 'alice@example.com' });
    expect(sent[0]!.text).toContain('ULSD NY Harbor is missing for Friday.');

    t.setNow(new Date('2026-05-01T09:10:00Z'));
    await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { type: 'feedback', subject: 'Thanks', message: 'Great charts.' },
      headers: alice.headers,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { type: 'question', subject: 'Bob here', message: 'Hello' },
      headers: bob.headers,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/support', headers: alice.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((item: { subject: string }) => item.subject)).toEqual(['Thanks', 'Diesel price missing']);
    const bobs = await t.app.inject({ method: 'GET', url: '/api/support', headers: bob.headers });
    expect(bobs.json().map((item: { subject: string }) => item.subject)).toEqual(['Bob here']);
  });

  it('refuses an unknown type and blank fields with 400 and stores nothing', async () => {
    const user = await createSignedInUser(t.ctx);
    const before = await t.ctx.db.$count(supportMessages);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { type: 'praise', subject: '  ', message: '' },
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      type: 'Please select an option.',
      subject: 'This field is required.',
      message: 'This field is required.',
    });
    expect(await t.ctx.db.$count(supportMessages)).toBe(before);
  });

  it('limits each user to 5 messages a minute', async () => {
    t.setNow(new Date('2026-05-02T09:00:00Z'));
    const user = await createSignedInUser(t.ctx);
    const other = await createSignedInUser(t.ctx);
    for (let index = 0; index < SUPPORT_MESSAGE_LIMIT; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/support', payload: message, headers: user.headers });
      expect(response.statusCode).toBe(201);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/support', payload: message, headers: user.headers });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('Please wait 1 minute and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const fromOther = await t.app.inject({ method: 'POST', url: '/api/support', payload: message, headers: other.headers });
    expect(fromOther.statusCode).toBe(201);
  });
});
