import type { CreatePriceAlertBody, PriceAlert, PriceAlertEvent, UpdatePriceAlertBody } from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const alertKeys = {
  all: ['price-alerts'] as const,
  events: (id: string) => ['price-alerts', id, 'events'] as const,
};

/** GET /api/alerts: the caller's price alerts, newest first. */
export function getPriceAlerts(signal?: AbortSignal): Promise<{ items: PriceAlert[] }> {
  return api.get<{ items: PriceAlert[] }>('/alerts', { signal });
}

export const priceAlertsQueryOptions = () => queryOptions({ queryKey: alertKeys.all, queryFn: ({ signal }) => getPriceAlerts(signal) });

export function usePriceAlerts() {
  return useQuery(priceAlertsQueryOptions());
}

/** GET /api/alerts/{id}/events: an alert's firings, newest publication first. */
export function getPriceAlertEvents(id: string, signal?: AbortSignal): Promise<{ items: PriceAlertEvent[] }> {
  return api.get<{ items: PriceAlertEvent[] }>(`/alerts/${encodeURIComponent(id)}/events`, { signal });
}

export function usePriceAlertEvents(id: string, enabled: boolean) {
  return useQuery({ queryKey: alertKeys.events(id), queryFn: ({ signal }) => getPriceAlertEvents(id, signal), enabled });
}

/** POST /api/alerts. */
export function createPriceAlert(body: CreatePriceAlertBody): Promise<PriceAlert> {
  return api.post<PriceAlert>('/alerts', body);
}

/** PATCH /api/alerts/{id}: level, condition, channels, or pause/resume. */
export function updatePriceAlert(id: string, body: UpdatePriceAlertBody): Promise<PriceAlert> {
  return api.patch<PriceAlert>(`/alerts/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/alerts/{id}. */
export function deletePriceAlert(id: string): Promise<void> {
  return api.delete<void>(`/alerts/${encodeURIComponent(id)}`);
}

function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

export function useCreatePriceAlert() {
  const refresh = useRefreshAlerts();
  return useMutation({ mutationKey: ['price-alerts', 'create'], mutationFn: createPriceAlert, onSuccess: refresh });
}

export function useUpdatePriceAlert() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationKey: ['price-alerts', 'update'],
    mutationFn: ({ id, body }: { id: string; body: UpdatePriceAlertBody }) => updatePriceAlert(id, body),
    onSuccess: refresh,
  });
}

export function useDeletePriceAlert() {
  const refresh = useRefreshAlerts();
  return useMutation({ mutationKey: ['price-alerts', 'delete'], mutationFn: deletePriceAlert, onSuccess: refresh });
}
