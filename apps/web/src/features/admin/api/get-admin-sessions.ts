import type { AdminSessionListResponse, SessionStatus } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdminSessionsFilters {
  page: number;
  pageSize: number;
  status?: SessionStatus;
  q?: string;
}

/** GET /api/admin/sessions: every user's sessions, newest first (admin only). */
export function getAdminSessions(filters: AdminSessionsFilters, signal?: AbortSignal): Promise<AdminSessionListResponse> {
  return api.get<AdminSessionListResponse>('/admin/sessions', {
    query: { page: filters.page, page_size: filters.pageSize, status: filters.status, q: filters.q || undefined },
    signal,
  });
}

export const adminSessionsQueryOptions = (filters: AdminSessionsFilters) =>
  queryOptions({
    queryKey: ['admin', 'sessions', filters],
    queryFn: ({ signal }) => getAdminSessions(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export function useAdminSessions(filters: AdminSessionsFilters) {
  return useQuery(adminSessionsQueryOptions(filters));
}
