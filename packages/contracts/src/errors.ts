import { z } from 'zod';

/** Every machine-readable error code the API may answer with. The web maps them to i18n keys. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'INTERNAL_ERROR',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'ACTIVE_SESSION',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'USER_NOT_FOUND',
  'INVALID_PASSWORD',
  'ACCOUNT_INACTIVE',
  'TOKEN_USED',
  'EMAIL_ALREADY_VERIFIED',
  'PASSWORD_NOT_SET',
  'CONFLICT',
  'PLAN_LIMIT',
  'DASHBOARD_LIMIT',
  'UNKNOWN_PRODUCT',
  'INVALID_RANGE',
  'IMPORT_REJECTED',
  'PROVIDER_ERROR',
  'WEBHOOK_UNVERIFIED',
  'ALERT_LIMIT',
  'WEBHOOK_LIMIT',
  'FOUR_EYES',
  'WATCHLIST_LIMIT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** SESSION_REVOKED only: why the session ended (schemas/auth.ts `sessionEndReasons`). */
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
