import { SPEC_MESSAGES, type ErrorCode } from '@rudy/contracts';

/** An error meant for the client: status, stable code and a message (the spec's text when it has one). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message ?? (SPEC_MESSAGES as Partial<Record<ErrorCode, string>>)[code] ?? code);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);

/** A 429 that says when to come back (Retry-After, whole seconds). */
export class TooManyRequests extends HttpError {
  readonly retryAfterS: number;
  constructor(retryAfterMs: number) {
    super(429, 'rate_limited');
    this.retryAfterS = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}
