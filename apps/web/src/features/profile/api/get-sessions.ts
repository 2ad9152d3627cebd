import type { SessionRecord } from '@fueldesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/sessions: the caller's session records, newest first. A non-array answer counts as none. */
export async function getSessions(signal?: AbortSignal): Promise<SessionRecord[]> {
  const answer = await api.get<unknown>('/auth/sessions', { signal });
  return Array.isArray(answer) ? (answer as SessionRecord[]) : [];
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'sessions'], queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
