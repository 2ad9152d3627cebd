import type { CreateDueReportBody, DueReport } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dueKeys } from './get-due-reports';

/** POST /api/due/create: answers at once with the report in `processing`. */
export function createDueReport(body: CreateDueReportBody): Promise<DueReport> {
  return api.post<DueReport>('/due/create', body);
}

export function useCreateDueReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['due', 'create'],
    mutationFn: createDueReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dueKeys.all }),
  });
}
