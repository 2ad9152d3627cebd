import type { OkResponse, ResetPasswordBody } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password/reset: the new password; every session of the account is signed out. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/password/reset', body, { auth: false, retryOnUnauthorized: false });
}

export function useResetPassword() {
  return useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
}
