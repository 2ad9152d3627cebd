import type { ErrorCode } from '@fueldesk/contracts';

/** The one error type services throw. The error handler turns it into {detail, code, fields?}. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    public readonly detail: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
    /** Sent as `reason` beside detail and code (SESSION_REVOKED: why the session ended). */
    public readonly reason?: string,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const notFound = (detail: string) => new AppError('NOT_FOUND', 404, detail);
export const badRequest = (detail: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_ERROR' : 'BAD_REQUEST', 400, detail, fields);
