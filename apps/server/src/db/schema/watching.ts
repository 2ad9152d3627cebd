import { boolean, date, index, integer, json, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './prices';

/**
 * A user's notifications, kept by the server so that what fired overnight is there in the morning.
 * The text is rendered from `kind` and `params` in the reader's language; `dedupe_key` makes every
 * unit of work (an alert × a publication date, a watch item × a list version) notify at most once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['price_alert', 'watch_match', 'watch_clear', 'report_ready', 'invitation', 'list_stale'] }).notNull(),
    params: json('params').notNull(),
    url: text('url'),
    dedupeKey: text('dedupe_key').notNull(),
    /** 'none' (no mail wanted), 'pending' (a mail job owes it), 'sent'. */
    mailStatus: text('mail_status', { enum: ['none', 'pending', 'sent'] }).notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** A price alert: above or below a level, or a day-over-day move of more than `value` percent. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    condition: text('condition', { enum: ['above', 'below', 'change_pct'] }).notNull(),
    value: numeric('value').notNull(),
    channels: text('channels').array().notNull().default(['panel']),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
  },
  (table) => [
    index('price_alerts_product_active_idx').on(table.productId, table.active),
    index('price_alerts_user_idx').on(table.userId, table.createdAt),
  ],
);

/** One firing of an alert: at most one per alert and publication date (the unique key is the exactly-once). */
export const priceAlertEvents = pgTable(
  'price_alert_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => priceAlerts.id, { onDelete: 'cascade' }),
    publicationDate: date('publication_date', { mode: 'string' }).notNull(),
    value: numeric('value').notNull(),
    previousValue: numeric('previous_value'),
    changePct: numeric('change_pct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('price_alert_events_alert_date_idx').on(table.alertId, table.publicationDate)],
);

/** A user's HTTPS endpoint for notifications; the signing secret is stored encrypted (it must be read to sign). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    active: boolean('active').notNull().default(true),
    /** The first failure of the current run of failures; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_user_idx').on(table.userId, table.createdAt)],
);

/** One notification for one webhook: created with the notification (same transaction), retried until it succeeds or a day passes. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: json('payload').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim while it sends; past it, another worker may take the delivery over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_once_idx').on(table.webhookId, table.notificationId),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
  ],
);
