import { VALIDATION_MESSAGES } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { FIELD_MESSAGE_KEYS, apiErrorText, translateFieldMessage } from './form-messages';
import { i18next } from './i18n';

type Translate = Parameters<typeof translateFieldMessage>[0];
const t: Translate = i18next.getFixedT('en');
const fr: Translate = i18next.getFixedT('fr');
const error = (code: string, status = 400) =>
  new ApiError({ status, code, message: 'whatever the server said', url: '/api/x' });

describe('translateFieldMessage', () => {
  it('shows the spec texts in English, unchanged', () => {
    for (const key of FIELD_MESSAGE_KEYS) {
      expect(translateFieldMessage(t, VALIDATION_MESSAGES[key])).toBe(VALIDATION_MESSAGES[key]);
    }
    expect(translateFieldMessage(t, 'Field length must be less than 100')).toBe(
      'Field length must be less than 100',
    );
  });

  it('translates them to French, numbers included', () => {
    expect(translateFieldMessage(fr, VALIDATION_MESSAGES.passwordShort)).toBe(
      'Le mot de passe est trop court',
    );
    expect(translateFieldMessage(fr, 'Field length must be greater than 3')).toBe(
      'La longueur du champ doit être supérieure à 3',
    );
    expect(translateFieldMessage(fr, 'incorrect_password')).toBe('Mot de passe incorrect');
  });

  it('never shows an unknown text as is', () => {
    expect(translateFieldMessage(t, 'signature is malformed')).toBe('This value is not valid');
    expect(translateFieldMessage(t, undefined)).toBeUndefined();
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
});
