import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema, SPEC_MESSAGES, VALIDATION_MESSAGES as M } from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { latestMail, linkParams } from '../../test/outbox.js';

let t: TestContext;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_MAX_PER_IP: '1000', AUTH_RATE_MAX_PER_ACCOUNT: '1000' },
    { now: () => new Date(clock) },
  );
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url, payload });
let n = 0;
const newEmail = () => `fan${++n}-${Date.now()}@example.test`;
const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Maya',
  last_name: 'Roy',
  email,
  password: 'blue line 2026',
  password_confirmation: 'blue line 2026',
  newsletter: true,
  terms_accepted: true,
  ...extra,
});

async function register(email = newEmail()) {
  const api_key = await t.apiKey();
  const res = await post('/api/v2/auth/register', { api_key, ...registration(email) });
  expect(res.statusCode, res.body).toBe(200);
  return { api_key, email };
}

describe('registration', () => {
  it('creates the account, signs it in and mails a verification link', async () => {
    const { api_key, email } = await register();
    const profile = ProfileSchema.parse((await t.get('/api/profile', { api_key })).json());
    expect(profile).toMatchObject({
      email,
      first_name: 'Maya',
      newsletter: true,
      email_verified: false,
    });
    const mail = await latestMail(t.database.db, email);
    expect(mail?.subject).toContain('Confirm your email');
    expect(mail?.link?.pathname).toBe('/verify-email');
    expect(mail?.html).toContain('Northern Junior Hockey League');
  });

  it('mails in the language of the request', async () => {
    const email = newEmail();
    const api_key = await t.apiKey();
    await post('/api/v2/auth/register', { api_key, lang: 'fr', ...registration(email) });
    expect((await latestMail(t.database.db, email))?.subject).toContain('Confirmez votre adresse');
  });

  it.each([
    ['first_name', { first_name: '' }, M.firstName],
    ['last_name', { last_name: '   ' }, M.lastName],
    ['email', { email: '' }, M.emailRequired],
    ['email', { email: 'not-an-email' }, M.email],
    ['password', { password: 'short', password_confirmation: 'short' }, M.passwordShort],
    ['password_confirmation', { password_confirmation: 'something else' }, M.passwordMismatch],
    ['terms_accepted', { terms_accepted: false }, M.notRegistered],
    ['first_name', { first_name: 'x'.repeat(101) }, 'Field length must be less than 100'],
  ])('refuses a bad %s with the spec message', async (field, extra, message) => {
    const res = await post('/api/v2/auth/register', {
      api_key: await t.apiKey(),
      ...registration(newEmail(), extra),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: message } });
  });

  it('refuses a taken email whatever its case', async () => {
    const { email } = await register();
    const res = await post('/api/v2/auth/register', {
      api_key: await t.apiKey(),
      ...registration(email.toUpperCase()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'email_taken', message: SPEC_MESSAGES.email_taken });
  });

  it("refuses a second registration on a signed-in key: 'You are already logged in'", async () => {
    const { api_key } = await register();
    const res = await post('/api/v2/auth/register', { api_key, ...registration(newEmail()) });
    expect(res.json()).toMatchObject({ message: 'You are already logged in' });
  });
});

describe('email verification', () => {
  it('verifies once, then says already verified', async () => {
    const { email, api_key } = await register();
    const link = linkParams((await latestMail(t.database.db, email))?.link);
    const ok = await post('/api/auth/email-verify', { api_key, ...link });
    expect(ok.statusCode).toBe(200);
    expect((await t.get('/api/profile', { api_key })).json()).toMatchObject({
      email_verified: true,
    });
    const again = await post('/api/auth/email-verify', { api_key, ...link });
    expect(again.json()).toEqual({
      code: 'email_already_verified',
      message: 'Email already verified.',
    });
  });

  it('fails on a tampered, expired or foreign link', async () => {
    const { email, api_key } = await register();
    const link = linkParams((await latestMail(t.database.db, email))?.link);
    const tampered = {
      ...link,
      signature: link.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    };
    expect((await post('/api/auth/email-verify', { api_key, ...tampered })).json()).toEqual({
      code: 'verification_failed',
      message: 'Verification failed.',
    });
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    expect((await post('/api/auth/email-verify', { api_key: otherKey, ...link })).statusCode).toBe(
      400,
    );
    clock += 49 * 3_600_000;
    try {
      const expired = await post('/api/auth/email-verify', { api_key: await t.apiKey(), ...link });
      expect(expired.json()).toMatchObject({ message: 'Verification failed.' });
    } finally {
      clock -= 49 * 3_600_000;
    }
  });
});

describe('login and logout', () => {
  it('binds the user to the key and logout revokes it', async () => {
    const { email } = await register();
    const api_key = await t.apiKey();
    const res = await post('/api/v2/auth/login', { api_key, email, password: 'blue line 2026' });
    expect(res.statusCode).toBe(200);
    expect(ProfileSchema.parse(res.json()).email).toBe(email);
    expect((await t.get('/api/profile', { api_key })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { api_key })).statusCode).toBe(200);
    const after = await t.get('/api/profile', { api_key });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'api_key_invalid' });
  });

  it('answers wrong password and unknown email identically', async () => {
    const { email } = await register();
    const wrong = await post('/api/v2/auth/login', {
      api_key: await t.apiKey(),
      email,
      password: 'nope nope',
    });
    const unknown = await post('/api/v2/auth/login', {
      api_key: await t.apiKey(),
      email: `nobody-${email}`,
      password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({ code: 'wrong_auth_data', message: 'Wrong auth data' });
  });

  it('keeps accounts of one channel out of another', async () => {
    const { email } = await register();
    const res = await post('/api/v2/auth/login', {
      api_key: await t.apiKey(OTHER_CHANNEL_KEY),
      email,
      password: 'blue line 2026',
    });
    expect(res.json()).toMatchObject({ code: 'wrong_auth_data' });
  });

  it("refuses to log out an anonymous key: 'user can't be logged out'", async () => {
    const res = await post('/api/auth/logout', { api_key: await t.apiKey() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'cannot_logout', message: "user can't be logged out" });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const { email } = await register();
    const a = await post('/api/auth/password-reset-request', { api_key: await t.apiKey(), email });
    const ghost = `ghost-${email}`;
    const b = await post('/api/auth/password-reset-request', {
      api_key: await t.apiKey(),
      email: ghost,
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect((await latestMail(t.database.db, email))?.link?.pathname).toBe('/password-reset');
    expect(await latestMail(t.database.db, ghost)).toBeUndefined();
  });

  it('resets once, ends other sessions, and the new password works', async () => {
    const { email, api_key: oldSession } = await register();
    await post('/api/auth/password-reset-request', { api_key: await t.apiKey(), email });
    const link = linkParams((await latestMail(t.database.db, email))?.link);
    const key = await t.apiKey();
    const body = {
      api_key: key,
      ...link,
      password: 'new long passphrase',
      password_confirmation: 'new long passphrase',
    };
    expect((await post('/api/auth/password-reset', body)).statusCode).toBe(200);
    expect((await t.get('/api/profile', { api_key: oldSession })).statusCode).toBe(401);
    const reused = await post('/api/auth/password-reset', body);
    expect(reused.json()).toEqual({ code: 'reset_failed', message: 'Reset password failed.' });
    const login = await post('/api/v2/auth/login', {
      api_key: key,
      email,
      password: 'new long passphrase',
    });
    expect(login.statusCode).toBe(200);
  });

  it("says 'Reset password key expired.' and 'User not found.' where they apply", async () => {
    const { email } = await register();
    await post('/api/auth/password-reset-request', { api_key: await t.apiKey(), email });
    const link = linkParams((await latestMail(t.database.db, email))?.link);
    const body = {
      ...link,
      password: 'another passphrase',
      password_confirmation: 'another passphrase',
    };
    clock += 61 * 60_000;
    try {
      const expired = await post('/api/auth/password-reset', {
        api_key: await t.apiKey(),
        ...body,
      });
      expect(expired.json()).toEqual({
        code: 'reset_key_expired',
        message: 'Reset password key expired.',
      });
    } finally {
      clock -= 61 * 60_000;
    }
    const missing = await post('/api/auth/password-reset', {
      api_key: await t.apiKey(),
      ...body,
      email: `gone-${email}`,
    });
    expect(missing.json()).toEqual({ code: 'user_not_found', message: 'User not found.' });
  });
});
