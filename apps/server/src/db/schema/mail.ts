import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Mail kept by the `outbox` transport (embedded default) instead of being sent; read at GET /api/dev/outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

/**
 * One row per mail a user made the server send on their behalf (invitations): the per-user and
 * per-subject limits count these rows, so they hold across restarts and instances.
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['invitation'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the mail is about (the invitation id). */
    subjectId: uuid('subject_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_sends_user_kind_sent_idx').on(table.userId, table.kind, table.sentAt),
    index('mail_sends_subject_sent_idx').on(table.subjectId, table.sentAt),
  ],
);
