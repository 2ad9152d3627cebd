import { doublePrecision, index, integer, json, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** A counterparty a user watches (DECISIONS.md "Watching"): re-screened on every new list version. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['person', 'organization', 'vessel'] }),
    country: text('country'),
    note: text('note'),
    reportId: uuid('report_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the first screening ran (no list loaded when it was added). */
    lastScreenedAt: timestamp('last_screened_at', { withTimezone: true }),
    /** The stored list versions (sanctions_list_versions.id) the current status comes from. */
    versionIds: json('version_ids').$type<number[]>().notNull().default([]),
  },
  (table) => [index('watchlist_items_user_idx').on(table.userId, table.createdAt)],
);

/** The item's current matches, one per list entry. */
export const watchlistMatches = pgTable(
  'watchlist_matches',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => watchlistItems.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull(),
    source: text('source').notNull(),
    name: text('name').notNull(),
    matchedName: text('matched_name').notNull(),
    score: doublePrecision('score').notNull(),
    versionId: integer('version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.entityId] }), index('watchlist_matches_entity_idx').on(table.entityId)],
);

/** What changed for an item and which list version caused it (the item's history). */
export const watchlistEvents = pgTable(
  'watchlist_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => watchlistItems.id, { onDelete: 'cascade' }),
    /** Null for the screening when the item was added. */
    versionId: integer('version_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    added: json('added').$type<WatchMatchRecord[]>().notNull(),
    removed: json('removed').$type<WatchMatchRecord[]>().notNull(),
  },
  (table) => [index('watchlist_events_item_idx').on(table.itemId, table.at)],
);

/** One row per (item, list version) re-screened: the unit of work that runs exactly once. */
export const watchlistRuns = pgTable(
  'watchlist_runs',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => watchlistItems.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.versionId] })],
);

export interface WatchMatchRecord {
  entity_id: string;
  source: string;
  name: string;
  matched_name: string;
  score: number;
  /** A final false-positive decision applies: recorded, not notified. */
  cleared?: boolean;
}
