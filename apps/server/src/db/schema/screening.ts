import { boolean, index, integer, json, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The sanctions sources (kept literal here so that drizzle-kit reads the schema on its own). */
const sanctionsSources = ['ofac_sdn', 'ofac_consolidated', 'un', 'eu_fsf', 'uk_ofsi', 'ca_sema', 'au_dfat'] as const;

/**
 * One stored version of a sanctions list (OFAC SDN, OFAC consolidated non-SDN, UN). Every instance
 * screens against the newest version of each source; a version is stored only after it parsed and
 * passed validation, so the newest one is always the last good one.
 */
export const sanctionsListVersions = pgTable(
  'sanctions_list_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    source: text('source', { enum: sanctionsSources }).notNull(),
    /** The publisher's date of the list: from the files, else the HTTP Last-Modified; null when unknown. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Where publishedAt came from: `file`, `http` (Last-Modified) or `unknown`. */
    publishedAtSource: text('published_at_source', { enum: ['file', 'http', 'unknown'] }).notNull().default('unknown'),
    entries: integer('entries').notNull(),
    /** Primary names plus aliases. */
    names: integer('names').notNull(),
    /** SHA-256 of the source files' contents: the same files are never stored twice. */
    contentHash: text('content_hash').notNull(),
    /** Where it came from: a file path, a URL, or "test". */
    origin: text('origin').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sanctions_list_versions_source_hash_idx').on(table.source, table.contentHash),
    index('sanctions_list_versions_source_id_idx').on(table.source, table.id),
  ],
);

/**
 * The parsed entities of a version, as JSON arrays of a few thousand entities per row: loading a
 * full list is a handful of rows (fast on PGlite), and `json` keeps the text as written, with no
 * jsonb conversion on the way in or out.
 */
export const sanctionsListChunks = pgTable(
  'sanctions_list_chunks',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    entities: json('entities').notNull(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.seq] })],
);

/** Conditional-GET state of each downloaded file (by URL), and the last outcome per source. */
export const sanctionsDownloads = pgTable('sanctions_downloads', {
  url: text('url').primaryKey(),
  source: text('source', { enum: sanctionsSources }).notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** The last failure (HTTP status, network error, refused file); null after a success. */
  lastError: text('last_error'),
});

/**
 * Per list: when the daily job (or an upload) last checked it, when its content last changed, the last
 * error, and whether it was stale at the last evaluation (to notice it turning stale).
 */
export const sanctionsSourceStatus = pgTable('sanctions_source_status', {
  source: text('source', { enum: sanctionsSources }).primaryKey(),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  stale: boolean('stale'),
  staleSince: timestamp('stale_since', { withTimezone: true }),
});

/**
 * What happened to a list that people must hear about: `became_stale` and `became_fresh`
 * transitions. Written once per transition; `notified_at` is for the notifications module (issue 29's
 * `list_stale`), which delivers the rows where it is null and sets it.
 */
export const sanctionsListEvents = pgTable(
  'sanctions_list_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    source: text('source', { enum: sanctionsSources }).notNull(),
    kind: text('kind', { enum: ['became_stale', 'became_fresh'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    versionId: text('version_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    details: json('details'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [index('sanctions_list_events_pending_idx').on(table.notifiedAt, table.id)],
);
