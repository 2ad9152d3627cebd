import type { VerifyEmailResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/email/change/cancel: the old address's link; undoes the change and signs every session out. */
export function cancelEmailChange(token: string): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>('/auth/email/change/cancel', { token }, { auth: false, retryOnUnauthorized: false });
}

export function useCancelEmailChange() {
  return useMutation({ mutationKey: ['auth', 'cancel-email-change'], mutationFn: cancelEmailChange });
}
