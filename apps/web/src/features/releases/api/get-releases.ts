import type { Release } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/releases: newest first. */
export function getReleases(signal?: AbortSignal): Promise<Release[]> {
  return api.get<Release[]>('/releases', { signal });
}

export const releasesQueryOptions = () => queryOptions({ queryKey: ['releases'], queryFn: ({ signal }) => getReleases(signal) });

export function useReleases() {
  return useQuery(releasesQueryOptions());
}
