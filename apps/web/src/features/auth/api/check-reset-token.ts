import type { ResetTokenCheck } from '@fueldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password/reset/check: whether the mailed reset link can still be used (spends nothing). */
function checkResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenCheck> {
  return api.post<ResetTokenCheck>('/auth/password/reset/check', { token }, { signal, auth: false, retryOnUnauthorized: false });
}

export function useResetTokenCheck(token: string) {
  return useQuery({ queryKey: ['auth', 'reset-check', token], queryFn: ({ signal }) => checkResetToken(token, signal), retry: false, staleTime: Infinity });
}
