import { ERR_CANCELED, ERR_NETWORK, ERR_TIMEOUT, isKeyErrorMessage } from '@rudy/contracts';

/** Client-side codes besides the contracts' ERR_* ones. */
export const ERR_BAD_RESPONSE = 'ERR_BAD_RESPONSE';
/** The spec's "no api key" error: no key could be obtained for the channel. */
export const NO_API_KEY_MESSAGE = 'no api key';

const KEY_ERROR_CODES = new Set(['api_key_missing', 'api_key_invalid', 'channel_key_invalid']);

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly url: string;
  readonly errors: Record<string, string> | undefined;
  /** The refused fields' message codes (`field_codes`), which the forms translate. */
  readonly fieldCodes: Record<string, string> | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    url: string;
    errors?: Record<string, string> | undefined;
    fieldCodes?: Record<string, string> | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.url = init.url;
    this.errors = init.errors;
    this.fieldCodes = init.fieldCodes;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Errors that make the client drop its keys, get a new one and retry once. */
export function isKeyError(error: unknown): error is ApiError {
  if (!isApiError(error)) return false;
  if (error.code === ERR_CANCELED || error.code === ERR_TIMEOUT || error.code === ERR_NETWORK) {
    return false;
  }
  return KEY_ERROR_CODES.has(error.code) || isKeyErrorMessage(error.message);
}

export function canceledError(url: string) {
  return new ApiError({ status: 0, code: ERR_CANCELED, message: 'Request canceled', url });
}
