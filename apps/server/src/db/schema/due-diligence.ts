import type { DueFindings, DueRatingHistoryEntry } from '@fueldesk/contracts';
import { type AnyPgColumn, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** 1 for a new report; a re-run (same form, the lists stored now) is the previous version + 1. */
    version: integer('version').notNull().default(1),
    previousId: uuid('previous_id').references((): AnyPgColumn => dueReports.id, { onDelete: 'set null' }),
    /** What produced the findings: the screening engine's version and threshold (the list versions are in findings.lists). */
    engineVersion: text('engine_version'),
    threshold: doublePrecision('threshold'),
    /** Earlier ratings, oldest first, each replaced when a decision on one of the report's matches became final. */
    ratingHistory: jsonb('rating_history').$type<DueRatingHistoryEntry[]>().notNull().default([]),
  },
  (table) => [index('due_reports_user_created_idx').on(table.userId, table.createdAt)],
);
