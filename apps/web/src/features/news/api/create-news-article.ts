import type { CreateNewsArticleBody, NewsArticle } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newsKeys } from './get-news-list';

/** POST /api/admin/news (administrators). */
export function createNewsArticle(body: Partial<CreateNewsArticleBody>): Promise<NewsArticle> {
  return api.post<NewsArticle>('/admin/news', body);
}

export function useCreateNewsArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['news', 'create'],
    mutationFn: createNewsArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
