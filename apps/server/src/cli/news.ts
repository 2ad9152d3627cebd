import { parseNewsFeeds, type NewsFeedConfig } from '../integrations/news/feed-config';
import { ingestNewsFeeds } from '../modules/news/news-ingest.service';
import { createRuntime } from '../runtime';
import type { CliCommand } from './args';

export const ingestNewsCommand: CliCommand = {
  name: 'ingest-news',
  usage: 'ingest-news [--feed "URL|category[|language]"]',
  options: { feed: { type: 'string' } },
  describe: 'Fetch the news feeds now (NEWS_FEEDS, or the one given) and translate what is missing.',
  async run({ flags }) {
    let feeds: NewsFeedConfig[] | undefined;
    if (flags.feed !== undefined) {
      if (typeof flags.feed !== 'string') {
        console.error('--feed needs a value such as "https://example.com/feed.xml|oil".');
        return 2;
      }
      try {
        feeds = parseNewsFeeds(flags.feed);
      } catch (error) {
        console.error((error as Error).message.replace('NEWS_FEEDS', '--feed'));
        return 2;
      }
    }
    const runtime = await createRuntime({ runWorkers: false, defineJobs: false });
    try {
      const selected = feeds ?? parseNewsFeeds(runtime.ctx.config.NEWS_FEEDS);
      if (selected.length === 0) {
        console.log('No feeds configured: set NEWS_FEEDS (url|category[|language], comma separated) or pass --feed.');
      }
      const { feeds: results, backlogTranslated } = await ingestNewsFeeds(runtime.ctx, { feeds: selected });
      for (const result of results) {
        const counts = `${result.added} added, ${result.duplicates} already known, ${result.skipped} skipped, ${result.translated} translated`;
        if (result.status === 'error') console.log(`✗ ${result.url}: ${result.error}`);
        else if (result.status === 'not_modified') console.log(`= ${result.url}: not modified since the last run`);
        else console.log(`✓ ${result.url}: ${counts}`);
        for (const problem of result.problems.slice(0, 10)) console.log(`    ${problem}`);
      }
      if (backlogTranslated > 0) console.log(`Translated ${backlogTranslated} earlier article(s).`);
      return results.some((result) => result.status === 'error') ? 1 : 0;
    } finally {
      await runtime.close();
    }
  },
};
