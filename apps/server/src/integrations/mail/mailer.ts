import { lazyModule } from '../../lib/lazy-module';

const loadNodemailer = lazyModule<typeof import('nodemailer')>('nodemailer');
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends mail through SMTP or stores it in the dev outbox (embedded default). */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Real delivery through nodemailer to `SMTP_URL`, from `MAIL_FROM`. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transporter = loadNodemailer().createTransport(options.url);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Hands every message to `store` instead of sending it: the embedded default, so a fresh install can
 * complete sign-up without a mail server. runtime.ts passes the dev module's storeOutboxMail (the
 * messages show at GET /api/dev/outbox): an integration writes no table.
 */
export function createOutboxMailer(store: (message: MailMessage) => Promise<void>): Mailer {
  return { transport: 'outbox', send: store };
}

/** The transport config.MAIL_TRANSPORT names (smtp needs SMTP_URL; outbox otherwise). */
export function createMailer(
  config: Pick<Config, 'MAIL_TRANSPORT' | 'SMTP_URL' | 'MAIL_FROM'>,
  storeInOutbox: (message: MailMessage) => Promise<void>,
): Mailer {
  if (config.MAIL_TRANSPORT === 'smtp') {
    if (!config.SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL');
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer(storeInOutbox);
}

/** Wraps a mailer so tests can read what was sent, whatever the transport. */
export function recordSentMail(inner: Mailer): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: inner.transport,
    sent,
    async send(message) {
      await inner.send(message);
      sent.push(message);
    },
    close: inner.close ? () => inner.close!() : undefined,
  };
}
