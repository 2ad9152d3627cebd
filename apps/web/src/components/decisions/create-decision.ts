import type { CreateDecisionBody, ScreeningDecision } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import i18n from '@/lib/i18n';

const languageHeader = (): Record<string, string> => ({ 'accept-language': i18n.language?.startsWith('es') ? 'es' : 'en' });

// The decisions feature's write, kept beside DecisionControl (its one caller) rather than in
// features/decisions/api: screening and due diligence both render the control, and a feature imports
// no other feature, so the control and its mutation are shared from components/ (as the watch button is).

/** POST /api/screening/decisions: a decision on one match, with its note. */
export function createDecision(body: CreateDecisionBody): Promise<ScreeningDecision> {
  return api.post<ScreeningDecision>('/screening/decisions', body, { headers: languageHeader() });
}

/** Records a decision; the screening results, the reports, the watchlist and the decisions list are read again. */
export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['decisions', 'create'],
    mutationFn: createDecision,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['screening'] }),
        queryClient.invalidateQueries({ queryKey: ['due'] }),
        queryClient.invalidateQueries({ queryKey: ['decisions'] }),
        queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
      ]),
  });
}
