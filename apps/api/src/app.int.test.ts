import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoSchema, SPEC_MESSAGES } from '@rudy/contracts';
import { createTestApp, type TestContext } from './test/test-app.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(
    { WEB_DIST_DIR: dist, TRUST_PROXY: '127.0.0.1' },
    { countryLookup: (ip) => ({ '81.2.69.160': 'GB', '5.6.7.8': 'FR' })[ip] ?? null },
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('platform', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.get('/api/nothing-here', { api_key: await t.apiKey() });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Route not found', code: 'route_not_found' });
  });

  it('serves the web app with an SPA fallback for browser paths', async () => {
    const page = await t.inject({
      method: 'GET',
      url: '/watch/12',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await t.get('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await t.get('/assets/missing.js');
    expect(missingAsset.statusCode).toBe(404);
  });

  it('sets security headers, letting only /watch_embed be framed elsewhere', async () => {
    const home = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    // reCAPTCHA and Stripe Elements load only from their own origins; nothing inline.
    expect(home.headers['content-security-policy']).toMatch(
      /script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ [^;]*https:\/\/js\.stripe\.com;/,
    );
    const scriptSrc = String(home.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    const embed = await t.inject({
      method: 'GET',
      url: '/watch_embed/3',
      headers: { accept: 'text/html' },
    });
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });

  it('publishes the OpenAPI document with the keyed routes', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    for (const p of [
      '/api/get_api_key',
      '/api/channel-bootstrap-data',
      '/api/pages/{id}',
      '/api/geo',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });

  it('locates the client by IP only through the trusted proxy', async () => {
    const key = await t.apiKey();
    const viaProxy = await t.inject({
      method: 'GET',
      url: '/api/geo',
      query: { api_key: key },
      headers: { 'x-forwarded-for': '81.2.69.160' },
      remoteAddress: '127.0.0.1',
    });
    expect(GeoSchema.parse(viaProxy.json())).toEqual({
      country: 'United Kingdom',
      country_code: 'GB',
      ip: '81.2.69.160',
      is_geo_blocked: false,
    });
    const spoofed = await t.inject({
      method: 'GET',
      url: '/api/geo',
      query: { api_key: key },
      headers: { 'x-forwarded-for': '81.2.69.160' },
      remoteAddress: '5.6.7.8',
    });
    expect(spoofed.json()).toMatchObject({ ip: '5.6.7.8', country_code: 'FR' });
  });

  it('flags a viewer from a blocked country', async () => {
    const settings = await t.database.db
      .selectFrom('settings')
      .select('data')
      .where('channel_id', '=', t.demoChannelId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('settings')
      .set({ data: JSON.stringify({ ...settings.data, geo_blocked_countries: ['FR'] }) })
      .where('channel_id', '=', t.demoChannelId)
      .execute();
    const res = await t.inject({
      method: 'GET',
      url: '/api/geo',
      query: { api_key: await t.apiKey() },
      remoteAddress: '5.6.7.8',
    });
    expect(res.json()).toMatchObject({ country_code: 'FR', is_geo_blocked: true });
  });
});

describe('rate limit', () => {
  it('answers 429 with the rate_limited code once the budget is spent', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const key = await limited.apiKey();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await limited.get('/api/menu', { api_key: key })).statusCode);
      expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
      const last = await limited.get('/api/menu', { api_key: key });
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({
        code: 'rate_limited',
        message: SPEC_MESSAGES.rate_limited,
      });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // Static files are outside the API budget.
      expect((await limited.get('/config.json')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts the route the router matched, however the path is spelled', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const key = await limited.apiKey(); // the first request of the budget
      const seen = [];
      for (const url of ['/api/settings', '/api/settings', '/api/%73ettings']) {
        seen.push((await limited.get(url, { api_key: key })).statusCode);
      }
      expect(seen).toEqual([200, 200, 200]);
      for (const url of ['/%61pi/settings', '/%61%70%69/settings', '/api/%73ettings']) {
        expect((await limited.get(url, { api_key: key })).statusCode, url).toBe(429);
      }
      // Minting keys is budgeted the same way.
      const mint = await limited.inject({
        method: 'POST',
        url: '/%61pi/get_api_key',
        payload: { channel_key: 'demo-hockey' },
      });
      expect(mint.statusCode).toBe(429);
      expect(Number(mint.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('gives media its own budget, so segments never eat into API calls', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_MAX: '3',
      MEDIA_RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    try {
      const media = [];
      for (let i = 0; i < 6; i++) {
        media.push((await limited.get(`/media/e/1/not-a-token/seg-${i}.ts`)).statusCode);
      }
      expect(media.slice(0, 5).every((s) => s !== 429)).toBe(true);
      expect(media[5]).toBe(429);
      expect((await limited.get('/%6dedia/e/1/x/seg.ts')).statusCode).toBe(429);
      expect((await limited.get('/api/menu', { api_key: await limited.apiKey() })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('shares counters between processes through Redis', async () => {
    const env = {
      RATE_LIMIT_MAX: '4',
      RATE_LIMIT_WINDOW_MS: '60000',
      REDIS_URL: process.env.REDIS_URL ?? '',
    };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    try {
      // A unique client address so runs do not share a window.
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const call = (ctx: TestContext) =>
        ctx
          .inject({ method: 'GET', url: '/api/channel-key', remoteAddress })
          .then((r) => r.statusCode);
      const seen = [await call(a), await call(b), await call(a), await call(b), await call(a)];
      expect(seen.map((status) => status === 429)).toEqual([false, false, false, false, true]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
