import type { ActivationDetails } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/activation/details: who is being activated and by whose invitation (the token stays out of URLs). */
export function getActivation(token: string, signal?: AbortSignal): Promise<ActivationDetails> {
  return api.post<ActivationDetails>('/auth/activation/details', { token }, { signal, auth: false, retryOnUnauthorized: false });
}

export const activationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'activation', token],
    queryFn: ({ signal }) => getActivation(token, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useActivation(token: string | null) {
  return useQuery({ ...activationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
