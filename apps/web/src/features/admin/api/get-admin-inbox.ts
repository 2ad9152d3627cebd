import type { AdminInboxDetail, AdminInboxListResponse, InboxAssigneesResponse, InboxKind, InboxStatus } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdminInboxFilters {
  page: number;
  pageSize: number;
  kind?: InboxKind;
  status?: InboxStatus;
  /** A user id, `me` or `none`. */
  assignee?: string;
  q?: string;
}

/** GET /api/admin/inbox: contact messages, leads and support messages, newest first (admin only). */
export function getAdminInbox(filters: AdminInboxFilters, signal?: AbortSignal): Promise<AdminInboxListResponse> {
  return api.get<AdminInboxListResponse>('/admin/inbox', {
    query: {
      page: filters.page,
      page_size: filters.pageSize,
      kind: filters.kind,
      status: filters.status,
      assignee: filters.assignee || undefined,
      q: filters.q || undefined,
    },
    signal,
  });
}

export const adminInboxQueryOptions = (filters: AdminInboxFilters) =>
  queryOptions({
    queryKey: ['admin', 'inbox', 'list', filters],
    queryFn: ({ signal }) => getAdminInbox(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export function useAdminInbox(filters: AdminInboxFilters) {
  return useQuery(adminInboxQueryOptions(filters));
}

/** GET /api/admin/inbox/{kind}/{id}: the whole message. */
export function useAdminInboxItem(item: { kind: InboxKind; id: string } | null) {
  return useQuery({
    queryKey: ['admin', 'inbox', 'item', item?.kind, item?.id],
    queryFn: ({ signal }) => api.get<AdminInboxDetail>(`/admin/inbox/${item!.kind}/${encodeURIComponent(item!.id)}`, { signal }),
    enabled: item !== null,
  });
}

/** GET /api/admin/inbox/assignees: the active administrators. */
export function useInboxAssignees() {
  return useQuery({
    queryKey: ['admin', 'inbox', 'assignees'],
    queryFn: ({ signal }) => api.get<InboxAssigneesResponse>('/admin/inbox/assignees', { signal }),
    staleTime: 60_000,
  });
}
