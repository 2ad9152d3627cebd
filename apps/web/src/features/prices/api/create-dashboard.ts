import type { CreateDashboardBody, Dashboard } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** POST /api/dashboards. */
export function createDashboard(body: CreateDashboardBody): Promise<Dashboard> {
  return api.post<Dashboard>('/dashboards', body);
}

export function useCreateDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['dashboards', 'create'],
    mutationFn: createDashboard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceKeys.dashboards }),
  });
}
