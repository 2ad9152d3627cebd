import type { ScreeningListsResponse } from '@fueldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/screening/lists: which sanctions lists this installation screens against. */
export function useSanctionsLists() {
  return useQuery({
    queryKey: ['screening', 'lists'],
    queryFn: ({ signal }) => api.get<ScreeningListsResponse>('/screening/lists', { signal }),
  });
}
