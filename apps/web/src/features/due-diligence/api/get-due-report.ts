import { DUE_CACHE_MS, DUE_POLL_INTERVAL_MS, type DueReport } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dueKeys } from './get-due-reports';

/** GET /api/due/report/{id}: status, sanitized content and findings. */
export function getDueReport(id: string, signal?: AbortSignal): Promise<DueReport> {
  return api.get<DueReport>(`/due/report/${encodeURIComponent(id)}`, { signal, query: { ts: Date.now() } });
}

export function dueReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: dueKeys.report(id),
    queryFn: ({ signal }) => getDueReport(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? DUE_POLL_INTERVAL_MS : false),
    // A finished report never changes: it is kept for SPEC.md §9's 10 minutes.
    staleTime: (query) => (query.state.data?.status === 'processing' ? 0 : DUE_CACHE_MS),
  });
}

export function useDueReport(id: string | null) {
  return useQuery({ ...dueReportQueryOptions(id ?? ''), enabled: Boolean(id) });
}
