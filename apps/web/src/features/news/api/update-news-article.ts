import type { NewsArticle, UpdateNewsArticleBody } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newsKeys } from './get-news-list';

/** PATCH /api/admin/news/{id} (administrators). */
export function updateNewsArticle({ id, body }: { id: number; body: UpdateNewsArticleBody }): Promise<NewsArticle> {
  return api.patch<NewsArticle>(`/admin/news/${id}`, body);
}

export function useUpdateNewsArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['news', 'update'],
    mutationFn: updateNewsArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
