import { errorMessages } from '@fueldesk/contracts';
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
export function isOutboxAvailable(ctx: AppContext, caller?: OutboxCaller): boolean {
  const { NODE_ENV, MAIL_TRANSPORT, embedded } = ctx.config;
  if (NODE_ENV === 'production' || MAIL_TRANSPORT !== 'outbox') return false;
  if (!embedded && NODE_ENV !== 'test') return false;
  return caller === undefined || isLocalCaller(caller);
}

/**
 * Who is asking, read from the connection itself: the socket's peer address (not `request.ip`,
 * which X-Forwarded-For moves when TRUST_PROXY is on) and whether a proxy forwarded the request.
 */
export interface OutboxCaller {
  socketAddress: string | undefined;
  forwarded: boolean;
}

export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/** Only a request made on this machine: from the loopback address, and not relayed by a proxy for someone else. */
function isLocalCaller(caller: OutboxCaller): boolean {
  return !caller.forwarded && caller.socketAddress !== undefined && isLoopback(caller.socketAddress);
}

/** Mail stored by the outbox transport, newest first. */
export async function listOutboxMail(ctx: AppContext, filter: { to?: string; limit: number }, caller: OutboxCaller): Promise<OutboxResponse> {
  if (!isOutboxAvailable(ctx, caller)) throw new AppError('ROUTE_NOT_FOUND', 404, errorMessages.ROUTE_NOT_FOUND);
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
