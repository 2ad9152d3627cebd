import type { AdminUserRow, AdminUserUpdateBody } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/users/{id}: role, plan, active (deactivating signs the user out everywhere). */
export function updateAdminUser({ id, body }: { id: string; body: AdminUserUpdateBody }): Promise<AdminUserRow> {
  return api.patch<AdminUserRow>(`/admin/users/${encodeURIComponent(id)}`, body);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'users', 'update'],
    mutationFn: updateAdminUser,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] });
    },
  });
}
