import type { AdminInboxDetail, AdminInboxUpdateBody, InboxKind } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/inbox/{kind}/{id}: status and/or assignee. */
export function updateAdminInboxItem({ kind, id, body }: { kind: InboxKind; id: string; body: AdminInboxUpdateBody }): Promise<AdminInboxDetail> {
  return api.patch<AdminInboxDetail>(`/admin/inbox/${kind}/${encodeURIComponent(id)}`, body);
}

export function useUpdateAdminInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'inbox', 'update'],
    mutationFn: updateAdminInboxItem,
    onSuccess: (detail) => queryClient.setQueryData(['admin', 'inbox', 'item', detail.kind, detail.id], detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'inbox', 'list'] }),
  });
}
