import type { AdminSessionRow } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/sessions/{id}/revoke: that browser is signed out on its next ping or at once by server event. */
export function revokeAdminSession(id: string): Promise<AdminSessionRow> {
  return api.post<AdminSessionRow>(`/admin/sessions/${encodeURIComponent(id)}/revoke`);
}

export function useRevokeAdminSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sessions', 'revoke'],
    mutationFn: revokeAdminSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'sessions'] }),
  });
}
