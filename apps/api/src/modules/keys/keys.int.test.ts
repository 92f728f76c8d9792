import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetApiKeyResponseSchema, SPEC_MESSAGES } from '@rudy/contracts';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { hashApiKey } from './keys.service.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('channel key', () => {
  it('is chosen by host name', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/channel-key',
      headers: { host: 'other.example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channel_key: OTHER_CHANNEL_KEY });
  });

  it('falls back to the default channel for an unknown host', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/channel-key',
      headers: { host: 'unknown.test:8080' },
    });
    expect(res.json()).toEqual({ channel_key: 'demo-hockey' });
  });

  it('is in the runtime config of the web app', async () => {
    const res = await t.get('/config.json');
    expect(res.json()).toMatchObject({ api_base: '/api', channel_key: 'demo-hockey' });
  });
});

describe('POST /api/get_api_key', () => {
  it('issues a random 256-bit key, stored hashed, that expires', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'demo-hockey' },
    });
    expect(res.statusCode).toBe(200);
    const body = GetApiKeyResponseSchema.parse(res.json());
    expect(Buffer.from(body.api_key, 'base64url')).toHaveLength(32);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const stored = await t.database.db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('key_hash', '=', hashApiKey(body.api_key))
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const plain = await t.database.db
      .selectFrom('api_keys')
      .select('id')
      .where(sql<string>`encode(key_hash, 'escape')`, '=', body.api_key)
      .executeTakeFirst();
    expect(plain).toBeUndefined();
  });

  it('refuses an unknown channel with the spec message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: SPEC_MESSAGES.channel_key_invalid,
      code: 'channel_key_invalid',
    });
  });

  it.each([
    ['no body field', {}],
    ['an empty key', { channel_key: '' }],
    ['a number', { channel_key: 42 }],
    ['a too long key', { channel_key: 'x'.repeat(500) }],
  ])('answers 400 with field errors for %s', async (_name, payload) => {
    const res = await t.inject({ method: 'POST', url: '/api/get_api_key', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; errors: Record<string, string>; message: string }>();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors)).toContain('channel_key');
    expect(body.message).toMatch(/channel_key/);
  });

  it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/get_api_key',
      headers: { 'content-type': 'application/json' },
      payload: '{"channel_key":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    const wrongType = await t.inject({
      method: 'POST',
      url: '/api/get_api_key',
      headers: { 'content-type': 'text/xml' },
      payload: '<channel_key/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('keyed calls', () => {
  it('accept the key in the query, the body or the X-Api-Key header', async () => {
    const key = await t.apiKey();
    expect((await t.get('/api/settings', { api_key: key })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/api/settings', headers: { 'x-api-key': key } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuse a missing key with a message naming the key', async () => {
    const res = await t.get('/api/settings');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SPEC_MESSAGES.api_key_missing, code: 'api_key_missing' });
  });

  it('refuse unknown, malformed, expired and revoked keys', async () => {
    const unknown = 'A'.repeat(43);
    expect((await t.get('/api/menu', { api_key: unknown })).json()).toMatchObject({
      code: 'api_key_invalid',
    });
    expect((await t.get('/api/menu', { api_key: "' or 1=1 --" })).statusCode).toBe(401);

    const expired = await t.apiKey();
    await t.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key_hash', '=', hashApiKey(expired))
      .execute();
    expect((await t.get('/api/menu', { api_key: expired })).statusCode).toBe(401);

    const revoked = await t.apiKey();
    await t.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('key_hash', '=', hashApiKey(revoked))
      .execute();
    const res = await t.get('/api/menu', { api_key: revoked });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toBe(SPEC_MESSAGES.api_key_invalid);
  });

  it("answer with the key's own channel only", async () => {
    const demo = await (await t.get('/api/settings', { api_key: await t.apiKey() })).json();
    const other = await (
      await t.get('/api/settings', { api_key: await t.apiKey(OTHER_CHANNEL_KEY) })
    ).json();
    const demoPages = (await t.get('/api/pages', { api_key: await t.apiKey() })).json<
      { id: number }[]
    >();
    const otherKey = await t.apiKey(OTHER_CHANNEL_KEY);
    const otherPages = (await t.get('/api/pages', { api_key: otherKey })).json<{ id: number }[]>();
    expect(demo).toBeDefined();
    expect(other).toBeDefined();
    const demoIds = new Set(demoPages.map((p) => p.id));
    expect(otherPages.some((p) => demoIds.has(p.id))).toBe(false);
    // Another channel's page id is simply not found: no hint that it exists elsewhere.
    const firstDemoPage = demoPages[0];
    expect(firstDemoPage).toBeDefined();
    const cross = await t.get(`/api/pages/${firstDemoPage?.id}`, { api_key: otherKey });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'not_found' });
  });
});
