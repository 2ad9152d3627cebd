import { z } from 'zod';
import { defineMessages } from './messages';

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
  'API_KEY_INVALID',
  'API_KEY_SCOPE',
  'API_KEY_LIMIT',
  'API_KEY_NAME_BUDGET',
  'ALERT_LIMIT',
  'WEBHOOK_LIMIT',
  'FOUR_EYES',
  'WATCHLIST_LIMIT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The server's text for an error code when nothing more specific is said (and the web's fallback). */
export const errorMessages = defineMessages('errors', {
  VALIDATION_ERROR: 'Some fields are not valid.',
  ROUTE_NOT_FOUND: 'This API path does not exist.',
  NOT_FOUND: 'Not found.',
  INTERNAL_ERROR: 'Server error. Please try again later or contact support.',
  BAD_REQUEST: 'The request is not valid.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  REQUEST_TIMEOUT: 'The request took too long.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Please wait 1 minute and try again.',
  UNAUTHENTICATED: 'Please sign in.',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
  FORBIDDEN: 'You do not have access to this resource.',
  TOKEN_INVALID: 'The access token is not valid.',
  TOKEN_EXPIRED: 'The access token has expired.',
  ADMIN_ONLY: 'This area is for administrators.',
  BANK_ONLY: 'Your account can only use bank verification.',
});

/** Deepest nesting of objects and arrays a request may carry; no FuelDesk payload comes close. */
export const MAX_INPUT_DEPTH = 64;

/** What the server says about a request it cannot read, before any route sees it. */
export const requestMessages = defineMessages('request', {
  notAnObject: 'The request body must be a JSON object.',
  invalidCharacter: 'The request contains a character that is not allowed.',
  invalidCharacterField: 'This field contains invalid characters.',
  nestedTooDeeply: 'The request is nested too deeply (at most {{max}} levels).',
  unreadableAddress: 'The address of the request is not valid (a broken percent-encoding).',
  addressTooLong: 'A part of the request address is too long.',
  tooManyStreams: 'Too many open event streams. Close other tabs and try again.',
});

/**
 * A text from outside the catalogs (a provider's refusal reason, a file importer's line report, a
 * validator's own message), sent as it is in every language. Use a catalog key whenever there is one.
 */
export const verbatimMessages = defineMessages('verbatim', { text: '{{text}}' });

/**
 * The error body: `detail` in the caller's language (Accept-Language), `key` and `params` the
 * message it was made from (the web translates `key` when it has it), `fields` one text per field.
 */
export const errorBodySchema = z.object({
  detail: z.string(),
  code: z.string(),
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** SESSION_REVOKED only: why the session ended (schemas/auth.ts `sessionEndReasons`). */
  reason: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
