import type { Seeder } from '../../db/seed';
import { countArticles, insertArticleIfNew } from './news.repository';
import { DEMO_SOURCE_NAME, demoArticles, demoSourceUrl } from './news.demo-articles';

/** Loads the demo articles (labelled is_demo) when the database holds no article at all. */
export const newsSeeder: Seeder = {
  name: 'news',
  async run(ctx) {
    if ((await countArticles(ctx.db)) > 0) return;
    const now = ctx.now();
    for (const article of demoArticles) {
      await insertArticleIfNew(ctx.db, {
        slug: article.slug,
        title: article.title,
        summary: article.summary,
        bodyHtml: article.bodyHtml,
        category: article.category,
        sourceName: DEMO_SOURCE_NAME,
        sourceUrl: demoSourceUrl(article.slug),
        author: article.author,
        language: 'en',
        publishedAt: new Date(now.getTime() - article.hoursAgo * 3_600_000),
        translations: { es: article.es },
        isDemo: true,
        createdAt: now,
        updatedAt: now,
      });
    }
  },
};
