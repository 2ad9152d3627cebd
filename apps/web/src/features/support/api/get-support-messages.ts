import type { SupportMessage } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/support: the caller's messages, newest first. */
export function getSupportMessages(signal?: AbortSignal): Promise<SupportMessage[]> {
  return api.get<SupportMessage[]>('/support', { signal });
}

export const supportMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['support', 'messages'], queryFn: ({ signal }) => getSupportMessages(signal) });

export function useSupportMessages() {
  return useQuery(supportMessagesQueryOptions());
}
