import type { CreateSupportMessageBody, SupportMessage } from '@fueldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { supportMessagesQueryOptions } from './get-support-messages';

/** POST /api/support: stored and mailed to the support inbox. */
export function createSupportMessage(body: CreateSupportMessageBody): Promise<SupportMessage> {
  return api.post<SupportMessage>('/support', body);
}

export function useCreateSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['support', 'create'],
    mutationFn: createSupportMessage,
    onSuccess: (created) => {
      const { queryKey } = supportMessagesQueryOptions();
      queryClient.setQueryData<SupportMessage[]>(queryKey, (current) => [created, ...(current ?? []).filter((item) => item.id !== created.id)]);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
