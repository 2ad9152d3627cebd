import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { resolveErrorMessage } from '@/lib/api-client';
import { useNewsFeeds } from '../api/get-news-feeds';
import { useQueueNewsIngest } from '../api/queue-news-ingest';
import { formatNewsDate, useNewsLanguage } from '../lib/use-news-language';

// The article form (zod, the form fields, the dialog: ~30 KiB on the wire) loads when it is opened,
// not with the news list every admin sees first.
const NewsArticleForm = lazy(() => import('./news-article-form').then((module) => ({ default: module.NewsArticleForm })));

/** Administrators: write an article, see the feeds' last fetch, fetch them now. */
export function NewsAdminPanel() {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const [formOpen, setFormOpen] = useState(false);
  const [feedsOpen, setFeedsOpen] = useState(false);
  const feeds = useNewsFeeds(feedsOpen);
  const ingest = useQueueNewsIngest();

  const fetchNow = async () => {
    try {
      const result = await ingest.mutateAsync();
      toast.success(t(result.queued ? 'admin.fetchQueued' : 'admin.fetchAlreadyQueued'));
    } catch (error) {
      toast.error(resolveErrorMessage(error));
    }
  };

  return (
    <section aria-label={t('admin.panelTitle')} className="rounded-xl border border-dashed border-slate-300 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => setFormOpen(true)}>
          <Icon name="plus" />
          {t('admin.newArticle')}
        </Button>
        <details className="group" onToggle={(event) => setFeedsOpen((event.target as HTMLDetailsElement).open)}>
          <summary className="focus-ring cursor-pointer list-none rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
            {t('admin.feedsTitle')}
          </summary>
          <div className="mt-2 flex flex-col gap-2 text-sm">
            {feeds.isError ? <p className="text-red-700 dark:text-red-400">{resolveErrorMessage(feeds.error)}</p> : null}
            {feeds.data ? (
              <>
                <p className="text-slate-600 dark:text-slate-300">{t(feeds.data.translation_enabled ? 'admin.translationOn' : 'admin.translationOff')}</p>
                {feeds.data.feeds.length === 0 ? (
                  <p className="text-slate-600 dark:text-slate-300">{t('admin.feedsEmpty')}</p>
                ) : (
                  <ul className="flex flex-col gap-1">
                    {feeds.data.feeds.map((feed) => (
                      <li key={feed.url} className="break-all">
                        <span className="font-medium">{feed.url}</span>{' '}
                        <span className="text-slate-500 dark:text-slate-400">
                          ({t(`categories.${feed.category}`)}) —{' '}
                          {feed.last_fetched_at
                            ? `${t('admin.lastFetched', { date: formatNewsDate(feed.last_fetched_at, language, true) })}: ${t(`admin.feedStatus.${feed.last_status ?? 'ok'}`, { count: feed.items_added })}`
                            : t('admin.neverFetched')}
                        </span>
                        {feed.last_error ? <span className="block text-red-700 dark:text-red-400">{feed.last_error}</span> : null}
                      </li>
                    ))}
                  </ul>
                )}
                <div>
                  <Button variant="secondary" onClick={fetchNow} disabled={ingest.isPending}>
                    {t('admin.fetchNow')}
                  </Button>
                </div>
              </>
            ) : null}
          </div>
        </details>
      </div>
      {formOpen ? (
        <Suspense fallback={null}>
          <NewsArticleForm open onClose={() => setFormOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
