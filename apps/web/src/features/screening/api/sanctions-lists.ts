import type { ScreeningList, ScreeningListsResponse } from '@fueldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/screening/lists: which sanctions lists this installation screens against (loaded: false on a fresh install). */
export function useSanctionsLists() {
  return useQuery({
    queryKey: ['screening', 'lists'],
    queryFn: ({ signal }) => api.get<ScreeningListsResponse>('/screening/lists', { signal }),
  });
}

/** A loaded list's figures as the screening page and the admin panel show them, in the given language. */
export function formatListFigures(list: ScreeningList, language: string) {
  const numbers = new Intl.NumberFormat(language);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return {
    entries: numbers.format(list.entries),
    names: numbers.format(list.names),
    publishedOn: list.published_at ? dates.format(new Date(list.published_at)) : null,
    loaded: dates.format(new Date(list.loaded_at)),
  };
}
