import { VALIDATION_MESSAGES } from '@rudy/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import type { useT } from './i18n';

export type Translate = ReturnType<typeof useT>['t'];

/** The spec's field messages (section 5) that forms show, by their key in VALIDATION_MESSAGES. */
export const FIELD_MESSAGE_KEYS = [
  'email',
  'firstName',
  'lastName',
  'emailRequired',
  'passwordMismatch',
  'passwordShort',
  'required',
  'acceptTerms',
  'notRegistered',
  'phone',
] as const;
type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

const BY_TEXT = new Map<string, FieldMessageKey>(
  FIELD_MESSAGE_KEYS.map((key) => [VALIDATION_MESSAGES[key], key]),
);
const LENGTH_PATTERN = /^Field length must be (greater|less) than (\d+)$/;

/**
 * Zod and the server speak the spec's English texts; the visitor reads them in their language.
 * Texts are matched exactly, so a change in the contracts shows up as the generic text in tests.
 */
export function translateFieldMessage(
  t: Translate,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const key = BY_TEXT.get(message);
  if (key) return t(`auth:validation.${key}`);
  const length = LENGTH_PATTERN.exec(message);
  if (length) {
    const number = Number(length[2]);
    return length[1] === 'greater'
      ? t('auth:validation.minLength', { number })
      : t('auth:validation.maxLength', { number });
  }
  // Refusals that belong to one field (a taken email, a wrong password) are stored by code.
  if (isServerCode(message)) return t(`auth:serverErrors.${message}`);
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
type ServerCode = (typeof SERVER_CODES)[number];
const isServerCode = (code: string): code is ServerCode =>
  (SERVER_CODES as readonly string[]).includes(code);

/** The translated message for a failed call, chosen by its `code`, never by the server's text. */
export function apiErrorText(t: Translate, error: unknown): string {
  if (!isApiError(error)) return t('errors:generic');
  if (isServerCode(error.code)) return t(`auth:serverErrors.${error.code}`);
  if (error.code === 'ERR_NETWORK' || error.code === 'ERR_TIMEOUT') {
    return t('auth:serverErrors.network');
  }
  return t('errors:generic');
}

/**
 * Puts the server's refusals on the form's fields and focuses the first: per-field messages
 * (validation_failed carries the spec's texts, incorrect_password its code) and codes that are
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
    const message = error.code === 'validation_failed' ? text : error.code;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Whether a refusal is shown at a field (see applyServerFieldErrors), so no alert repeats it. */
export function isFieldError(error: unknown, byCode: Partial<Record<string, string>> = {}) {
  return isApiError(error) && (Boolean(error.errors) || error.code in byCode);
}
