import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Where an admin has got with a message in the admin inbox. */
export const inboxStatuses = ['open', 'answered'] as const;

/** The admin inbox's columns, shared by the contact, lead and support tables. */
const inboxColumns = () => ({
  status: text('status', { enum: inboxStatuses }).notNull().default('open'),
  /** The administrator who answers it; null while nobody has taken it. */
  assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  /** Last change of status or assignee (the creation time until then). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent from the public contact form (/contact-us). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    subject: text('subject').notNull(),
    question: text('question').notNull(),
    language: text('language').notNull().default('en'),
    ip: text('ip'),
    /** Set when the team inbox accepted the notification; null means it still has to be sent. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...inboxColumns(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt), index('contact_messages_status_idx').on(table.status, table.createdAt)],
);

/** Sales enquiries from the public lead form (/form). */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company').notNull(),
    jobTitle: text('job_title'),
    employees: text('employees'),
    industry: text('industry'),
    interests: jsonb('interests').$type<string[]>().notNull(),
    regions: jsonb('regions').$type<string[]>().notNull(),
    operationalScale: text('operational_scale'),
    message: text('message'),
    language: text('language').notNull().default('en'),
    ip: text('ip'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...inboxColumns(),
  },
  (table) => [index('leads_created_idx').on(table.createdAt), index('leads_status_idx').on(table.status, table.createdAt)],
);

/** Messages signed-in users send from /support. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['question', 'complaint', 'request', 'feedback'] }).notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...inboxColumns(),
  },
  (table) => [
    index('support_messages_user_idx').on(table.userId, table.createdAt),
    index('support_messages_status_idx').on(table.status, table.createdAt),
  ],
);

export interface ReleaseSectionRow {
  title: string;
  items: string[];
}

/** A release's text in another language than the English of its own columns. */
export interface ReleaseTextRow {
  title: string;
  description: string;
  sections: ReleaseSectionRow[];
}

/** Translations by language; the title, description and sections columns are the English text. */
export type ReleaseTranslationsRow = Partial<Record<'es', ReleaseTextRow>>;

/** Product release notes shown on /releases; admins publish them. */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    version: text('version').notNull(),
    type: text('type', { enum: ['major', 'minor', 'patch'] }).notNull(),
    description: text('description').notNull(),
    sections: jsonb('sections').$type<ReleaseSectionRow[]>().notNull(),
    translations: jsonb('translations').$type<ReleaseTranslationsRow>(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('releases_version_idx').on(table.version), index('releases_released_idx').on(table.releasedAt)],
);
