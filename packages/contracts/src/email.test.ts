import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  LoginBodySchema,
  PasswordResetRequestBodySchema,
  RegisterBodySchema,
  SignInEmailSchema,
} from './auth.js';
import { fieldMessageText } from './messages.js';

/** The first message as the server sends it (the spec's text for the schema's code). */
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  const code = result.error?.issues[0]?.message;
  return code === undefined ? undefined : fieldMessageText(code);
};

describe('the spec 5 email checks', () => {
  it('standard: accepts usual addresses, refuses the rest with the spec text', () => {
    for (const ok of ['fan@njhl.example', 'a.b+c@mail.co.uk', 'élève@école.ca', '42@sms.example']) {
      expect(EmailSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'fan',
      'fan@',
      'fan@njhl',
      'fan@njhl.c',
      'f an@njhl.example',
      'fan@192.0.2.7',
    ]) {
      expect(firstMessage(EmailSchema.safeParse(bad)), bad).toBe(
        'A valid email address is required',
      );
    }
    expect(firstMessage(EmailSchema.safeParse(' '))).toBe('Enter your Email');
    // The schema's own message is the code each side translates.
    expect(EmailSchema.safeParse('fan@').error?.issues[0]?.message).toBe('email');
  });

  it('number-email: accepted when signing in only', () => {
    for (const ok of ['fan@192.0.2.7', 'fan@[192.0.2.7]', 'fan@njhl.example']) {
      expect(SignInEmailSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['fan@192.0.2', 'fan@256.0.2.7', 'fan@[192.0.2.7', 'fan@1.2.3.4.5']) {
      expect(firstMessage(SignInEmailSchema.safeParse(bad)), bad).toBe(
        'A valid email address is required',
      );
    }
    expect(LoginBodySchema.safeParse({ email: 'fan@192.0.2.7', password: 'x' }).success).toBe(true);
    expect(PasswordResetRequestBodySchema.safeParse({ email: 'fan@192.0.2.7' }).success).toBe(true);
    const register = RegisterBodySchema.safeParse({
      first_name: 'A',
      last_name: 'B',
      email: 'fan@192.0.2.7',
      password: 'long enough',
      password_confirmation: 'long enough',
      terms_accepted: true,
    });
    expect(register.error?.issues.map((i) => fieldMessageText(i.message))).toEqual([
      'A valid email address is required',
    ]);
  });
});
