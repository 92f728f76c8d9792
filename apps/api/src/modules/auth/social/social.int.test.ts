import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '@rudy/contracts';
import { followToClient, startOidcIssuer, type TestPerson } from '../../../test/oidc-issuer.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';

const SITE = 'http://app.example.test';
let person: TestPerson;
let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
let t: TestContext;

beforeAll(async () => {
  issuer = await startOidcIssuer({
    redirectUri: `${SITE}/auth/login/google/callback`,
    person: () => person,
  });
  t = await createTestApp({
    PUBLIC_URL: SITE,
    GOOGLE_CLIENT_ID: 'rudy-test',
    GOOGLE_CLIENT_SECRET: 'rudy-test-secret',
    GOOGLE_ISSUER: issuer.issuer,
    OAUTH_ALLOW_HTTP: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** The whole redirect flow as a browser does it; returns the final response of add_session. */
async function signIn(opts: { tamperCookie?: boolean } = {}) {
  const api_key = await t.apiKey();
  const start = await t.inject({
    method: 'POST',
    url: '/api/v2/auth/social/google',
    payload: { api_key, return_to: '/schedule' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^rudy_oauth=/);
  const { authorization_url } = start.json<{ authorization_url: string }>();
  const back = await followToClient(authorization_url, issuer.issuer);
  expect(back.origin + back.pathname).toBe(`${SITE}/auth/login/google/callback`);

  const callback = await t.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie: opts.tamperCookie ? 'rudy_oauth=someone-else' : cookie },
  });
  expect(callback.statusCode).toBe(302);
  const landing = new URL(String(callback.headers.location), SITE);
  const code = landing.searchParams.get('code');
  return { api_key, landing, code, callbackUrl: back };
}

describe('Google-style sign-in against a local OpenID Connect provider', () => {
  it('creates a verified account, hands a one-time code, and binds it to the key', async () => {
    person = {
      sub: 'g-1',
      email: 'social1@example.test',
      email_verified: true,
      given_name: 'Zoé',
      family_name: 'Gagnon',
    };
    const { api_key, landing, code } = await signIn();
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('return_to')).toBe('/schedule');
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/add_session',
      payload: { api_key, code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ProfileSchema.parse(res.json())).toMatchObject({
      email: 'social1@example.test',
      first_name: 'Zoé',
      email_verified: true,
      has_password: false,
    });
    const replay = await t.inject({
      method: 'POST',
      url: '/api/auth/add_session',
      payload: { api_key: await t.apiKey(), code },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('signs the same person into the same account next time', async () => {
    person = {
      sub: 'g-1',
      email: 'social1@example.test',
      email_verified: true,
      given_name: 'Zoé',
      family_name: 'Gagnon',
    };
    const { api_key, code } = await signIn();
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/add_session',
      payload: { api_key, code },
    });
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'social1@example.test')
      .execute();
    expect(users).toHaveLength(1);
    expect(res.json()).toMatchObject({ id: users[0]?.id });
  });

  it('links an existing account only through a verified email', async () => {
    const api_key = await t.apiKey();
    await t.inject({
      method: 'POST',
      url: '/api/v2/auth/register',
      payload: {
        api_key,
        first_name: 'Sam',
        last_name: 'Lee',
        email: 'owner@example.test',
        password: 'owner password',
        password_confirmation: 'owner password',
        terms_accepted: true,
      },
    });
    person = {
      sub: 'g-evil',
      email: 'owner@example.test',
      email_verified: false,
      given_name: 'Eve',
      family_name: 'X',
    };
    const refused = await signIn();
    expect(refused.landing.searchParams.get('social_error')).toBe('email_unverified');
    person = {
      sub: 'g-owner',
      email: 'owner@example.test',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Lee',
    };
    const linked = await signIn();
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/add_session',
      payload: { api_key: linked.api_key, code: linked.code },
    });
    expect(res.json()).toMatchObject({ email: 'owner@example.test', has_password: true });
  });

  it('refuses a callback from another browser (cookie mismatch) or a replayed state', async () => {
    person = {
      sub: 'g-2',
      email: 'social2@example.test',
      email_verified: true,
      given_name: 'Al',
      family_name: 'B',
    };
    const other = await signIn({ tamperCookie: true });
    expect(other.landing.searchParams.get('social_error')).toBe('state');
    const replay = await t.inject({
      method: 'GET',
      url: other.callbackUrl.pathname + other.callbackUrl.search,
    });
    expect(new URL(String(replay.headers.location), SITE).searchParams.get('social_error')).toBe(
      'state',
    );
  });

  it('accepts a code only with the key that started the sign-in', async () => {
    person = {
      sub: 'g-3',
      email: 'social3@example.test',
      email_verified: true,
      given_name: 'Cy',
      family_name: 'D',
    };
    const { code } = await signIn();
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/add_session',
      payload: { api_key: await t.apiKey(), code },
    });
    expect(res.json()).toMatchObject({ code: 'wrong_auth_data' });
  });

  it('answers 404 for a provider that is not configured, 400 for an unknown one', async () => {
    const api_key = await t.apiKey();
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/v2/auth/social/facebook',
          payload: { api_key },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v2/auth/social/myspace', payload: { api_key } }))
        .statusCode,
    ).toBe(400);
  });

  it('lists the configured providers so the sign-in page shows only their buttons', async () => {
    const res = await t.get('/api/auth/providers', { api_key: await t.apiKey() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ providers: ['google'] });
    expect((await t.get('/api/auth/providers')).statusCode).toBe(401);
  });

  it('sends the configured redirect URI whatever Host the request claims', async () => {
    const start = await t.inject({
      method: 'POST',
      url: '/api/v2/auth/social/google',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { api_key: await t.apiKey() },
    });
    expect(start.statusCode, start.body).toBe(200);
    const url = new URL(start.json<{ authorization_url: string }>().authorization_url);
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/auth/login/google/callback`);
  });
});
