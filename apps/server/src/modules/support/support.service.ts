import type { SupportMessage, SupportMessageInput } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../plugins/auth';
import { notifyTeam } from '../../integrations/mail/team-notice';
import { enforceRateLimit } from '../../lib/rate-limiter';
import {
  insertSupportMessage,
  listSupportMessagesOfUser,
  markSupportMessageNotified,
  updateSupportMessageInbox,
  type SupportInboxChanges,
  type SupportMessageRow,
} from './support.repository';

/** The admin inbox sets a support message's status or assignee; false when it does not exist. */
export function setSupportMessageInbox(ctx: AppContext, id: string, changes: SupportInboxChanges): Promise<boolean> {
  return updateSupportMessageInbox(ctx.db, id, changes);
}

/** A signed-in user may send this many support messages per window. */
export const SUPPORT_MESSAGE_LIMIT = 5;
export const SUPPORT_MESSAGE_WINDOW_MS = 60_000;
/** The list under the form shows the latest messages only. */
export const SUPPORT_LIST_LIMIT = 100;

function toSupportMessage(row: SupportMessageRow): SupportMessage {
  return { id: row.id, type: row.type, subject: row.subject, message: row.message, created_at: row.createdAt.toISOString() };
}

/** Stores the caller's support message and mails it to the support inbox. */
export async function createSupportMessage(ctx: AppContext, user: AuthUser, input: SupportMessageInput): Promise<SupportMessage> {
  await enforceRateLimit(ctx.rateLimiter, `support:user:${user.id}`, SUPPORT_MESSAGE_LIMIT, SUPPORT_MESSAGE_WINDOW_MS);
  const row = await insertSupportMessage(ctx.db, {
    userId: user.id,
    type: input.type,
    subject: input.subject,
    message: input.message,
    createdAt: ctx.now(),
  });
  await notifyTeam(
    ctx,
    {
      to: ctx.config.SUPPORT_INBOX,
      replyTo: user.email,
      subject: `[FuelDesk support · ${input.type}] ${input.subject}`,
      intro: `A signed-in user sent a ${input.type} from the support page.`,
      details: [`User: ${user.email} (${user.id})`, `Type: ${input.type}`, `Subject: ${input.subject}`],
      body: input.message,
      reference: `support ${row.id}`,
    },
    { supportMessageId: row.id },
    (at) => markSupportMessageNotified(ctx.db, row.id, at),
  );
  return toSupportMessage(row);
}

/** The caller's own messages, newest first; nobody sees another user's messages here. */
export async function listSupportMessages(ctx: AppContext, user: AuthUser): Promise<SupportMessage[]> {
  const rows = await listSupportMessagesOfUser(ctx.db, user.id, SUPPORT_LIST_LIMIT);
  return rows.map(toSupportMessage);
}
