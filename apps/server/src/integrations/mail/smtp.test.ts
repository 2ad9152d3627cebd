import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFrom, nextIp, uniqueEmail } from '../../../test/auth-helpers';
import { createTestContext, type TestContext } from '../../../test/build-test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes a quoted-printable body part enough to read links back. */
function decodeQuotedPrintable(value: string): string {
  return value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('SMTP transport', () => {
  let server: SMTPServer;
  let t: TestContext;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.server.address() as AddressInfo).port;
    t = await createTestContext({
      env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'FuelDesk <no-reply@fueldesk.test>' },
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

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
