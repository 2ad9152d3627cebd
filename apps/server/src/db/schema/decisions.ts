import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A user's decision on one screening match: a subject name (kept as written, and normalised in
 * `subject_key`) against one list entry. `entity_hash` is the SHA-256 of the entry's content when
 * the decision was taken: a final false positive holds while the entry still hashes the same.
 * `status` is `pending_approval` while a cleared strong match (score ≥ 0.95) waits for a second
 * person (an admin other than the decider), else `final`.
 */
export const screeningDecisions = pgTable(
  'screening_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectName: text('subject_name').notNull(),
    subjectKey: text('subject_key').notNull(),
    subjectType: text('subject_type'),
    entityId: text('entity_id').notNull(),
    entityHash: text('entity_hash').notNull(),
    versionId: integer('version_id'),
    score: doublePrecision('score').notNull(),
    decision: text('decision', { enum: ['false_positive', 'true_match', 'needs_review'] }).notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: ['final', 'pending_approval'] }).notNull(),
    reportId: uuid('report_id'),
    watchId: uuid('watch_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    index('screening_decisions_lookup_idx').on(table.userId, table.subjectKey, table.entityId, table.decidedAt),
    index('screening_decisions_status_idx').on(table.status, table.decidedAt),
  ],
);
