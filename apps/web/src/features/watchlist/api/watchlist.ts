import type { WatchlistCreateBody, WatchlistDetail, WatchlistImportResult, WatchlistItem, WatchlistList } from '@fueldesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = { all: ['watchlist'] as const, item: (id: string) => ['watchlist', id] as const };

/** GET /api/watchlist. */
export function useWatchlist() {
  return useQuery({ queryKey: keys.all, queryFn: ({ signal }) => api.get<WatchlistList>('/watchlist', { signal }) });
}

/** GET /api/watchlist/{id}: the item with its history. */
export function useWatchlistItem(id: string | null) {
  return useQuery({
    queryKey: keys.item(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<WatchlistDetail>(`/watchlist/${encodeURIComponent(id!)}`, { signal }),
  });
}

/** POST /api/watchlist (also the "Watch" buttons of reports and screening results). */
export function useAddToWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlist', 'add'],
    mutationFn: (body: WatchlistCreateBody) => api.post<WatchlistItem>('/watchlist', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useImportWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlist', 'import'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<WatchlistImportResult>('/watchlist/import', form);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRemoveFromWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlist', 'remove'],
    mutationFn: (id: string) => api.delete<void>(`/watchlist/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
