import type { ActivationBody, ActivationResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/activation: sets the invitee's password and activates the account. */
export function completeActivation(body: ActivationBody): Promise<ActivationResponse> {
  return api.post<ActivationResponse>('/auth/activation', body, { auth: false, retryOnUnauthorized: false });
}

export function useCompleteActivation() {
  return useMutation({ mutationKey: ['auth', 'complete-activation'], mutationFn: completeActivation });
}
