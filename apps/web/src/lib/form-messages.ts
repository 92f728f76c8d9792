import { parseFieldCode } from '@rudy/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type ApiError } from './api-error';
import { isOneOf } from './code-list';
import type { useT } from './i18n';

export type Translate = ReturnType<typeof useT>['t'];

/** The field message codes (spec 5) with a text under auth:validation. */
export const FIELD_MESSAGE_KEYS = [
  'email',
  'firstName',
  'lastName',
  'emailRequired',
  'passwordMismatch',
  'passwordShort',
  'required',
  'minLength',
  'maxLength',
  'acceptTerms',
  'notRegistered',
  'phone',
] as const;
const isFieldMessageKey = isOneOf(FIELD_MESSAGE_KEYS);

/**
 * A field's message in the visitor's language, from its code: the shared schemas' messages are
 * codes (contracts `FIELD`, 'maxLength:100' for a length), and so are the server's refused fields
 * (`field_codes`) and the refusals stored at a field (incorrect_password). No English text is read
 * back: anything else shows as the generic "not valid".
 */
export function translateFieldMessage(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const field = parseFieldCode(code);
  if (field && isFieldMessageKey(field.key)) {
    return field.number === undefined
      ? t(`auth:validation.${field.key}`)
      : t(`auth:validation.${field.key}`, { number: field.number });
  }
  if (isServerCode(code)) return t(`auth:serverErrors.${code}`);
  return t('auth:validation.invalid');
}

/** Server codes with a text of their own; any other code reads as the generic apology. */
const SERVER_CODES = [
  'email_taken',
  'wrong_auth_data',
  'already_logged_in',
  'verification_failed',
  'email_already_verified',
  'user_not_found',
  'reset_key_expired',
  'reset_failed',
  'recaptcha_required',
  'recaptcha_invalid',
  'cannot_logout',
  'login_required',
  'unauthenticated',
  'incorrect_password',
  'rate_limited',
  'validation_failed',
] as const;
const isServerCode = isOneOf(SERVER_CODES);

/** Whether the API itself explained a refusal: a 4xx answer whose JSON body carried a code. */
const isExplainedRefusal = (error: ApiError) =>
  error.status >= 400 && error.status < 500 && !error.code.startsWith('http_');

/**
 * The translated message for a failed call, chosen by its `code`, never by the server's text. A
 * refusal whose code has no text here shows the server's message (it says what was wrong, if in
 * English); anything else (a fault, no answer, a gateway's page) reads as the generic apology.
 */
export function apiErrorText(t: Translate, error: unknown): string {
  if (!isApiError(error)) return t('errors:generic');
  if (isServerCode(error.code)) return t(`auth:serverErrors.${error.code}`);
  if (error.code === 'ERR_NETWORK' || error.code === 'ERR_TIMEOUT') {
    return t('auth:serverErrors.network');
  }
  if (isExplainedRefusal(error) && error.message) return error.message;
  return t('errors:generic');
}

/**
 * Puts the server's refusals on the form's fields and focuses the first: per-field messages
 * (validation_failed carries their codes, incorrect_password its own) and codes that are
 * about one field (`byCode`, e.g. email_taken → email). Returns whether any field got one.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  byCode: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error)) return false;
  const codeField = byCode[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: error.code }, { shouldFocus: true });
    return true;
  }
  if (!error.errors) return false;
  let applied = false;
  for (const field of fields) {
    const text = error.errors[field];
    if (!text) continue;
    // A refused field's code, never its text; a field the server named without one (zod's own
    // message) keeps its text, which no translation matches: it reads as the generic message.
    const message =
      error.code === 'validation_failed' ? (error.fieldCodes?.[field] ?? text) : error.code;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Whether a refusal is shown at a field (see applyServerFieldErrors), so no alert repeats it. */
export function isFieldError(error: unknown, byCode: Partial<Record<string, string>> = {}) {
  return isApiError(error) && (Boolean(error.errors) || error.code in byCode);
}
