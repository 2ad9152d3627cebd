import type { AppContext } from '../../context';
import { NEWS_INGEST_CRON, NEWS_INGEST_JOB, NEWS_TRANSLATE_JOB } from './news.constants';
import { getConfiguredFeeds, getNewsTranslator, ingestNewsFeeds, translatePendingArticles } from './news-ingest.service';

/**
 * The ingestion job runs every 30 minutes when NEWS_FEEDS (or a translation model) is configured.
 * NEWS_FEEDS is parsed here, at start, so that a bad value stops the server with a clear message
 * instead of failing every half hour.
 */
export function registerNewsJobs(ctx: AppContext) {
  const feeds = getConfiguredFeeds(ctx);
  const scheduled = feeds.length > 0 || getNewsTranslator(ctx) !== null;
  ctx.jobs.define({
    name: NEWS_INGEST_JOB,
    cron: scheduled ? NEWS_INGEST_CRON : undefined,
    retryLimit: 0,
    handler: async () => {
      const { feeds: results, backlogTranslated } = await ingestNewsFeeds(ctx);
      ctx.log.info(
        {
          feeds: results.map(({ url, status, added, duplicates, skipped, error }) => ({ url, status, added, duplicates, skipped, error })),
          backlogTranslated,
        },
        'news ingestion finished',
      );
    },
  });
  ctx.jobs.define({
    name: NEWS_TRANSLATE_JOB,
    retryLimit: 1,
    handler: async () => {
      await translatePendingArticles(ctx);
    },
  });
}
