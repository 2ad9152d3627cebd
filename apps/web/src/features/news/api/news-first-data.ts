import type { NewsLanguage } from '@fueldesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { readNewsFilters } from '../lib/news-filters';
import { newsListQueryOptions } from './get-news-list';

/**
 * Loads the first page of /news (no filter in its address) in `lang` into the cache, as the list
 * asks for it (NewsListView): the app's start awaits it before the first render when the entry
 * script has asked for it early (app/signed-in-pages.ts). Never rejects: a failed query is asked
 * again by the list.
 */
export function primeNewsListData(queryClient: QueryClient, lang: NewsLanguage): Promise<void> {
  const filters = readNewsFilters(new URLSearchParams());
  return queryClient.prefetchQuery(newsListQueryOptions({ category: filters.category, q: filters.q, page: filters.page, pageSize: filters.pageSize, lang }));
}
