import type { CreateReleaseBody, Release } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { releasesKeys } from './get-releases';

/** POST /api/releases (admins only). */
export function publishRelease(body: CreateReleaseBody): Promise<Release> {
  return api.post<Release>('/releases', body);
}

export function usePublishRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['releases', 'publish'],
    mutationFn: publishRelease,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releasesKeys.all }),
  });
}
