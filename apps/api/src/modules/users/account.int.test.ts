import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema, UserAccessSchema } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { latestMail } from '../../test/outbox.js';
import { hashApiKey } from '../keys/keys.service.js';
import { hashPassword } from '../auth/password.js';
import { signedInUser } from '../../test/test-users.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_MAX_PER_IP: '1000', AUTH_RATE_MAX_PER_ACCOUNT: '1000' });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url, payload });
let n = 0;
const PASSWORD = 'slapshot season';

async function member() {
  const email = `member${++n}-${Date.now()}@example.test`;
  const api_key = await t.apiKey();
  const res = await post('/api/v2/auth/register', {
    api_key,
    first_name: 'Léa',
    last_name: 'Tremblay',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_accepted: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { api_key, email, id: ProfileSchema.parse(res.json()).id };
}

describe('profile', () => {
  it('answers 401 to an anonymous key (the client treats it as signed out)', async () => {
    const res = await t.get('/api/profile', { api_key: await t.apiKey() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'login_required', message: 'user must be logged in' });
  });

  it('edits names and newsletter without a password', async () => {
    const { api_key } = await member();
    const res = await post('/api/profile', {
      api_key,
      _method: 'patch',
      first_name: 'Lea',
      newsletter: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Lea',
      last_name: 'Tremblay',
      newsletter: true,
    });
  });

  it('needs _method patch', async () => {
    const { api_key } = await member();
    const res = await post('/api/profile', { api_key, first_name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { _method: expect.any(String) } });
  });

  it("changes the password only with the current one: 'Incorrect password'", async () => {
    const { api_key, email } = await member();
    const wrong = await post('/api/profile', {
      api_key,
      _method: 'patch',
      current_password: 'not it at all',
      password: 'a brand new one',
      password_confirmation: 'a brand new one',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Incorrect password',
      errors: { current_password: 'Incorrect password' },
    });
    const other = await t.apiKey();
    await post('/api/v2/auth/login', { api_key: other, email, password: PASSWORD });
    const ok = await post('/api/profile', {
      api_key,
      _method: 'patch',
      current_password: PASSWORD,
      password: 'a brand new one',
      password_confirmation: 'a brand new one',
    });
    expect(ok.statusCode).toBe(200);
    // This session stays; the other one ended with the password change.
    expect((await t.get('/api/profile', { api_key })).statusCode).toBe(200);
    expect((await t.get('/api/profile', { api_key: other })).statusCode).toBe(401);
  });

  it('re-verifies a changed email and refuses a taken one', async () => {
    const a = await member();
    const b = await member();
    const taken = await post('/api/profile', {
      api_key: a.api_key,
      _method: 'patch',
      email: b.email,
      current_password: PASSWORD,
    });
    expect(taken.json()).toMatchObject({ code: 'email_taken' });
    const fresh = `moved-${a.email}`;
    const res = await post('/api/profile', {
      api_key: a.api_key,
      _method: 'patch',
      email: fresh,
      current_password: PASSWORD,
    });
    expect(res.json()).toMatchObject({ email: fresh, email_verified: false });
    expect((await latestMail(t.database.db, fresh))?.link?.pathname).toBe('/verify-email');
  });

  it('lets a temporary-password holder set a new password, clearing the flag', async () => {
    const { api_key, id } = await member();
    await t.database.db
      .updateTable('users')
      .set({ temporary_password: true })
      .where('id', '=', id)
      .execute();
    expect((await t.get('/api/profile', { api_key })).json()).toMatchObject({
      temporary_password: true,
    });
    const res = await post('/api/profile', {
      api_key,
      _method: 'patch',
      password: 'my own password now',
      password_confirmation: 'my own password now',
    });
    expect(res.json()).toMatchObject({ temporary_password: false });
  });
});

describe('GET /user/access', () => {
  it('has no capabilities without purchases and the purchased ones after', async () => {
    const { api_key, id } = await member();
    expect(UserAccessSchema.parse((await t.get('/api/user/access', { api_key })).json())).toEqual({
      capabilities: [],
      featureCount: { clip: 0, download: 0 },
      is_geo_blocked: false,
    });
    const pass = await t.database.db
      .selectFrom('packages')
      .select(['id', 'accesses'])
      .where('channel_id', '=', t.demoChannelId)
      .where('scope', '=', 'category')
      .where('is_basic', '=', false)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('orders')
      .values({
        channel_id: t.demoChannelId,
        user_id: id,
        type: 'package',
        product_id: pass.id,
        status: 'paid',
        activity_status: 'active',
        amount_cents: 1000,
        currency: 'CAD',
        provider: 'sandbox',
        idempotency_key: `test-${id}`,
      })
      .execute();
    const access = UserAccessSchema.parse((await t.get('/api/user/access', { api_key })).json());
    expect(access.capabilities).toEqual(
      expect.arrayContaining(pass.accesses.map((a) => a.toLowerCase())),
    );
  });

  it('is refused to an anonymous key', async () => {
    expect((await t.get('/api/user/access', { api_key: await t.apiKey() })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('needs the password, then removes the person and every key', async () => {
    const { api_key, id, email } = await member();
    const wrong = await post('/api/delete-account-confirm', { api_key, password: 'guess guess' });
    expect(wrong.json()).toMatchObject({ message: 'Incorrect password' });
    expect(
      (await post('/api/delete-account-confirm', { api_key, password: PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const key = await t.database.db
      .selectFrom('api_keys')
      .select(['revoked_at'])
      .where('key_hash', '=', hashApiKey(api_key))
      .executeTakeFirstOrThrow();
    expect(key.revoked_at).not.toBeNull();
    const login = await post('/api/v2/auth/login', {
      api_key: await t.apiKey(),
      email,
      password: PASSWORD,
    });
    expect(login.json()).toMatchObject({ code: 'wrong_auth_data' });
  });
});

describe('abuse protection', () => {
  it('limits login attempts per IP, and per account from each IP, with 429 and Retry-After', async () => {
    const limited = await createTestApp({
      AUTH_RATE_MAX_PER_IP: '6',
      AUTH_RATE_MAX_PER_ACCOUNT: '3',
    });
    try {
      const attempt = async (email: string, remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/v2/auth/login',
          remoteAddress,
          payload: { api_key: await limited.apiKey(), email, password: 'wrong guess' },
        });
      const perAccount = [];
      for (let i = 0; i < 4; i++) perAccount.push(await attempt('target@example.test', '10.0.0.1'));
      expect(perAccount.map((r) => r.statusCode)).toEqual([400, 400, 400, 429]);
      const retryAfter = Number(perAccount[3]?.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      const perIp = [];
      for (let i = 0; i < 7; i++) {
        perIp.push((await attempt(`spray${i}@example.test`, '10.9.9.9')).statusCode);
      }
      expect(perIp.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
      expect(perIp[6]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('lets the owner in although strangers failed on their account from everywhere', async () => {
    const limited = await createTestApp({ AUTH_RATE_MAX_PER_ACCOUNT: '3' });
    try {
      const { email } = await signedInUser(limited);
      await limited.database.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('email', '=', email)
        .execute();
      const login = async (password: string, remoteAddress: string) =>
        (
          await limited.inject({
            method: 'POST',
            url: '/api/v2/auth/login',
            remoteAddress,
            payload: { api_key: await limited.apiKey(), email, password },
          })
        ).statusCode;
      for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
        for (let i = 0; i < 4; i++) await login('wrong guess', ip);
        expect(await login('wrong guess', ip)).toBe(429);
      }
      expect(await login(PASSWORD, '10.2.0.1')).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits guesses at verification and reset links too', async () => {
    const limited = await createTestApp({ AUTH_RATE_MAX_PER_ACCOUNT: '3' });
    try {
      const forged = {
        email: 'victim@example.test',
        expires: 4102444800,
        signature: 'A'.repeat(43),
      };
      for (const url of ['/api/auth/email-verify', '/api/auth/password-reset']) {
        const seen = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.inject({
            method: 'POST',
            url,
            payload: {
              api_key: await limited.apiKey(),
              ...forged,
              password: 'guessing passphrase',
              password_confirmation: 'guessing passphrase',
            },
          });
          seen.push(res.statusCode);
          if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
        }
        expect(seen, url).toEqual([400, 400, 400, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('requires a valid reCAPTCHA token when the channel turns it on', async () => {
    const guarded = await createTestApp(
      {},
      { recaptcha: { verify: (token) => Promise.resolve(token === 'human') } },
    );
    try {
      const settings = await guarded.database.db
        .selectFrom('settings')
        .select('data')
        .where('channel_id', '=', guarded.demoChannelId)
        .executeTakeFirstOrThrow();
      await guarded.database.db
        .updateTable('settings')
        .set({ data: JSON.stringify({ ...settings.data, recaptcha_site_key: 'site-key' }) })
        .where('channel_id', '=', guarded.demoChannelId)
        .execute();
      const login = async (extra: Record<string, unknown>) =>
        (
          await guarded.inject({
            method: 'POST',
            url: '/api/v2/auth/login',
            payload: {
              api_key: await guarded.apiKey(),
              email: 'a@example.test',
              password: 'whatever1',
              ...extra,
            },
          })
        ).json<{ message: string }>().message;
      expect(await login({})).toBe('Google recaptcha token required');
      expect(await login({ recaptcha_token: 'bot' })).toBe(
        'Google recaptcha token is invalid or you look like a robot',
      );
      expect(await login({ recaptcha_token: 'human' })).toBe('Wrong auth data');
    } finally {
      await guarded.close();
    }
  });
});
