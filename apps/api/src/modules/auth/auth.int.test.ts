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
    ['first_name', { first_name: '' }, M.firstName, 'firstName'],
    ['last_name', { last_name: '   ' }, M.lastName, 'lastName'],
    ['email', { email: '' }, M.emailRequired, 'emailRequired'],
    ['email', { email: 'not-an-email' }, M.email, 'email'],
    [
      'password',
      { password: 'short', password_confirmation: 'short' },
      M.passwordShort,
      'passwordShort',
    ],
    [
      'password_confirmation',
      { password_confirmation: 'something else' },
      M.passwordMismatch,
      'passwordMismatch',
    ],
    ['terms_accepted', { terms_accepted: false }, M.notRegistered, 'notRegistered'],
    [
      'first_name',
      { first_name: 'x'.repeat(101) },
      'Field length must be less than 100',
      'maxLength:100',
    ],
  ])('refuses a bad %s with the spec message and its code', async (field, extra, message, code) => {
    const res = await post('/api/v2/auth/register', {
      api_key: await t.apiKey(),
      ...registration(newEmail(), extra),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      errors: { [field]: message },
      // What the client translates: the code, never the text.
      field_codes: { [field]: code },
    });
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

  it("says 'Reset password key expired.' only to a genuine link", async () => {
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
  });
});

describe('account enumeration', () => {
  const FAILED_RESET = { code: 'reset_failed', message: 'Reset password failed.' };
  const FAILED_VERIFY = { code: 'verification_failed', message: 'Verification failed.' };
  const forged = { expires: Math.floor(Date.now() / 1000) + 3600, signature: 'A'.repeat(43) };

  it('answers a forged reset link alike for a real and an unknown account', async () => {
    const { email } = await register();
    const attempt = async (address: string) =>
      post('/api/auth/password-reset', {
        api_key: await t.apiKey(),
        email: address,
        ...forged,
        password: 'attacker passphrase',
        password_confirmation: 'attacker passphrase',
      });
    const real = await attempt(email);
    const unknown = await attempt(`nobody-${email}`);
    expect(real.statusCode).toBe(400);
    expect(real.json()).toEqual(FAILED_RESET);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(FAILED_RESET);
  });

  it('answers a forged verification link alike for verified, unverified and unknown emails', async () => {
    const unverified = await register();
    const verified = await register();
    const link = linkParams((await latestMail(t.database.db, verified.email))?.link);
    expect(
      (await post('/api/auth/email-verify', { api_key: verified.api_key, ...link })).statusCode,
    ).toBe(200);
    const answers = [];
    for (const email of [unverified.email, verified.email, `nobody-${verified.email}`]) {
      const res = await post('/api/auth/email-verify', {
        api_key: await t.apiKey(),
        email,
        ...forged,
      });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([
      [400, FAILED_VERIFY],
      [400, FAILED_VERIFY],
      [400, FAILED_VERIFY],
    ]);
  });
});

describe('links in mails come from configuration, never from the Host header', () => {
  it('ignores a forged Host: the link points at this installation', async () => {
    const email = newEmail();
    await register(email);
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { api_key: await t.apiKey(), email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await latestMail(t.database.db, email);
    expect(mail?.link?.origin).toBe('http://localhost:3000');
    expect(mail?.text_body).not.toContain('evil.example');
  });

  it("uses the channel's own public origin, else PUBLIC_URL", async () => {
    const site = await createTestApp({ PUBLIC_URL: 'https://tv.rudy.example' });
    try {
      await site.database.db
        .updateTable('channels')
        .set({ public_origin: 'https://watch.other-league.example' })
        .where('id', '=', site.otherChannelId)
        .execute();
      const mailFor = async (channelKey: string, email: string) => {
        const api_key = await site.apiKey(channelKey);
        const res = await site.inject({
          method: 'POST',
          url: '/api/v2/auth/register',
          headers: { host: 'evil.example' },
          payload: { api_key, ...registration(email) },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (await latestMail(site.database.db, email))?.link;
      };
      const demo = await mailFor('demo-hockey', newEmail());
      expect(demo?.origin).toBe('https://tv.rudy.example');
      const other = await mailFor(OTHER_CHANNEL_KEY, newEmail());
      expect(other?.origin).toBe('https://watch.other-league.example');
      expect(other?.pathname).toBe('/verify-email');
    } finally {
      await site.close();
    }
  });
});
