import { bigint, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The append-only audit log (DECISIONS.md "Screening coverage, freshness and decisions"). Each
 * entry holds the hash of the one before (`prev_hash`) and its own (`hash`, SHA-256 over the
 * canonical form in modules/audit/audit.hash.ts), so a changed or deleted row breaks the chain.
 * Ids are given under the lock of `audit_head` (no gaps, chain order). A trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0013). `actor_id` has no foreign key: deleting a user must not
 * touch (and could not update) the entries about them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);

/** The chain's head, one row (id 1): locked FOR UPDATE by every writer, so servers append one at a time. */
export const auditHead = pgTable('audit_head', {
  id: smallint('id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  lastHash: text('last_hash').notNull(),
});
