export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends mail through SMTP or stores it in the dev outbox (embedded default). */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox' | 'memory';
  send(message: MailMessage): Promise<void>;
}

/** Keeps messages in process memory; used until a real transport is configured, and by tests. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: 'memory',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
