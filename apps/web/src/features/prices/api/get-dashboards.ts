import type { DashboardListResponse } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { priceKeys } from './price-keys';

/** GET /api/dashboards: the caller's dashboards. */
export function getDashboards(signal?: AbortSignal): Promise<DashboardListResponse> {
  return api.get<DashboardListResponse>('/dashboards', { signal });
}

export function dashboardsQueryOptions() {
  return queryOptions({ queryKey: priceKeys.dashboards, queryFn: ({ signal }) => getDashboards(signal) });
}

export function useDashboards() {
  return useQuery(dashboardsQueryOptions());
}
