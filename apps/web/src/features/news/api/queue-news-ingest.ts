import type { NewsIngestQueued } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/news/ingest: fetch the feeds now (administrators). */
export function queueNewsIngest(): Promise<NewsIngestQueued> {
  return api.post<NewsIngestQueued>('/admin/news/ingest');
}

export function useQueueNewsIngest() {
  return useMutation({ mutationKey: ['news', 'ingest'], mutationFn: queueNewsIngest });
}
