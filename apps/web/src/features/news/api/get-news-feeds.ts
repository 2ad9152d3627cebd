import type { NewsFeedStatusList } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newsKeys } from './get-news-list';

/** GET /api/admin/news/feeds: configured feeds and their last fetch (administrators). */
export function getNewsFeeds(signal?: AbortSignal): Promise<NewsFeedStatusList> {
  return api.get<NewsFeedStatusList>('/admin/news/feeds', { signal });
}

export function newsFeedsQueryOptions() {
  return queryOptions({ queryKey: newsKeys.feeds, queryFn: ({ signal }) => getNewsFeeds(signal) });
}

export function useNewsFeeds(enabled: boolean) {
  return useQuery({ ...newsFeedsQueryOptions(), enabled });
}
