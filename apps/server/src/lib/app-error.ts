import { englishMessages, errorMessages, translateMessage, type ErrorCode, type Message } from '@fueldesk/contracts';

/**
 * The one error type services throw. `message` and `fields` are message keys (contracts'
 * defineMessages), never sentences: the error handler translates them into the caller's language
 * and answers {detail, code, key, params?, fields?}.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    public readonly detailMessage: Message,
    public readonly fieldMessages?: Record<string, Message>,
    public readonly headers?: Record<string, string>,
    /** Sent as `reason` beside detail and code (SESSION_REVOKED: why the session ended). */
    public readonly reason?: string,
  ) {
    super(translateMessage(englishMessages, detailMessage));
    this.name = 'AppError';
  }

  /** The English detail (for logs and tests; the caller gets their language). */
  get detail(): string {
    return this.message;
  }

  /** The English field texts (for logs and tests). */
  get fields(): Record<string, string> | undefined {
    if (!this.fieldMessages) return undefined;
    return Object.fromEntries(Object.entries(this.fieldMessages).map(([field, message]) => [field, translateMessage(englishMessages, message)]));
  }
}

export const notFound = (message: Message = errorMessages.NOT_FOUND) => new AppError('NOT_FOUND', 404, message);
export const badRequest = (message: Message, fields?: Record<string, Message>) =>
  new AppError(fields ? 'VALIDATION_ERROR' : 'BAD_REQUEST', 400, message, fields);

/**
 * The one 429: the text SPEC.md §8 gives the sign-in, in the caller's language, with Retry-After.
 * Every limit (sign-in, mail, public forms, support, API keys) answers with it.
 */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, errorMessages.RATE_LIMITED, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
