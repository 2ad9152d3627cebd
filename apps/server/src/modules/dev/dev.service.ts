import type { OutboxResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/client';
import type { MailMessage } from '../../integrations/mail/mailer';
import * as repo from './dev.repository';

/** The outbox transport's store (runtime.ts hands it to createMailer): one row of mail_outbox per message. */
export function storeOutboxMail(db: Database, message: MailMessage): Promise<void> {
  return repo.insertOutboxMail(db, message);
}

/**
 * The outbox is a development aid that shows password-reset links: it exists only with the
 * outbox transport, on the embedded database (or in tests), never in production, and only for
 * callers on this machine.
 */
export function isOutboxAvailable(ctx: AppContext, callerIp?: string): boolean {
  const { NODE_ENV, MAIL_TRANSPORT, embedded } = ctx.config;
  if (NODE_ENV === 'production' || MAIL_TRANSPORT !== 'outbox') return false;
  if (!embedded && NODE_ENV !== 'test') return false;
  return callerIp === undefined || isLoopback(callerIp);
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/** Mail stored by the outbox transport, newest first. */
export async function listOutboxMail(ctx: AppContext, filter: { to?: string; limit: number }, callerIp: string): Promise<OutboxResponse> {
  if (!isOutboxAvailable(ctx, callerIp)) throw new AppError('ROUTE_NOT_FOUND', 404, 'This API path does not exist.');
  const rows = await repo.listOutbox(ctx.db, filter);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
