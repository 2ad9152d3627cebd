import type { NewsCategory, NewsLanguage, NewsListResponse } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface NewsListParams {
  category?: NewsCategory;
  q?: string;
  page: number;
  pageSize: number;
  lang: NewsLanguage;
}

/** GET /api/news: a page of articles, filtered by category and free text. */
export function getNewsList(params: NewsListParams, signal?: AbortSignal): Promise<NewsListResponse> {
  return api.get<NewsListResponse>('/news', {
    signal,
    query: { category: params.category, q: params.q || undefined, page: params.page, page_size: params.pageSize, lang: params.lang },
  });
}

export const newsKeys = {
  all: ['news'] as const,
  list: (params: NewsListParams) => ['news', 'list', params] as const,
  article: (idOrSlug: string, lang: NewsLanguage) => ['news', 'article', idOrSlug, lang] as const,
  feeds: ['news', 'feeds'] as const,
};

export function newsListQueryOptions(params: NewsListParams) {
  return queryOptions({
    queryKey: newsKeys.list(params),
    queryFn: ({ signal }) => getNewsList(params, signal),
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useNewsList(params: NewsListParams) {
  return useQuery(newsListQueryOptions(params));
}
