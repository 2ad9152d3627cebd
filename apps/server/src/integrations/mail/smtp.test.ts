import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFrom, nextIp, uniqueEmail } from '../../../test/auth-helpers';
import { decodeQuotedPrintable, startSmtpCapture, type ReceivedMail } from '../../../test/smtp-capture';
import { useTestContext } from '../../../test/test-context';

describe('SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    received = smtp.received;
  });

  afterAll(async () => {
    await smtp.close();
  });

  // Built once the capture listens, closed before it.
  const t = useTestContext(() => ({
    env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'FuelDesk <no-reply@fueldesk.test>' },
  }));

  it('delivers the verification mail over a real SMTP conversation, and its link verifies the account', async () => {
    const email = uniqueEmail('smtp');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: { email, password: 'Secret123', first_name: 'Sam', last_name: 'Tp', accept_terms: true, accept_privacy: true },
    });
    expect(registered.statusCode).toBe(201);
    expect(t.ctx.mailer.transport).toBe('smtp');

    const mail = received.find((message) => message.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@fueldesk.test');
    expect(mail!.raw).toMatch(/^Subject: Verify your email address for FuelDesk/m);
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain('http://localhost:3000/verify-email?token=');

    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: linkTokenFrom(body) } });
    expect(verify.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Secret123' }, remoteAddress: nextIp() });
    expect(login.statusCode).toBe(200);
  });

  it('hides the dev outbox while SMTP is the transport', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});
