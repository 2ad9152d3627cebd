import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes a quoted-printable body part enough to read links back. */
export function decodeQuotedPrintable(value: string): string {
  return value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A local SMTP server that keeps every message it receives, for tests that need a real SMTP
 * conversation; `reject` makes it refuse every recipient. `env` points the app's mailer at it.
 */
export async function startSmtpCapture(
  options: { reject?: boolean } = {},
): Promise<{ port: number; received: ReceivedMail[]; env: Record<string, string>; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(options.reject ? new Error('mailbox unavailable') : undefined);
    },
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
  return {
    port,
    received,
    env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'FuelDesk <no-reply@fueldesk.test>' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
