import type { NewsTranslations } from '@fueldesk/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/*
 * The search vector: English and Spanish stemming over the text in each language (original or
 * translation), plus the unstemmed words of titles and summaries so that names and tickers match
 * as typed. Titles weigh A, summaries B, bodies C for ranking. A generated column is computed by
 * the database itself, so PGlite and PostgreSQL index it the same way. Tags in body_html are
 * dropped by the text-search parser.
 */
const englishText = (field: 'title' | 'summary') =>
  `case when language = 'en' then coalesce(${field}, '') else '' end || ' ' || coalesce(translations -> 'en' ->> '${field}', '')`;
const spanishText = (field: 'title' | 'summary') =>
  `case when language = 'es' then coalesce(${field}, '') else '' end || ' ' || coalesce(translations -> 'es' ->> '${field}', '')`;
const searchVectorExpression = sql.raw(`
  setweight(to_tsvector('english'::regconfig, ${englishText('title')}), 'A')
  || setweight(to_tsvector('english'::regconfig, ${englishText('summary')}), 'B')
  || setweight(to_tsvector('english'::regconfig, case when language = 'en' then coalesce(body_html, '') else '' end), 'C')
  || setweight(to_tsvector('spanish'::regconfig, ${spanishText('title')}), 'A')
  || setweight(to_tsvector('spanish'::regconfig, ${spanishText('summary')}), 'B')
  || setweight(to_tsvector('spanish'::regconfig, case when language = 'es' then coalesce(body_html, '') else '' end), 'C')
  || setweight(to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(translations -> 'en' ->> 'title', '') || ' ' || coalesce(translations -> 'es' ->> 'title', '')), 'A')
  || setweight(to_tsvector('simple'::regconfig, coalesce(summary, '') || ' ' || coalesce(source_name, '')), 'B')
`);

export const newsArticles = pgTable(
  'news_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    category: text('category', { enum: ['oil', 'market', 'regulation'] }).notNull(),
    sourceName: text('source_name').notNull(),
    /** Normalised link of the original article; one row per link. */
    sourceUrl: text('source_url').notNull(),
    /** The feed that brought the article (null for admin-written and demo articles). */
    feedUrl: text('feed_url'),
    /** The item's guid / Atom id inside its feed, for de-duplication across runs. */
    guid: text('guid'),
    imageUrl: text('image_url'),
    author: text('author'),
    language: text('language', { enum: ['en', 'es'] }).notNull().default('en'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    translations: jsonb('translations').$type<NewsTranslations>().notNull().default({}),
    /** Set when translation was attempted and failed, so the next run retries only after a pause. */
    translationFailedAt: timestamp('translation_failed_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchVectorExpression),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('news_articles_slug_idx').on(table.slug),
    uniqueIndex('news_articles_source_url_idx').on(table.sourceUrl),
    uniqueIndex('news_articles_feed_guid_idx').on(table.feedUrl, table.guid).where(sql`guid is not null`),
    index('news_articles_published_idx').on(table.publishedAt.desc(), table.id.desc()),
    index('news_articles_category_published_idx').on(table.category, table.publishedAt.desc(), table.id.desc()),
    index('news_articles_search_idx').using('gin', table.searchVector),
  ],
);

/** Conditional-GET state and last outcome of each configured feed. */
export const newsFeeds = pgTable('news_feeds', {
  url: text('url').primaryKey(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  /** ok | not_modified | error */
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  itemsAdded: integer('items_added').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
