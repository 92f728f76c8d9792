import { ADMIN_TEXTS, parseAdminCode } from './admin-messages.js';

/** User-facing validation and error texts of spec sections 5 and 8, verbatim. */
export const VALIDATION_MESSAGES = {
  email: 'A valid email address is required',
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  emailRequired: 'Enter your Email',
  passwordMismatch: 'The password and password confirmation do not match',
  passwordShort: 'The password is too short',
  required: 'Field is required',
  minLength: 'Field length must be greater than {number}',
  maxLength: 'Field length must be less than {number}',
  acceptTerms: 'Please accept terms & conditions',
  clipDuration: 'Your clip duration is longer than the end time',
  fillInput: 'Please fill in the input field.',
  selectTag: 'Please select tag',
  selectCard: 'Please select one of your saved cards or enter new one',
  promoInvalid: 'Promo code is invalid',
  notRegistered:
    'You are not registered yet. Please accept terms and conditions and click Register to continue.',
  /** Not a spec text: spec 5 gives the phone pattern but no message for it. */
  phone: 'A valid phone number is required',
} as const;

export const USER_TEXTS = {
  generic: 'Something went wrong. Please try again or contact technical support',
  reloadScreen: 'Apologies! Our service is currently experiencing technical difficulties.',
  playerError: 'Oops! We are currently experiencing technical difficulties',
  geoBlocked: "We're sorry, but this content is not available in your region.",
  notFoundTitle: 'Sorry! - Game Not Found',
  notFoundLost: 'Looks like we lose this page',
  notFoundHmm: 'Hmm',
  notFoundGame: 'game not found',
} as const;

/** A field message's code: a key of VALIDATION_MESSAGES, with its number for the two lengths. */
export type FieldMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * The messages of the shared zod schemas are codes, not texts: each side shows them in its own
 * way (the server the spec's English text, `fieldMessageText`; the client its translation), and
 * nothing ever maps an English text back to a key. `FIELD.email` is 'email'.
 */
export const FIELD = Object.fromEntries(
  Object.keys(VALIDATION_MESSAGES).map((key) => [key, key]),
) as { readonly [K in FieldMessageKey]: K };

/** The length codes carry their number: 'maxLength:254'. */
export const lengthCode = (kind: 'minLength' | 'maxLength', n: number) => `${kind}:${n}`;

/** A field message code read back: its key and, for a length, its number; null if not one. */
export function parseFieldCode(code: string): { key: FieldMessageKey; number?: number } | null {
  const length = /^(minLength|maxLength):(\d{1,9})$/.exec(code);
  if (length) return { key: length[1] as FieldMessageKey, number: Number(length[2]) };
  if (code === 'minLength' || code === 'maxLength' || !Object.hasOwn(VALIDATION_MESSAGES, code)) {
    return null;
  }
  return { key: code as FieldMessageKey };
}

/** The English text of a field code (the spec's, or the console's); anything else as it is. */
export function fieldMessageText(code: string): string {
  const admin = parseAdminCode(code);
  if (admin) return ADMIN_TEXTS[admin];
  const parsed = parseFieldCode(code);
  if (!parsed) return code;
  const text: string = VALIDATION_MESSAGES[parsed.key];
  return parsed.number === undefined ? text : text.replace('{number}', String(parsed.number));
}

/**
 * Refused fields as an error body carries them: each field's spec text (`errors`) and, for those
 * whose message is a code, the code (`field_codes`, what the client translates). A message that
 * is no code (zod's own, a service's text) is sent as it is, without one.
 */
export function refusedFields(messages: Record<string, string>): {
  errors: Record<string, string>;
  field_codes?: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const codes: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages)) {
    errors[field] = fieldMessageText(message);
    if (parseFieldCode(message) || parseAdminCode(message)) codes[field] = message;
  }
  return Object.keys(codes).length > 0 ? { errors, field_codes: codes } : { errors };
}
