import { DECISIONS_PAGE_SIZE, type DecisionListResponse, type ScreeningDecision, type ScreeningDecisionStatus } from '@fueldesk/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import i18n from '@/lib/i18n';

export { DECISIONS_PAGE_SIZE };

export interface DecisionsFilter {
  page: number;
  subject: string;
  status: ScreeningDecisionStatus | '';
}

const languageHeader = (): Record<string, string> => ({ 'accept-language': i18n.language?.startsWith('es') ? 'es' : 'en' });

/** GET /api/screening/decisions: the caller's own, admins everybody's; pending approvals first. */
export const decisionsQueryOptions = (filter: DecisionsFilter) =>
  queryOptions({
    queryKey: ['decisions', 'list', filter],
    queryFn: ({ signal }) =>
      api.get<DecisionListResponse>('/screening/decisions', { signal, query: { page: filter.page, subject: filter.subject || undefined, status: filter.status || undefined } }),
    placeholderData: keepPreviousData,
  });

export function useDecisions(filter: DecisionsFilter) {
  return useQuery(decisionsQueryOptions(filter));
}

/** POST /api/screening/decisions/{id}/approve (an admin other than the decider). */
export function useApproveDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['decisions', 'approve'],
    mutationFn: (id: string) => api.post<ScreeningDecision>(`/screening/decisions/${encodeURIComponent(id)}/approve`, undefined, { headers: languageHeader() }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['decisions'] }),
        queryClient.invalidateQueries({ queryKey: ['due'] }),
        queryClient.invalidateQueries({ queryKey: ['screening'] }),
      ]),
  });
}
