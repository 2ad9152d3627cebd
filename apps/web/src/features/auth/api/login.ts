import type { LoginBody, LoginResponse } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/login. A 401 here is a wrong password, not an expired session: no refresh. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', body, { auth: false, retryOnUnauthorized: false });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
