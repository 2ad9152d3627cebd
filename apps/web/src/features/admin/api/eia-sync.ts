import type { EiaSyncStatus } from '@fueldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const eiaSyncKey = ['admin', 'eia-sync'] as const;
/** While a sync is queued or running, the panel asks again this often. */
const BUSY_POLL_MS = 3_000;

/** GET /api/admin/prices/sync: the EIA API sync's status and recent runs (admin only). */
export function useEiaSyncStatus() {
  return useQuery({
    queryKey: eiaSyncKey,
    queryFn: ({ signal }) => api.get<EiaSyncStatus>('/admin/prices/sync', { signal }),
    refetchInterval: (query) => (query.state.data?.busy || query.state.data?.runs[0]?.status === 'running' ? BUSY_POLL_MS : false),
  });
}

/** POST /api/admin/prices/sync: queue a sync now; the answer is the new status. */
export function useRequestEiaSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...eiaSyncKey, 'request'],
    mutationFn: () => api.post<EiaSyncStatus>('/admin/prices/sync'),
    onSuccess: (status) => queryClient.setQueryData(eiaSyncKey, status),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'price-imports'] }),
  });
}
