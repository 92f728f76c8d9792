import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase } from '../test/test-database.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-headers-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(dist, 'cast-sender.html'), '<!doctype html><p id="status"></p>');

/** The whole policy, as sent on every response whatever its status. */
const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const CSP_BASE =
  "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; " +
  "media-src 'self' blob: https:; connect-src 'self' https://api.stripe.com; " +
  "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/ " +
  "https://js.stripe.com https://hooks.stripe.com; worker-src 'self' blob:; font-src 'self' data:; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'";
const SCRIPTS =
  "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ " +
  'https://js.stripe.com';
const SITE = {
  ...COMMON,
  'content-security-policy': `${CSP_BASE}; ${SCRIPTS}; frame-ancestors 'self'`,
  'x-frame-options': 'SAMEORIGIN',
};
const EMBED = {
  ...COMMON,
  'content-security-policy': `${CSP_BASE}; ${SCRIPTS}; frame-ancestors *`,
};
/** The player's cast frame: Google's Cast sender and framework, nothing else from outside. */
const CAST_SENDER = {
  ...SITE,
  'content-security-policy':
    `${CSP_BASE}; script-src 'self' https://www.gstatic.com/cv/js/sender/ ` +
    "https://www.gstatic.com/cast/sdk/libs/; frame-ancestors 'self'",
};
const DOCS = {
  ...SITE,
  'content-security-policy': `${CSP_BASE}; script-src 'self' 'unsafe-inline'; frame-ancestors 'self'`,
};

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    WEB_DIST_DIR: dist,
    // Low enough for the 429 below, which spends it from its own client address.
    RATE_LIMIT_MAX: '20',
  });
  app = await buildApp({ config, db: database.db });
  // A server fault outside any module: the error handler's 500 must carry the policy too.
  app.get('/test-only/boom', { config: { keyless: true } }, () => {
    throw new Error('boom');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const html = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

function expectPolicy(res: LightMyRequestResponse, policy: Record<string, string>) {
  const sent = Object.fromEntries(Object.keys(policy).map((name) => [name, res.headers[name]]));
  expect(sent).toEqual(policy);
  if (!('x-frame-options' in policy)) expect(res.headers['x-frame-options']).toBeUndefined();
  // Cross-origin isolation would block third-party media and frames; it stays off.
  expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
}

describe('security headers', () => {
  it('sends the site policy on the app shell, static assets, JSON 404s and 500s', async () => {
    const shell = await html('/watch/12');
    expect(shell.statusCode).toBe(200);
    expectPolicy(shell, SITE);

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expectPolicy(asset, SITE);

    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'route_not_found' });
    expectPolicy(missing, SITE);

    const fault = await app.inject({ method: 'GET', url: '/test-only/boom' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toMatchObject({ code: 'internal_error' });
    expectPolicy(fault, SITE);

    const refused = await app.inject({ method: 'GET', url: '/api/menu' });
    expect(refused.statusCode).toBe(401);
    expectPolicy(refused, SITE);
  });

  it('lets any site frame /watch_embed, and nothing else', async () => {
    const embed = await html('/watch_embed/3');
    expect(embed.statusCode).toBe(200);
    expectPolicy(embed, EMBED);

    const embedMissing = await app.inject({ method: 'GET', url: '/watch_embed/3/nothing.js' });
    expect(embedMissing.statusCode).toBe(404);
    expectPolicy(embedMissing, EMBED);

    // Only the path prefix counts, not a look-alike or the query.
    expectPolicy(await html('/watch_embedded/3'), SITE);
    expectPolicy(await html('/watch/3?next=/watch_embed/3'), SITE);
  });

  it("allows Swagger UI's inline script on /api/docs only", async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script');
    expectPolicy(page, DOCS);
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expectPolicy(json, DOCS);
  });

  it("allows Google's Cast sender on the cast frame only, never on the player's page", async () => {
    const frame = await html('/cast-sender.html');
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('id="status"');
    expectPolicy(frame, CAST_SENDER);
    // The watch page (and every other) allows no script from the Cast SDK's paths.
    for (const url of [
      '/watch/12',
      '/watch_embed/12',
      '/',
      '/cast-sender.htmlx',
      '/x/cast-sender.html',
    ]) {
      const policy = String((await html(url)).headers['content-security-policy']);
      expect(policy).not.toMatch(/gstatic\.com\/(cv|cast)\//);
      expect(policy).toContain("frame-src 'self' ");
    }
  });

  it('sends the policy on a rate-limit refusal', async () => {
    const call = () =>
      app.inject({ method: 'GET', url: '/api/channel-key', remoteAddress: '10.9.8.7' });
    let res = await call();
    for (let i = 0; i < 30 && res.statusCode !== 429; i++) res = await call();
    expect(res.statusCode).toBe(429);
    expectPolicy(res, SITE);
  });
});
