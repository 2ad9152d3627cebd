import type { OkResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password/forgot: mails a reset link valid for 1 hour. */
export function forgotPassword(email: string): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/password/forgot', { email }, { auth: false, retryOnUnauthorized: false });
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgot-password'], mutationFn: forgotPassword });
}
