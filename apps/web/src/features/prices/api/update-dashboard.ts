import type { Dashboard, UpdateDashboardBody } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** PUT /api/dashboards/{id}. */
export function updateDashboard({ id, body }: { id: string; body: UpdateDashboardBody }): Promise<Dashboard> {
  return api.put<Dashboard>(`/dashboards/${id}`, body);
}

export function useUpdateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dashboards', 'update'],
    mutationFn: updateDashboard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceKeys.dashboards }),
  });
}
