import type { OkResponse, SetPasswordBody } from '@fueldesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password/set (signed in): the first password, or a change with the current one. */
export function setPassword(body: SetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/auth/password/set', body);
}

export function useSetPassword() {
  return useMutation({ mutationKey: ['auth', 'set-password'], mutationFn: setPassword });
}
