import { z } from 'zod';
import { USER_TEXTS, VALIDATION_MESSAGES as M } from './messages.js';

/**
 * Error codes travel with every error body; the client maps the code (never the text) to its
 * translated message. Where the spec gives a text, SPEC_MESSAGES holds it verbatim.
 */
export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'route_not_found',
  'api_key_missing',
  'api_key_invalid',
  'channel_key_invalid',
  'rate_limited',
  'unauthenticated',
  'forbidden',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  // a dependency (the database) is briefly unreachable: 503 with Retry-After
  'service_unavailable',
  'email_taken',
  'wrong_auth_data',
  'already_logged_in',
  'verification_failed',
  'email_already_verified',
  'user_not_found',
  'reset_key_expired',
  'reset_failed',
  'wrong_promo_code',
  'recaptcha_required',
  'recaptcha_invalid',
  'cannot_logout',
  'login_required',
  'id_not_selected',
  'pass_not_found',
  'favoritable_type_invalid',
  'incorrect_password',
  'geo_blocked',
  'access_denied',
  'download_not_allowed',
  'download_limit_reached',
  'media_not_ready',
  'media_token_invalid',
  // commerce
  'promo_code_invalid',
  // why a known promo code cannot be used (the message starts with 'Promo code is invalid')
  'promo_code_expired',
  'promo_code_not_applicable',
  'promo_code_used_up',
  'promo_code_already_used',
  'card_required',
  'card_invalid',
  'event_not_for_sale',
  'product_unavailable',
  'already_purchased',
  'trial_already_used',
  'trial_unavailable',
  'bundle_invalid',
  'payment_failed',
  'payment_provider_error',
  'order_not_cancellable',
  'order_not_resumable',
  'webhook_invalid',
  'order_pending',
  'email_not_verified',
  'trial_card_declined',
  'trial_card_used',
  // clips
  'clipping_not_allowed',
  'clip_limit_reached',
  'clip_tag_invalid',
  'clip_too_short',
  'clip_too_long',
  'clip_beyond_end',
  // analytics
  'analytics_busy',
  // operator console: a team that plays in games, a game that was sold
  'in_use',
  // operator console, commerce: an order that cannot be refunded; the provider refused the refund
  'not_refundable',
  'refund_failed',
  // operator console, people: a blocked viewer, an invitation link, the channel's last admin
  'account_blocked',
  'invitation_invalid',
  'invitation_expired',
  'last_admin',
  // operator console, media: a chunk at another offset; an upload or job not in the right state
  'upload_offset',
  'media_conflict',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Spec 8: the key errors' text, spelling as in the spec (the client matches on it). */
const NO_KEY = 'No chanel or api key found';

/** The server's texts by code; a text the spec also shows elsewhere is that one definition. */
export const SPEC_MESSAGES = {
  email_taken: 'The email address you have entered is already registered.',
  wrong_auth_data: 'Wrong auth data',
  already_logged_in: 'You are already logged in',
  verification_failed: 'Verification failed.',
  email_already_verified: 'Email already verified.',
  user_not_found: 'User not found.',
  reset_key_expired: 'Reset password key expired.',
  reset_failed: 'Reset password failed.',
  wrong_promo_code: 'Wrong promo code',
  recaptcha_required: 'Google recaptcha token required',
  recaptcha_invalid: 'Google recaptcha token is invalid or you look like a robot',
  channel_key_invalid: NO_KEY,
  api_key_missing: NO_KEY,
  api_key_invalid: NO_KEY,
  cannot_logout: "user can't be logged out",
  login_required: 'user must be logged in',
  id_not_selected: 'id not selected',
  pass_not_found: 'Pass not found',
  incorrect_password: 'Incorrect password',
  route_not_found: 'Route not found',
  rate_limited: 'Too many requests, please retry later',
  internal_error: USER_TEXTS.generic,
  geo_blocked: USER_TEXTS.geoBlocked,
  promo_code_invalid: M.promoInvalid,
  card_required: M.selectCard,
  clip_tag_invalid: M.selectTag,
  clip_beyond_end: M.clipDuration,
} as const satisfies Partial<Record<ErrorCode, string>>;

export const ErrorBodySchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  errors: z
    .record(z.string(), z.string())
    .optional()
    .describe("Refused fields, each with the spec's text (validation_failed)"),
  field_codes: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      "The same fields' message codes (a key of the spec's field messages, 'maxLength:100' for a " +
        'length): what the client translates',
    ),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

// Defined in a zod-free module so the web bundle can use them without pulling in zod.
export { ERR_CANCELED, ERR_NETWORK, ERR_TIMEOUT, isKeyErrorMessage } from './client-errors.js';
