import { ACTIVE_SESSION_WINDOW_MS, authErrorMessages, type MessageKey, type SessionEndReason, toSessionEndReason } from '@fueldesk/contracts';
import { AppError } from '../../lib/app-error';

const sessionEndedDetail: Record<SessionEndReason, MessageKey> = {
  concurrency: authErrorMessages.sessionConcurrency,
  revoked: authErrorMessages.sessionRevoked,
  password: authErrorMessages.sessionPassword,
  expired: authErrorMessages.sessionExpired,
};

/** The sign-in errors, with SPEC.md §8's texts; the web maps them by code. */
export const authErrors = {
  userNotFound: () => new AppError('USER_NOT_FOUND', 404, authErrorMessages.userNotFound),
  invalidPassword: () => new AppError('INVALID_PASSWORD', 401, authErrorMessages.invalidPassword),
  emailNotVerified: () =>
    new AppError(
      'EMAIL_NOT_VERIFIED',
      403,
      authErrorMessages.emailNotVerified,
    ),
  accountInactive: (status = 403) => new AppError('ACCOUNT_INACTIVE', status, authErrorMessages.accountInactive),
  activeSession: () =>
    new AppError('ACTIVE_SESSION', 409, authErrorMessages.activeSession, undefined, {
      'retry-after': String(Math.ceil(ACTIVE_SESSION_WINDOW_MS / 1000)),
    }),
  /** Says why (another sign-in, an administrator, a password change), so the login page can too. */
  sessionRevoked: (revokedReason: string | null) => {
    const reason = toSessionEndReason(revokedReason);
    return new AppError('SESSION_REVOKED', 401, sessionEndedDetail[reason], undefined, undefined, reason);
  },
  /** An ordinary admin must not lock the owner out. */
  superadminOnly: () => new AppError('FORBIDDEN', 403, authErrorMessages.superadminOnly),
  refreshInvalid: () => new AppError('TOKEN_INVALID', 401, authErrorMessages.refreshInvalid),
  passwordNotSet: () =>
    new AppError(
      'PASSWORD_NOT_SET',
      403,
      authErrorMessages.passwordNotSet,
    ),
};
