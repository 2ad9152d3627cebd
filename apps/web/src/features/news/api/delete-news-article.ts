import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { newsKeys } from './get-news-list';

/** DELETE /api/admin/news/{id} (administrators). */
export function deleteNewsArticle(id: number): Promise<void> {
  return api.delete<void>(`/admin/news/${id}`);
}

export function useDeleteNewsArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['news', 'delete'],
    mutationFn: deleteNewsArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
