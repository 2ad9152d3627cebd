import type { OutboxResponse } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as repo from './dev.repository';

/** The outbox is a development aid: it exists only with the outbox transport and never in production. */
export function isOutboxAvailable(ctx: AppContext): boolean {
  return ctx.config.NODE_ENV !== 'production' && ctx.config.MAIL_TRANSPORT === 'outbox';
}

/** Mail stored by the outbox transport, newest first. */
export async function listOutboxMail(ctx: AppContext, filter: { to?: string; limit: number }): Promise<OutboxResponse> {
  if (!isOutboxAvailable(ctx)) throw new AppError('ROUTE_NOT_FOUND', 404, 'This API path does not exist.');
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
