import type { NewsCategory, NewsTranslations } from '@fueldesk/contracts';
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { arrayLiteral, type DbOrTx } from '../../db/client';
import { newsArticles, newsFeeds } from '../../db/schema';

export type NewsArticleRow = Omit<typeof newsArticles.$inferSelect, 'searchVector'>;
export type NewNewsArticle = Omit<typeof newsArticles.$inferInsert, 'id' | 'searchVector'>;
export type NewsArticlePatch = Partial<NewNewsArticle>;
export type NewsFeedRow = typeof newsFeeds.$inferSelect;

/** Every column but the search vector, which only the database reads. */
const articleColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  summary: newsArticles.summary,
  bodyHtml: newsArticles.bodyHtml,
  category: newsArticles.category,
  sourceName: newsArticles.sourceName,
  sourceUrl: newsArticles.sourceUrl,
  feedUrl: newsArticles.feedUrl,
  guid: newsArticles.guid,
  imageUrl: newsArticles.imageUrl,
  author: newsArticles.author,
  language: newsArticles.language,
  publishedAt: newsArticles.publishedAt,
  translations: newsArticles.translations,
  translationFailedAt: newsArticles.translationFailedAt,
  isDemo: newsArticles.isDemo,
  createdAt: newsArticles.createdAt,
  updatedAt: newsArticles.updatedAt,
};

export interface ListArticlesFilter {
  category?: NewsCategory;
  /** A to_tsquery expression built from sanitized words (see buildSearchQuery). */
  tsQuery?: string;
  limit: number;
  offset: number;
}

// The same words are tried with English and Spanish stemming and as typed; any reading may match.
const searchQuery = (tsQuery: string) =>
  sql`(to_tsquery('english'::regconfig, ${tsQuery}) || to_tsquery('spanish'::regconfig, ${tsQuery}) || to_tsquery('simple'::regconfig, ${tsQuery}))`;

export async function listArticles(db: DbOrTx, filter: ListArticlesFilter): Promise<{ rows: NewsArticleRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(newsArticles.category, filter.category));
  if (filter.tsQuery) conditions.push(sql`${newsArticles.searchVector} @@ ${searchQuery(filter.tsQuery)}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // "nulls last" matches the indexes drizzle-kit writes, so the newest-first page is read from an index.
  const newestFirst = [sql`${newsArticles.publishedAt} desc nulls last`, sql`${newsArticles.id} desc nulls last`];
  const order = filter.tsQuery
    ? [sql`ts_rank(${newsArticles.searchVector}, ${searchQuery(filter.tsQuery)}) desc`, ...newestFirst]
    : newestFirst;
  const [rows, totals] = await Promise.all([
    db.select(articleColumns).from(newsArticles).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(newsArticles).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findArticleById(db: DbOrTx, id: number): Promise<NewsArticleRow | undefined> {
  const [row] = await db.select(articleColumns).from(newsArticles).where(eq(newsArticles.id, id)).limit(1);
  return row;
}

export async function findArticleBySlug(db: DbOrTx, slug: string): Promise<NewsArticleRow | undefined> {
  const [row] = await db.select(articleColumns).from(newsArticles).where(eq(newsArticles.slug, slug)).limit(1);
  return row;
}

/** An article already stored under this link, or under this guid of this feed. */
export async function findDuplicateArticle(
  db: DbOrTx,
  key: { sourceUrl: string; feedUrl: string | null; guid: string | null },
): Promise<{ id: number } | undefined> {
  const byGuid = key.guid && key.feedUrl ? and(eq(newsArticles.feedUrl, key.feedUrl), eq(newsArticles.guid, key.guid)) : undefined;
  const [row] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(byGuid ? or(eq(newsArticles.sourceUrl, key.sourceUrl), byGuid) : eq(newsArticles.sourceUrl, key.sourceUrl))
    .limit(1);
  return row;
}

export async function findArticleIdBySourceUrl(db: DbOrTx, sourceUrl: string): Promise<number | undefined> {
  const [row] = await db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.sourceUrl, sourceUrl)).limit(1);
  return row?.id;
}

/** Slugs equal to `base` or `base-<n>`, to pick the next free one. */
export async function listSlugsStartingWith(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: newsArticles.slug })
    .from(newsArticles)
    .where(or(eq(newsArticles.slug, base), sql`${newsArticles.slug} ~ ${`^${base}-[0-9]+$`}`));
  return rows.map((row) => row.slug);
}

/** Inserts unless the slug, link or feed guid is taken; undefined then. */
export async function insertArticleIfNew(db: DbOrTx, values: NewNewsArticle): Promise<NewsArticleRow | undefined> {
  const [row] = await db.insert(newsArticles).values(values).onConflictDoNothing().returning(articleColumns);
  return row;
}

export async function updateArticle(db: DbOrTx, id: number, patch: NewsArticlePatch): Promise<NewsArticleRow | undefined> {
  const [row] = await db.update(newsArticles).set(patch).where(eq(newsArticles.id, id)).returning(articleColumns);
  return row;
}

export async function deleteArticle(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(newsArticles).where(eq(newsArticles.id, id)).returning({ id: newsArticles.id });
  return rows.length > 0;
}

export async function countArticles(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(newsArticles);
  return Number(row?.total ?? 0);
}

/** Articles that have no translation into the other language yet, newest first, skipping recent failures. */
export async function listArticlesMissingTranslation(db: DbOrTx, options: { limit: number; failedBefore: Date }) {
  return db
    .select(articleColumns)
    .from(newsArticles)
    .where(
      and(
        sql`not (${newsArticles.translations} ? (case when ${newsArticles.language} = 'en' then 'es' else 'en' end))`,
        or(isNull(newsArticles.translationFailedAt), lt(newsArticles.translationFailedAt, options.failedBefore)),
      ),
    )
    .orderBy(desc(newsArticles.publishedAt))
    .limit(options.limit);
}

/** Adds one language to the stored translations without touching the others. */
export async function saveTranslation(db: DbOrTx, id: number, translations: NewsTranslations, now: Date) {
  await db
    .update(newsArticles)
    .set({ translations: sql`${newsArticles.translations} || ${JSON.stringify(translations)}::jsonb`, translationFailedAt: null, updatedAt: now })
    .where(eq(newsArticles.id, id));
}

export async function markTranslationFailed(db: DbOrTx, id: number, now: Date) {
  await db.update(newsArticles).set({ translationFailedAt: now }).where(eq(newsArticles.id, id));
}

export async function findFeedState(db: DbOrTx, url: string): Promise<NewsFeedRow | undefined> {
  const [row] = await db.select().from(newsFeeds).where(eq(newsFeeds.url, url)).limit(1);
  return row;
}

export async function listFeedStates(db: DbOrTx): Promise<NewsFeedRow[]> {
  return db.select().from(newsFeeds).orderBy(newsFeeds.url);
}

export async function saveFeedState(db: DbOrTx, state: Omit<typeof newsFeeds.$inferInsert, 'updatedAt'> & { updatedAt: Date }) {
  const { url: _url, ...changes } = state;
  await db.insert(newsFeeds).values(state).onConflictDoUpdate({ target: newsFeeds.url, set: changes });
}

export type ArticleMention = Pick<NewsArticleRow, 'id' | 'slug' | 'title' | 'sourceName' | 'sourceUrl' | 'publishedAt'>;

/**
 * For each phrase, the articles whose indexed text holds it (words adjacent, in order), newest first,
 * at most `limit` each; one statement for all of them (a due-diligence report asks for every name of
 * its form, which took a query per name).
 */
export async function listArticlesMentioningPhrases(db: DbOrTx, phrases: readonly string[], limit: number): Promise<ArticleMention[][]> {
  if (phrases.length === 0) return [];
  const asked = sql`unnest(${arrayLiteral(phrases)}::text[]) with ordinality as asked(phrase, position)`;
  const query = sql`(phraseto_tsquery('simple'::regconfig, asked.phrase) || phraseto_tsquery('english'::regconfig, asked.phrase) || phraseto_tsquery('spanish'::regconfig, asked.phrase))`;
  const found = db
    .select({
      id: newsArticles.id,
      slug: newsArticles.slug,
      title: newsArticles.title,
      sourceName: newsArticles.sourceName,
      sourceUrl: newsArticles.sourceUrl,
      publishedAt: newsArticles.publishedAt,
    })
    .from(newsArticles)
    .where(sql`${newsArticles.searchVector} @@ ${query}`)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(limit)
    .as('found');
  const rows = await db
    .select({ position: sql<number>`asked.position`.mapWith(Number), id: found.id, slug: found.slug, title: found.title, sourceName: found.sourceName, sourceUrl: found.sourceUrl, publishedAt: found.publishedAt })
    .from(asked)
    .crossJoinLateral(found)
    .orderBy(sql`asked.position`, desc(found.publishedAt), desc(found.id));
  const byPhrase: ArticleMention[][] = phrases.map(() => []);
  for (const { position, ...article } of rows) byPhrase[position - 1]!.push(article);
  return byPhrase;
}
