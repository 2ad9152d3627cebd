import type { OkResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/email/resend: a new verification link (earlier ones stop working). */
export function resendVerification(email: string): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/email/resend', { email }, { auth: false, retryOnUnauthorized: false });
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['auth', 'resend-verification'], mutationFn: resendVerification });
}
