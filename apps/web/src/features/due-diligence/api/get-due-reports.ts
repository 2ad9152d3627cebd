import { DUE_LIST_LIMIT, DUE_POLL_INTERVAL_MS, type DueReportListItem } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dueKeys = {
  all: ['due'] as const,
  list: (limit: number) => ['due', 'reports', limit] as const,
  report: (id: string) => ['due', 'report', id] as const,
  usage: ['due', 'usage'] as const,
};

/** GET /api/due/reports: the caller's reports, newest first (a non-array answer counts as none, SPEC.md §7). */
export async function getDueReports(limit: number = DUE_LIST_LIMIT, signal?: AbortSignal): Promise<DueReportListItem[]> {
  const payload = await api.get<unknown>('/due/reports', { signal, query: { limit, offset: 0, ts: Date.now() }, credentials: 'include' });
  return Array.isArray(payload) ? (payload as DueReportListItem[]) : [];
}

export function dueReportsQueryOptions(limit: number = DUE_LIST_LIMIT) {
  return queryOptions({
    queryKey: dueKeys.list(limit),
    queryFn: ({ signal }) => getDueReports(limit, signal),
    // While a report is processing the list refreshes itself until it is ready.
    refetchInterval: (query) => (query.state.data?.some((report) => report.status === 'processing') ? DUE_POLL_INTERVAL_MS : false),
  });
}

export function useDueReports() {
  return useQuery(dueReportsQueryOptions());
}
