import type { Profile } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/profile: the caller's profile and settings. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>('/auth/profile', { signal });
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
