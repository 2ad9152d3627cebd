import type { CreateWebhookBody, CreatedWebhook, Webhook, WebhookDelivery } from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const webhookKeys = { all: ['webhooks'] as const, deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const };

/** GET /api/webhooks. */
export function getWebhooks(signal?: AbortSignal): Promise<{ items: Webhook[] }> {
  return api.get<{ items: Webhook[] }>('/webhooks', { signal });
}

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhookKeys.all, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** GET /api/webhooks/{id}/deliveries: the latest deliveries with their outcome. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api.get<{ items: WebhookDelivery[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
  });
}

/** POST /api/webhooks: the answer carries the signing secret, shown once. */
export function createWebhook(body: CreateWebhookBody): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>('/webhooks', body);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['webhooks', 'create'],
    mutationFn: createWebhook,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['webhooks', 'delete'],
    mutationFn: (id: string) => api.delete<void>(`/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
