import type { DueReport } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import { dueKeys } from './get-due-reports';

/** POST /api/due/report/{id}/rerun: the same form against the lists stored now, as the next version (409 when no list changed). */
export function rerunDueReport(id: string): Promise<DueReport> {
  return api.post<DueReport>(`/due/report/${encodeURIComponent(id)}/rerun`, undefined, {
    headers: { 'accept-language': i18n.language?.startsWith('es') ? 'es' : 'en' },
  });
}

export function useRerunDueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['due', 'rerun'],
    mutationFn: rerunDueReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dueKeys.all }),
  });
}
