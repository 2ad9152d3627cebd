import {
  notificationKinds,
  notificationMessages,
  type Language,
  type ListNotificationsQuery,
  type MarkNotificationsReadBody,
  type NotificationKind,
  type NotificationList,
  type ServerNotification,
} from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { transactionExecutor, type DbOrTx } from '../../db/client';
import { renderNoticeMail } from '../../integrations/mail/templates';
import { translate } from '../../lib/messages';
import type { AuthUser } from '../../plugins/auth';
import { findUserById } from '../users/users.service';
import { createWebhookDeliveries, WEBHOOKS_NOW_JOB } from '../webhooks/webhooks.service';
import {
  countUnreadNotifications,
  findNotification,
  insertNotificationsOnce,
  listNotificationsOfUser,
  markNotificationsRead,
  setNotificationMailStatus,
  type NotificationRow,
} from './notifications.repository';
import { notificationMailSubject, renderNotificationText, type NotificationParams } from './notifications.texts';

/** Pushed to the owner's open tabs (SSE) when a notification is stored. */
export const NOTIFICATION_EVENT = 'notification';
export const NOTIFICATION_MAIL_JOB = 'notifications.mail';

export interface NewNotificationInput {
  userId: string;
  kind: NotificationKind;
  params: NotificationParams;
  url: string | null;
  /** One notification per user and key, ever: `price_alert:<alert>:<date>`, `watch:<item>:<version>`. */
  dedupeKey: string;
  /** Mail it too (the caller checked the channel; the owner's communication preferences are checked here). */
  email: boolean;
  /** Deliver it to the owner's webhooks that subscribe to its kind. */
  webhook: boolean;
}

/**
 * Stores notifications inside the caller's transaction, in one statement, once per (user, dedupe
 * key): those whose key was notified before are dropped, as the unit of work they belong to was
 * done before (a retried job, a second worker). Their webhook deliveries are created in the same
 * transaction. Call `deliverNotifications` with the result after the transaction commits.
 */
export async function createNotifications(tx: DbOrTx, inputs: NewNotificationInput[], now: Date, publicUrl: string): Promise<StoredNotifications> {
  const rows = await insertNotificationsOnce(
    tx,
    inputs.map((input) => ({
      userId: input.userId,
      kind: input.kind,
      params: input.params,
      url: input.url,
      dedupeKey: input.dedupeKey,
      mailStatus: input.email ? 'pending' : 'none',
      createdAt: now,
    })),
  );
  const byKey = new Map(inputs.map((input) => [`${input.userId}|${input.dedupeKey}`, input]));
  const withWebhooks = await createWebhookDeliveries(
    tx,
    rows.flatMap((row) => {
      const input = byKey.get(`${row.userId}|${row.dedupeKey}`);
      if (!input?.webhook) return [];
      const url = input.url ? new URL(input.url, publicUrl).toString() : null;
      return [{ userId: row.userId, notificationId: row.id, event: row.kind, data: { text: renderNotificationText('en', row.kind, input.params), url, ...input.params } }];
    }),
    now,
  );
  return { rows, withWebhooks };
}

/** Notifications just stored, and which of them have webhook deliveries waiting. */
export interface StoredNotifications {
  rows: NotificationRow[];
  withWebhooks: Set<string>;
  /** Their mail jobs went in with them (queueMailWithin): delivery leaves mail alone. */
  mailQueued?: boolean;
}

const mailJobs = (rows: NotificationRow[]) =>
  rows
    .filter((row) => row.mailStatus === 'pending')
    .map((row) => ({ data: { notificationId: row.id }, options: { singletonKey: `mail:${row.id}`, retryLimit: 5, retryDelay: 60, retryBackoff: true } }));

/**
 * The mail jobs of notifications just stored, inserted in the caller's transaction: they commit with
 * the notifications or not at all. Queued after the commit instead (deliverNotifications), a process
 * killed in between (kill -9 of a worker mid re-screen) left those notifications' mail unsent forever.
 */
export async function queueMailWithin(ctx: AppContext, tx: DbOrTx, stored: StoredNotifications): Promise<void> {
  const jobs = mailJobs(stored.rows);
  if (jobs.length > 0) {
    try {
      // In a savepoint: on a database whose job tables no process has made yet (a command run on a
      // fresh PostgreSQL before the first server start), the failed insert undoes itself alone, not
      // the notifications, and their mail is tried again after the commit as before.
      await tx.transaction((savepoint) => ctx.jobs.sendMany(NOTIFICATION_MAIL_JOB, jobs, transactionExecutor(savepoint)));
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not queue the mail of notifications with them; trying after the commit');
      return;
    }
  }
  stored.mailQueued = true;
}

/** After the commit: one push per user to their open tabs, webhook deliveries and mail queued; failures are logged, never thrown. */
export async function deliverNotifications(ctx: AppContext, stored: StoredNotifications): Promise<void> {
  for (const userId of new Set(stored.rows.map((row) => row.userId))) {
    try {
      await ctx.events.publish({ userId, type: NOTIFICATION_EVENT, data: {} });
    } catch (error) {
      ctx.log.warn({ err: error }, 'could not push a notification');
    }
  }
  // One statement per queue, whatever the number of notifications (a watchlist re-screen stores thousands).
  try {
    await ctx.jobs.sendMany(
      WEBHOOKS_NOW_JOB,
      stored.rows.filter((row) => stored.withWebhooks.has(row.id)).map((row) => ({ data: { notificationId: row.id }, options: { singletonKey: `webhooks:${row.id}` } })),
    );
    if (!stored.mailQueued) await ctx.jobs.sendMany(NOTIFICATION_MAIL_JOB, mailJobs(stored.rows));
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue the delivery of notifications');
  }
}

/** The mail job: sends the notification in its owner's language when their preferences allow; at most once after success. */
export async function mailNotification(ctx: AppContext, notificationId: string): Promise<void> {
  const row = await findNotification(ctx.db, notificationId);
  if (!row || row.mailStatus !== 'pending') return;
  const user = await findUserById(ctx.db, row.userId);
  if (!user || !user.active || !user.commEmail) {
    await setNotificationMailStatus(ctx.db, row.id, 'none');
    return;
  }
  const language = toLanguage(user.language);
  const text = renderNotificationText(language, row.kind, row.params as NotificationParams);
  const link = new URL(row.url ?? '/home', ctx.config.PUBLIC_URL).toString();
  const mail = renderNoticeMail(language, {
    name: user.firstName ?? null,
    subject: notificationMailSubject(language, row.kind),
    lines: [text],
    link,
    action: translate(language, notificationMessages.mailAction),
    footer: translate(language, notificationMessages.mailFooter),
  });
  await ctx.mailer.send({ to: user.email, ...mail });
  await setNotificationMailStatus(ctx.db, row.id, 'sent');
}

function toLanguage(value: string | null | undefined): Language {
  return value === 'es' ? 'es' : 'en';
}

function present(row: NotificationRow, language: Language): ServerNotification {
  const kind = notificationKinds.includes(row.kind) ? row.kind : 'price_alert';
  return {
    id: row.id,
    kind,
    text: renderNotificationText(language, kind, row.params as NotificationParams),
    url: row.url,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** The caller's notifications, newest first, in the caller's language, with the unread count. */
export async function listNotifications(ctx: AppContext, user: AuthUser, query: ListNotificationsQuery, language: Language): Promise<NotificationList> {
  const rows = await listNotificationsOfUser(ctx.db, user.id, { since: query.since ? new Date(query.since) : undefined, limit: query.limit });
  return { items: rows.map((row) => present(row, language)), unread: await countUnreadNotifications(ctx.db, user.id) };
}

/** Marks the caller's notifications read (shared by every tab and device, since the server keeps the state). */
export async function readNotifications(ctx: AppContext, user: AuthUser, body: MarkNotificationsReadBody) {
  const updated = await markNotificationsRead(ctx.db, user.id, 'all' in body ? 'all' : body.ids, ctx.now());
  return { updated, unread: await countUnreadNotifications(ctx.db, user.id) };
}
