import type { DueUsage } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dueKeys } from './get-due-reports';

/** GET /api/due/usage: plan, monthly limit, used and remaining this calendar month (UTC). */
export function getDueUsage(signal?: AbortSignal): Promise<DueUsage> {
  return api.get<DueUsage>('/due/usage', { signal, query: { ts: Date.now() } });
}

export function dueUsageQueryOptions() {
  return queryOptions({ queryKey: dueKeys.usage, queryFn: ({ signal }) => getDueUsage(signal) });
}

export function useDueUsage() {
  return useQuery(dueUsageQueryOptions());
}
