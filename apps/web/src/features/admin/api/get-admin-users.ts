import type { AdminUserListResponse } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdminUsersFilters {
  page: number;
  pageSize: number;
  q?: string;
}

/** GET /api/admin/users (admin only). */
export function getAdminUsers(filters: AdminUsersFilters, signal?: AbortSignal): Promise<AdminUserListResponse> {
  return api.get<AdminUserListResponse>('/admin/users', {
    query: { page: filters.page, page_size: filters.pageSize, q: filters.q || undefined },
    signal,
  });
}

export const adminUsersQueryOptions = (filters: AdminUsersFilters) =>
  queryOptions({
    queryKey: ['admin', 'users', filters],
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(adminUsersQueryOptions(filters));
}
