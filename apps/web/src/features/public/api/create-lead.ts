import type { CreateLeadBody, FormReceipt } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/leads: the public sales form. */
export function createLead(body: CreateLeadBody): Promise<FormReceipt> {
  return api.post<FormReceipt>('/leads', body, { auth: false, retryOnUnauthorized: false });
}

export function useCreateLead() {
  return useMutation({ mutationKey: ['public', 'leads'], mutationFn: createLead });
}
