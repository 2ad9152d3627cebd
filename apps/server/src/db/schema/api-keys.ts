import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Personal API keys (issue 32). The key itself is never stored: `key_hash` is the SHA-256 of the
 * whole key (a 256-bit random secret needs no slow hash), `prefix` its first characters for lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    usageCount: bigint('usage_count', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('api_keys_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
    index('api_keys_live_idx').on(table.userId).where(sql`${table.revokedAt} is null`),
  ],
);

/** Screening names spent by a key per UTC day (the batch's separate daily budget). */
export const apiKeyNameBudgets = pgTable(
  'api_key_name_budgets',
  {
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    names: integer('names').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.day] })],
);
