import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Written by the heartbeat job: proves that the queue, the worker and the database are wired. */
export const jobHeartbeats = pgTable('job_heartbeats', {
  id: uuid('id').primaryKey().defaultRandom(),
  source: text('source').notNull(),
  attempt: integer('attempt').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
