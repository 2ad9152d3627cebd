import { isApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from '@/lib/api-client';

export { useFormMessage as useAuthMessage } from '@/lib/use-form-message';

/** Keys (namespace auth, under `login.errors`) of what the sign-in form says about a failure. */
export type LoginErrorKey =
  | 'activeSession'
  | 'waitMinute'
  | 'userNotFound'
  | 'invalidPassword'
  | 'emailNotVerified'
  | 'accountInactive'
  | 'passwordNotSet'
  | 'server'
  | 'network'
  | 'unexpected';

/**
 * SPEC.md §8's sign-in messages by server code (DECISIONS.md: 409 ACTIVE_SESSION, 429, 403
 * EMAIL_NOT_VERIFIED), then by status: any 5xx is a server error, no answer at all a network error.
 */
export function describeLoginError(error: unknown): LoginErrorKey[] {
  if (!isApiError(error)) return ['unexpected'];
  switch (error.code) {
    case 'ACTIVE_SESSION':
      return ['activeSession', 'waitMinute'];
    case 'RATE_LIMITED':
      return ['waitMinute'];
    case 'USER_NOT_FOUND':
      return ['userNotFound'];
    case 'INVALID_PASSWORD':
      return ['invalidPassword'];
    case 'EMAIL_NOT_VERIFIED':
      return ['emailNotVerified'];
    case 'ACCOUNT_INACTIVE':
      return ['accountInactive'];
    case 'PASSWORD_NOT_SET':
      return ['passwordNotSet'];
    default:
      break;
  }
  if (error.status === 429) return ['waitMinute'];
  if (error.status >= 500) return ['server'];
  if (error.status === 0 || error.code === NETWORK_ERROR_CODE || error.code === TIMEOUT_ERROR_CODE) return ['network'];
  return ['unexpected'];
}

/** Keys under `links.errors` for a mailed link that cannot be used. */
export function describeLinkError(error: unknown): 'expired' | 'used' | 'invalid' | 'alreadyVerified' | 'network' | 'unexpected' {
  if (!isApiError(error)) return 'unexpected';
  if (error.code === 'TOKEN_EXPIRED') return 'expired';
  if (error.code === 'TOKEN_USED') return 'used';
  if (error.code === 'TOKEN_INVALID' || error.code === 'VALIDATION_ERROR') return 'invalid';
  if (error.code === 'EMAIL_ALREADY_VERIFIED') return 'alreadyVerified';
  if (error.status === 0) return 'network';
  return 'unexpected';
}
