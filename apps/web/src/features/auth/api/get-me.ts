import type { MeResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/me: the signed-in user, with plan and whether a password is set. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return api.get<MeResponse>('/auth/me', { signal });
}

export const meQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal) });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
