import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const productKinds = ['spot', 'spread', 'futures'] as const;

export interface SpreadLegRecord {
  code: string;
  coefficient: string;
}

/** The priced products: one row per market series (the configured ones are inserted by the prices migration). */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** The Spanish name (admins keep it with the English one); null shows the English one. */
  nameEs: text('name_es'),
  description: text('description').notNull(),
  category: text('category', {
    enum: ['crude', 'gasoline', 'diesel', 'jet-fuel', 'heating-oil', 'propane', 'natural_gas', 'spreads'],
  }).notNull(),
  unit: text('unit').notNull(),
  currency: text('currency').notNull().default('USD'),
  deliveryMode: text('delivery_mode').notNull(),
  location: text('location').notNull(),
  decimalPlaces: integer('decimal_places').notNull().default(2),
  /** EIA series id (petroleum/pri/spt `series` facet), e.g. RWTC. */
  eiaSeriesId: text('eia_series_id').unique(),
  /** FRED's id of the same EIA series, e.g. DCOILWTICO. */
  fredSeriesId: text('fred_series_id').unique(),
  source: text('source').notNull().default('eia'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** When an admin retired the product (active false): its history stays readable, it leaves pickers and the daily table. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  /** `spot` (a published series), `spread` (derived from its legs, never stored) or `futures` (contracts C1…C4). */
  kind: text('kind', { enum: productKinds }).notNull().default('spot'),
  /** A spread's formula as shown to people, e.g. `BRENT − WTI`. */
  formula: text('formula'),
  /** A spread's legs: value = Σ coefficient × leg value / spread_divisor, coefficients as decimal strings. */
  legs: jsonb('legs').$type<SpreadLegRecord[]>().notNull().default([]),
  spreadDivisor: numeric('spread_divisor').notNull().default('1'),
  /** A futures product's EIA series ids, contract 1 first (C1…C4). */
  futuresSeriesIds: text('futures_series_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One published price. `forward_period` is '' for spot prices, so the unique key works with
 * ON CONFLICT on every PostgreSQL version (NULLs would never conflict).
 */
export const pricePoints = pgTable(
  'price_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    publicationDate: date('publication_date', { mode: 'string' }).notNull(),
    forwardPeriod: text('forward_period').notNull().default(''),
    value: numeric('value').notNull(),
    source: text('source').notNull(),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('price_points_product_date_period_idx').on(table.productId, table.forwardPeriod, table.publicationDate),
    index('price_points_date_idx').on(table.publicationDate),
  ],
);

/** Who started a price import: a signed-in admin (web upload), the command line, or the scheduled EIA job. */
export const priceImportActors = ['user', 'cli', 'eia-job'] as const;

/** One price import (file upload, CLI file or EIA sync) and what it did, for the admin history. */
export const priceImports = pgTable(
  'price_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actor: text('actor', { enum: priceImportActors }).notNull(),
    /** The admin who uploaded the file (actor 'user'); kept null if that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The file's name (no directory) or the EIA API route. */
    source: text('source').notNull(),
    format: text('format').notNull(),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** True when nothing was written (a file that could not be read, a strict import with bad rows, a failed sync). */
    refused: boolean('refused').notNull().default(false),
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('price_imports_created_idx').on(table.createdAt)],
);

/** How an EIA API sync run started: the daily schedule (and its retries) or an admin's "sync now". */
export const eiaSyncTriggers = ['schedule', 'manual'] as const;
export const eiaSyncStatuses = ['running', 'succeeded', 'failed'] as const;

/** One run of the EIA API v2 sync (each retry of a failed job is a run of its own, same job id). */
export const eiaSyncRuns = pgTable(
  'eia_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: eiaSyncTriggers }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** pg-boss's job id: a retried job keeps it, so the attempt is counted from the runs before. */
    jobId: text('job_id'),
    attempt: integer('attempt').notNull().default(1),
    status: text('status', { enum: eiaSyncStatuses }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Rows inserted or updated (unchanged rows are not written). */
    rowsWritten: integer('rows_written').notNull().default(0),
    /** Why it failed: a message key of contracts' `eiaSync` catalog and its parameters. */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
  },
  (table) => [index('eia_sync_runs_started_idx').on(table.startedAt)],
);

/** A user's named personal dashboard (SPEC.md §3), reached at /home/{slug}. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    productCodes: text('product_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('dashboards_user_slug_idx').on(table.userId, table.slug)],
);

/** What became of a suspect value: still open, confirmed or corrected by an admin, or replaced by a later import. */
export const priceSuspectStatuses = ['open', 'confirmed', 'corrected', 'superseded'] as const;

/**
 * A stored price the import that wrote it flagged as suspect (issue 33 "Quality": a move over 6 × the
 * series' 60-day median change), with that import's file, source and history id, until an admin
 * confirms or corrects it. At most one open flag per price point.
 */
export const priceSuspects = pgTable(
  'price_suspects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pricePointId: uuid('price_point_id')
      .notNull()
      .references(() => pricePoints.id, { onDelete: 'cascade' }),
    /** The value as the import stored it. */
    value: numeric('value').notNull(),
    previousDate: date('previous_date', { mode: 'string' }).notNull(),
    previousValue: numeric('previous_value').notNull(),
    medianChange: numeric('median_change').notNull(),
    /** The price_imports row of the import (written after its transaction, so no foreign key). */
    importId: uuid('import_id'),
    /** The file's name (no directory) or the EIA API route. */
    file: text('file').notNull(),
    /** The price source the import wrote (csv, eia, fred, eia-api). */
    source: text('source').notNull(),
    actor: text('actor', { enum: priceImportActors }).notNull(),
    status: text('status', { enum: priceSuspectStatuses }).notNull().default('open'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    correctedValue: numeric('corrected_value'),
  },
  (table) => [
    uniqueIndex('price_suspects_open_point_idx').on(table.pricePointId).where(sql`"status" = 'open'`),
    index('price_suspects_point_idx').on(table.pricePointId),
    index('price_suspects_flagged_idx').on(table.flaggedAt),
  ],
);
