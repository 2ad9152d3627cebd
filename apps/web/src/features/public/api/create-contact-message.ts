import type { CreateContactMessageBody, FormReceipt } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/contact: the public contact form. */
export function createContactMessage(body: CreateContactMessageBody): Promise<FormReceipt> {
  return api.post<FormReceipt>('/contact', body, { auth: false, retryOnUnauthorized: false });
}

export function useCreateContactMessage() {
  return useMutation({ mutationKey: ['public', 'contact'], mutationFn: createContactMessage });
}
