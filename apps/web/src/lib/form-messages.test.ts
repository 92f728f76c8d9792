import { FIELD, VALIDATION_MESSAGES, lengthCode } from '@rudy/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import {
  FIELD_MESSAGE_KEYS,
  apiErrorText,
  applyServerFieldErrors,
  translateFieldMessage,
} from './form-messages';
import { changeLocale, i18n } from './i18n';

type Translate = Parameters<typeof translateFieldMessage>[0];

// French texts are loaded when French is chosen; the tests then speak English again.
beforeAll(async () => {
  await changeLocale('fr');
  await changeLocale('en');
});
const t: Translate = i18n.getFixedT('en');
const fr: Translate = i18n.getFixedT('fr');
const error = (code: string, status = 400) =>
  new ApiError({ status, code, message: 'whatever the server said', url: '/api/x' });

describe('translateFieldMessage', () => {
  it('shows the spec texts in English for their codes', () => {
    for (const key of FIELD_MESSAGE_KEYS) {
      if (key === 'minLength' || key === 'maxLength') continue;
      expect(translateFieldMessage(t, FIELD[key])).toBe(VALIDATION_MESSAGES[key]);
    }
    expect(translateFieldMessage(t, lengthCode('maxLength', 100))).toBe(
      'Field length must be less than 100',
    );
  });

  it('translates them to French, numbers included', () => {
    expect(translateFieldMessage(fr, FIELD.passwordShort)).toBe('Le mot de passe est trop court');
    expect(translateFieldMessage(fr, lengthCode('minLength', 3))).toBe(
      'La longueur du champ doit être supérieure à 3',
    );
    expect(translateFieldMessage(fr, 'incorrect_password')).toBe('Mot de passe incorrect');
  });

  it('never reads an English text back, nor shows an unknown one as is', () => {
    expect(translateFieldMessage(t, 'signature is malformed')).toBe('This value is not valid');
    // The spec's own text is not a code: the generic message, not a guess from the words.
    expect(translateFieldMessage(t, VALIDATION_MESSAGES.passwordShort)).toBe(
      'This value is not valid',
    );
    expect(translateFieldMessage(t, undefined)).toBeUndefined();
  });
});

describe('applyServerFieldErrors', () => {
  it("puts the server's field codes on the fields, never its texts", () => {
    const set: Record<string, string | undefined> = {};
    const refused = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'email: A valid email address is required',
      url: '/api/v2/auth/register',
      errors: { email: 'A valid email address is required', first_name: 'Invalid input' },
      fieldCodes: { email: 'email' },
    });
    const applied = applyServerFieldErrors(
      refused,
      (field, error) => {
        set[field] = error.message;
      },
      ['email', 'first_name', 'last_name'],
    );
    expect(applied).toBe(true);
    expect(set).toEqual({ email: 'email', first_name: 'Invalid input' });
    expect(translateFieldMessage(t, set.email)).toBe('A valid email address is required');
    expect(translateFieldMessage(t, set.first_name)).toBe('This value is not valid');
  });
});

describe('apiErrorText', () => {
  it('maps the spec codes, never the server text', () => {
    expect(apiErrorText(t, error('email_taken'))).toBe(
      'The email address you have entered is already registered.',
    );
    expect(apiErrorText(t, error('incorrect_password'))).toBe('Incorrect password');
    expect(apiErrorText(fr, error('reset_failed'))).toBe(
      'La réinitialisation du mot de passe a échoué.',
    );
    expect(apiErrorText(t, error('something_new', 500))).toBe(
      'Something went wrong. Please try again or contact technical support',
    );
    expect(apiErrorText(t, error('ERR_NETWORK', 0))).toMatch(/could not reach the server/);
    expect(apiErrorText(t, new Error('boom'))).toMatch(/Something went wrong/);
  });

  it("falls back to the server's message for a refusal it has no text for, else the apology", () => {
    expect(apiErrorText(t, error('clip_limit_reached', 403))).toBe('whatever the server said');
    // Not the API's own refusal (a gateway's page), or a fault: the apology, never its text.
    expect(apiErrorText(t, error('http_404', 404))).toMatch(/^Something went wrong/);
    expect(apiErrorText(fr, error('internal_error', 500))).not.toBe('whatever the server said');
  });
});
