export const NEWS_INGEST_JOB = 'news.ingest';
export const NEWS_TRANSLATE_JOB = 'news.translate';
/** Every 30 minutes (UTC), when feeds or a translation model are configured. */
export const NEWS_INGEST_CRON = '*/30 * * * *';
