import type { ApiKey, ApiKeyListResponse, CreateApiKeyBody, CreatedApiKey } from '@fueldesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/api-keys: the caller's keys (never the keys themselves). */
export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: ['api-keys'], queryFn: ({ signal }) => api.get<ApiKeyListResponse>('/api-keys', { signal }) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/**
 * POST /api/api-keys. The answer holds the key, shown once: it is handed to the page and never
 * kept in the query cache (the list is fetched again instead).
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-keys', 'create'],
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api-keys', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** DELETE /api/api-keys/{id}: revoked at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-keys', 'revoke'],
    mutationFn: (id: string) => api.delete<ApiKey>(`/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
