import { ACTIVE_SESSION_WINDOW_MS, toSessionEndReason, type SessionEndReason } from '@fueldesk/contracts';
import { AppError } from '../../lib/app-error';

const sessionEndedDetail: Record<SessionEndReason, string> = {
  concurrency: 'Your session was closed because another session is active.',
  revoked: 'Your session was closed by an administrator.',
  password: 'Your session was closed because the password was changed.',
  expired: 'Your session has expired. Please sign in again.',
};

/** The sign-in errors, with SPEC.md §8's texts; the web maps them by code. */
export const authErrors = {
  userNotFound: () => new AppError('USER_NOT_FOUND', 404, 'User not found. Please check your email'),
  invalidPassword: () => new AppError('INVALID_PASSWORD', 401, 'Incorrect password. Please try again.'),
  emailNotVerified: () =>
    new AppError(
      'EMAIL_NOT_VERIFIED',
      403,
      'Your email address needs to be verified before you can log in. Please check your inbox for a verification link.',
    ),
  accountInactive: (status = 403) => new AppError('ACCOUNT_INACTIVE', status, 'This account is not active. Please contact the administrator.'),
  activeSession: () =>
    new AppError('ACTIVE_SESSION', 409, 'Active session on another device. Please wait 1 minute and try again.', undefined, {
      'retry-after': String(Math.ceil(ACTIVE_SESSION_WINDOW_MS / 1000)),
    }),
  /** Says why (another sign-in, an administrator, a password change), so the login page can too. */
  sessionRevoked: (revokedReason: string | null) => {
    const reason = toSessionEndReason(revokedReason);
    return new AppError('SESSION_REVOKED', 401, sessionEndedDetail[reason], undefined, undefined, reason);
  },
  /** An ordinary admin must not lock the owner out. */
  superadminOnly: () => new AppError('FORBIDDEN', 403, 'Only a superadmin can change a superadmin account or its sessions.'),
  refreshInvalid: () => new AppError('TOKEN_INVALID', 401, 'The session token is not valid. Please sign in again.'),
  passwordNotSet: () =>
    new AppError(
      'PASSWORD_NOT_SET',
      403,
      'This account has no password yet. Use the link in your invitation email, or reset your password.',
    ),
};
