import type { RegisterBody, RegisterResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/register: creates the account and mails the verification link. */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', body, { auth: false, retryOnUnauthorized: false });
}

export function useRegister() {
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
}
