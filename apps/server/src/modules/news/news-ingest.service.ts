import type { NewsFeedStatusList, NewsIngestQueued, NewsLanguage } from '@fueldesk/contracts';
import type { AppContext } from '../../context';
import { parseNewsFeeds, type NewsFeedConfig } from '../../integrations/news/feed-config';
import { FeedFetchError, fetchFeed } from '../../integrations/news/feed-fetcher';
import { FeedParseError, parseFeed, type ParsedFeedItem } from '../../integrations/news/feed-parser';
import { createLlmTranslator, type NewsTranslator } from '../../integrations/news/translator';
import { categorizeArticle } from './news.categorize';
import { NEWS_INGEST_JOB } from './news.constants';
import {
  findDuplicateArticle,
  findFeedState,
  insertArticleIfNew,
  listFeedStates,
  listArticlesMissingTranslation,
  markTranslationFailed,
  saveFeedState,
  saveTranslation,
  type NewsArticleRow,
} from './news.repository';
import { normalizeSourceUrl, pickFreeSlug } from './news.service';

/** A failed translation is retried after this pause, not on every run. */
export const TRANSLATION_RETRY_MS = 6 * 60 * 60_000;
export const TRANSLATION_BATCH = 25;
/** Items dated further ahead than this are dated now (clock skew, scheduled posts). */
const FUTURE_TOLERANCE_MS = 60 * 60_000;

export interface FeedIngestResult {
  url: string;
  status: 'ok' | 'not_modified' | 'error';
  added: number;
  duplicates: number;
  skipped: number;
  translated: number;
  error?: string;
  /** Why items were left out (bad link, no title, …). */
  problems: string[];
}

export interface IngestOptions {
  /** Feeds to read instead of NEWS_FEEDS. */
  feeds?: NewsFeedConfig[];
  /** A translator instead of the one built from LLM_* (tests). */
  translator?: NewsTranslator | null;
}

function otherLanguage(language: NewsLanguage): NewsLanguage {
  return language === 'en' ? 'es' : 'en';
}

/** The translator configured by LLM_BASE_URL / LLM_MODEL (LLM_API_KEY when the endpoint needs one), or null. */
export function getNewsTranslator(ctx: AppContext): NewsTranslator | null {
  return createLlmTranslator(ctx.config);
}

/** NEWS_FEEDS parsed; throws NewsFeedsConfigError with every bad entry. */
export function getConfiguredFeeds(ctx: AppContext): NewsFeedConfig[] {
  return parseNewsFeeds(ctx.config.NEWS_FEEDS);
}

async function translateArticle(ctx: AppContext, translator: NewsTranslator, row: NewsArticleRow): Promise<boolean> {
  const target = otherLanguage(row.language);
  try {
    const translation = await translator.translate({ title: row.title, summary: row.summary }, row.language, target);
    await saveTranslation(ctx.db, row.id, { [target]: translation }, ctx.now());
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, articleId: row.id }, 'news translation failed');
    await markTranslationFailed(ctx.db, row.id, ctx.now());
    return false;
  }
}

async function storeItem(
  ctx: AppContext,
  feed: NewsFeedConfig,
  sourceName: string,
  language: NewsLanguage,
  item: ParsedFeedItem,
): Promise<NewsArticleRow | 'duplicate'> {
  const sourceUrl = normalizeSourceUrl(item.link);
  if (await findDuplicateArticle(ctx.db, { sourceUrl, feedUrl: feed.url, guid: item.guid })) return 'duplicate';
  const now = ctx.now();
  const published = item.publishedAt && item.publishedAt.getTime() <= now.getTime() + FUTURE_TOLERANCE_MS ? item.publishedAt : now;
  const values = {
    title: item.title,
    summary: item.summary,
    bodyHtml: item.bodyHtml,
    category: categorizeArticle({ defaultCategory: feed.category, title: item.title, summary: item.summary, labels: item.categories }),
    sourceName,
    sourceUrl,
    feedUrl: feed.url,
    guid: item.guid,
    imageUrl: item.imageUrl,
    author: item.author,
    language,
    publishedAt: published,
    translations: {},
    isDemo: false,
    createdAt: now,
    updatedAt: now,
  };
  // A slug taken between the check and the insert (another writer) gets one more try.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await insertArticleIfNew(ctx.db, { ...values, slug: await pickFreeSlug(ctx.db, item.title) });
    if (row) return row;
    if (await findDuplicateArticle(ctx.db, { sourceUrl, feedUrl: feed.url, guid: item.guid })) return 'duplicate';
  }
  throw new Error(`${sourceUrl} could not be stored (slug conflict)`);
}

function describeSource(feedTitle: string | null, feedUrl: string): string {
  if (feedTitle) return feedTitle.slice(0, 200);
  return new URL(feedUrl).hostname.replace(/^www\./, '');
}

/** Reads one feed into articles; never throws (the outcome says what went wrong). */
export async function ingestFeed(ctx: AppContext, feed: NewsFeedConfig, translator: NewsTranslator | null): Promise<FeedIngestResult> {
  const result: FeedIngestResult = { url: feed.url, status: 'ok', added: 0, duplicates: 0, skipped: 0, translated: 0, problems: [] };
  const state = await findFeedState(ctx.db, feed.url);
  const startedAt = ctx.now();
  try {
    const response = await fetchFeed({
      url: feed.url,
      etag: state?.etag,
      lastModified: state?.lastModified,
      timeoutMs: ctx.config.NEWS_FETCH_TIMEOUT_MS,
      maxBytes: ctx.config.NEWS_MAX_FEED_BYTES,
      allowPrivate: ctx.config.NEWS_ALLOW_PRIVATE_FEEDS,
      userAgent: `FuelDesk news reader (+${ctx.config.PUBLIC_URL})`,
    });
    if (response.status === 'not_modified') {
      result.status = 'not_modified';
      await saveFeedState(ctx.db, {
        url: feed.url,
        etag: state?.etag ?? null,
        lastModified: state?.lastModified ?? null,
        lastFetchedAt: startedAt,
        lastStatus: 'not_modified',
        lastError: null,
        itemsAdded: 0,
        updatedAt: ctx.now(),
      });
      return result;
    }
    const parsed = parseFeed(response.body, feed.url);
    const language = feed.language ?? parsed.language ?? 'en';
    const sourceName = describeSource(parsed.title, feed.url);
    result.problems.push(...parsed.skipped);
    result.skipped = parsed.skipped.length;
    const added: NewsArticleRow[] = [];
    for (const item of parsed.items) {
      try {
        const stored = await storeItem(ctx, feed, sourceName, language, item);
        if (stored === 'duplicate') result.duplicates += 1;
        else added.push(stored);
      } catch (error) {
        result.skipped += 1;
        result.problems.push(`${item.link}: ${(error as Error).message}`);
      }
    }
    result.added = added.length;
    if (translator) {
      for (const row of added) if (await translateArticle(ctx, translator, row)) result.translated += 1;
    }
    await saveFeedState(ctx.db, {
      url: feed.url,
      etag: response.etag,
      lastModified: response.lastModified,
      lastFetchedAt: startedAt,
      lastStatus: 'ok',
      lastError: result.problems.length > 0 ? result.problems.slice(0, 5).join('; ').slice(0, 1000) : null,
      itemsAdded: result.added,
      updatedAt: ctx.now(),
    });
  } catch (error) {
    result.status = 'error';
    result.error = (error as Error).message;
    // Fetch and parse failures are expected outcomes with a clear message; anything else keeps its stack.
    if (error instanceof FeedFetchError || error instanceof FeedParseError) ctx.log.warn({ feed: feed.url, reason: result.error }, 'news feed failed');
    else ctx.log.error({ feed: feed.url, err: error }, 'news feed failed');
    try {
      // The validators are kept: a failure must not turn the next request into a full download.
      await saveFeedState(ctx.db, {
        url: feed.url,
        etag: state?.etag ?? null,
        lastModified: state?.lastModified ?? null,
        lastFetchedAt: startedAt,
        lastStatus: 'error',
        lastError: result.error.slice(0, 1000),
        itemsAdded: 0,
        updatedAt: ctx.now(),
      });
    } catch (stateError) {
      ctx.log.error({ feed: feed.url, err: stateError }, 'news feed state could not be saved');
    }
  }
  return result;
}

/**
 * Translates articles that still lack the other language (admin-written ones, earlier failures
 * after a pause). Returns how many were translated; 0 without a configured model.
 */
export async function translatePendingArticles(ctx: AppContext, translator: NewsTranslator | null = getNewsTranslator(ctx)): Promise<number> {
  if (!translator) return 0;
  const rows = await listArticlesMissingTranslation(ctx.db, {
    limit: TRANSLATION_BATCH,
    failedBefore: new Date(ctx.now().getTime() - TRANSLATION_RETRY_MS),
  });
  let translated = 0;
  for (const row of rows) if (await translateArticle(ctx, translator, row)) translated += 1;
  return translated;
}

/**
 * One ingestion run: every configured feed in turn (one bad feed or item never stops the others),
 * de-duplicated by link and guid across runs, then the translation backlog.
 */
export async function ingestNewsFeeds(ctx: AppContext, options: IngestOptions = {}): Promise<{ feeds: FeedIngestResult[]; backlogTranslated: number }> {
  const feeds = options.feeds ?? getConfiguredFeeds(ctx);
  const translator = options.translator === undefined ? getNewsTranslator(ctx) : options.translator;
  const results: FeedIngestResult[] = [];
  for (const feed of feeds) results.push(await ingestFeed(ctx, feed, translator));
  const backlogTranslated = await translatePendingArticles(ctx, translator);
  return { feeds: results, backlogTranslated };
}

/** Admin: the configured feeds with the outcome of their last fetch. */
export async function listNewsFeedStatus(ctx: AppContext): Promise<NewsFeedStatusList> {
  const states = new Map((await listFeedStates(ctx.db)).map((state) => [state.url, state]));
  return {
    translation_enabled: getNewsTranslator(ctx) !== null,
    feeds: getConfiguredFeeds(ctx).map((feed) => {
      const state = states.get(feed.url);
      return {
        url: feed.url,
        category: feed.category,
        language: feed.language,
        last_fetched_at: state?.lastFetchedAt?.toISOString() ?? null,
        last_status: (state?.lastStatus as 'ok' | 'not_modified' | 'error' | null | undefined) ?? null,
        last_error: state?.lastError ?? null,
        items_added: state?.itemsAdded ?? 0,
      };
    }),
  };
}

/** Admin: queues an ingestion run now (the worker runs it; a run already waiting is not doubled). */
export async function queueNewsIngestion(ctx: AppContext): Promise<NewsIngestQueued> {
  const jobId = await ctx.jobs.send(NEWS_INGEST_JOB, {}, { singletonKey: NEWS_INGEST_JOB });
  return { queued: jobId !== null, job_id: jobId };
}
