import type { NewsArticle, NewsLanguage } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newsKeys } from './get-news-list';

/** True for the numeric ids of /news/{id}; anything else is a slug. */
export function isNumericNewsId(value: string): boolean {
  return /^\d{1,10}$/.test(value);
}

/** GET /api/news/{id} or /api/news/slug/{slug}. */
export function getNewsArticle(idOrSlug: string, lang: NewsLanguage, signal?: AbortSignal): Promise<NewsArticle> {
  const path = isNumericNewsId(idOrSlug) ? `/news/${idOrSlug}` : `/news/slug/${encodeURIComponent(idOrSlug)}`;
  return api.get<NewsArticle>(path, { signal, query: { lang } });
}

export function newsArticleQueryOptions(idOrSlug: string, lang: NewsLanguage) {
  return queryOptions({
    queryKey: newsKeys.article(idOrSlug, lang),
    queryFn: ({ signal }) => getNewsArticle(idOrSlug, lang, signal),
  });
}

export function useNewsArticle(idOrSlug: string, lang: NewsLanguage, enabled = true) {
  return useQuery({ ...newsArticleQueryOptions(idOrSlug, lang), enabled });
}
