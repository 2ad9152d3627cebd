import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** DELETE /api/dashboards/{id}. */
export function deleteDashboard(id: string): Promise<void> {
  return api.delete<void>(`/dashboards/${id}`);
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dashboards', 'delete'],
    mutationFn: deleteDashboard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceKeys.dashboards }),
  });
}
