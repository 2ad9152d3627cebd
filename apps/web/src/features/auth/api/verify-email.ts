import type { VerifyEmailResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/email/verify: spends the mailed single-use token. */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>('/auth/email/verify', { token }, { auth: false, retryOnUnauthorized: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: ['auth', 'verify-email'], mutationFn: verifyEmail });
}
