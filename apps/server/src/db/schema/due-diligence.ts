import type { DueFindings } from '@fueldesk/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One due-diligence report per creation. `form` keeps the submitted form as validated; the job
 * fills `findings`, `content` (sanitized HTML) and, when a model wrote a narrative, the prompt it
 * was given (`llm_prompt`) so that what the model saw can be checked later.
 */
export const dueReports = pgTable(
  'due_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    language: text('language').notNull().default('en'),
    findings: jsonb('findings').$type<DueFindings>(),
    content: text('content').notNull().default(''),
    llmPrompt: text('llm_prompt'),
    failureReason: text('failure_reason'),
    /** Job runs started for this report: a crash or error retries it, up to a limit, then it fails. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('due_reports_user_created_idx').on(table.userId, table.createdAt)],
);
