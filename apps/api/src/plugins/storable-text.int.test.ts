import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '@rudy/contracts';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { adminUser, signedInUser } from '../test/test-users.js';

/*
 * Issue 30, item 1: text PostgreSQL cannot store (NUL; half a UTF-16 pair) in any field of any
 * route is a 400 naming the field, and nothing is written. Before, each of these was a 500 with
 * a stack trace in the log (22021 from PostgreSQL).
 */

let t: TestContext;
let admin: Awaited<ReturnType<typeof adminUser>>;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_MAX_PER_IP: '1000', AUTH_RATE_MAX_PER_ACCOUNT: '1000' });
  admin = await adminUser(t);
});
afterAll(() => t.close());

const BAD = [
  ['NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
] as const;

function expectRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'validation_failed',
    message: `${field}: ${UNSTORABLE_TEXT_MESSAGE}`,
    errors: { [field]: UNSTORABLE_TEXT_MESSAGE },
  });
}

const post = (url: string, payload: Record<string, unknown>, method: 'POST' | 'PATCH' = 'POST') =>
  t.inject({ method, url, payload });

describe.each(BAD)('%s in a text field', (_name, bad) => {
  it('login: email', async () => {
    const api_key = await t.apiKey();
    const email = bad.replace('b', '@example.com');
    expectRefused(
      await post('/api/v2/auth/login', { api_key, email, password: 'x'.repeat(8) }),
      'email',
    );
  });

  it('password-reset request: email', async () => {
    const api_key = await t.apiKey();
    const email = bad.replace('b', '@example.com');
    expectRefused(await post('/api/auth/password-reset-request', { api_key, email }), 'email');
  });

  it('registration: first_name, and no account is made', async () => {
    const api_key = await t.apiKey();
    const email = `nul-${Math.random().toString(36).slice(2)}@example.test`;
    const res = await post('/api/v2/auth/register', {
      api_key,
      first_name: bad,
      last_name: 'Roy',
      email,
      password: 'blue line 2026',
      password_confirmation: 'blue line 2026',
      terms_accepted: true,
    });
    expectRefused(res, 'first_name');
    const made = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(made).toEqual([]);
  });

  it('profile update: first_name, and the profile is unchanged', async () => {
    const viewer = await signedInUser(t);
    const res = await post('/api/profile', {
      api_key: viewer.apiKey,
      _method: 'patch',
      first_name: bad,
    });
    expectRefused(res, 'first_name');
    const profile = await t.get('/api/profile', { api_key: viewer.apiKey });
    expect(profile.json()).toMatchObject({ first_name: 'Test', last_name: 'Viewer' });
  });

  it('admin sports form: name_en, on create and update, and the sports are unchanged', async () => {
    const sports = () =>
      t.database.db
        .selectFrom('event_categories')
        .select(['id', 'name', 'alias', 'position'])
        .where('channel_id', '=', t.demoChannelId)
        .orderBy('id')
        .execute();
    const before = await sports();
    const api_key = admin.apiKey;
    const created = await post('/api/admin/sports', {
      api_key,
      name_en: bad,
      name_fr: '',
      position: 3,
    });
    expectRefused(created, 'name_en');
    const id = before[0]?.id ?? 0;
    const updated = await post(
      `/api/admin/sports/${id}`,
      { api_key, name_en: 'Hockey', name_fr: bad, position: 1 },
      'PATCH',
    );
    expectRefused(updated, 'name_fr');
    expect(await sports()).toEqual(before);
  });

  it('admin FAQ form: answer_en, and no question is added', async () => {
    const faqs = () =>
      t.database.db
        .selectFrom('faq')
        .select('id')
        .where('channel_id', '=', t.demoChannelId)
        .execute();
    const before = await faqs();
    const res = await post('/api/admin/faq', {
      api_key: admin.apiKey,
      question_en: 'When?',
      question_fr: '',
      answer_en: bad,
      answer_fr: '',
      position: 1,
    });
    expectRefused(res, 'answer_en');
    expect(await faqs()).toEqual(before);
  });

  it('a field deep in a list: custom form entries', async () => {
    const viewer = await signedInUser(t);
    const res = await post('/api/custom-forms/contact', {
      api_key: viewer.apiKey,
      entries: [
        { name: 'name', value: 'Sam Fan' },
        { name: 'email', value: 'sam@njhl.example' },
        { name: 'topic', value: 'billing' },
        { name: 'message', value: `When does it renew? ${bad}` },
      ],
    });
    expectRefused(res, 'entries.3.value');
  });
});

describe('NUL in a query string or a path', () => {
  it('a search: q', async () => {
    const res = await t.get('/api/admin/viewers', { api_key: admin.apiKey, q: 'a\u0000' });
    expectRefused(res, 'q');
  });

  it('the API key itself', async () => {
    expectRefused(await t.get('/api/settings', { api_key: 'k\u0000' }), 'api_key');
  });

  it('a path: not found, as nothing stored can hold it', async () => {
    for (const url of ['/api/custom-forms/con%00tact', '/api/admin/teams%00']) {
      const res = await t.get(url, { api_key: admin.apiKey });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});
