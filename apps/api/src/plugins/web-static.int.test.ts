import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOD_PAGE_SIZE, type StartupData } from '@rudy/contracts';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedDemoChannel } from '../db/seed/demo-channel.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-shell-'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Live sports</title>' +
    '<meta name="description" content="Watch games live and on demand." /></head>' +
    '<body><div id="root"></div></body></html>',
);
fs.writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/app/routes/root/root-layout.tsx': { file: 'assets/root-layout-1.js' },
    'src/app/routes/watch/watch.tsx': { file: 'assets/watch-1.js', css: ['assets/watch-1.css'] },
  }),
);

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoChannel(database.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: dist });
  app = await buildApp({ config, db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function startupOf(html: string): StartupData {
  const block = /<script type="application\/json" id="startup-data">([^<]*)<\/script>/.exec(html);
  if (!block?.[1]) throw new Error('no start-up data in the page');
  return JSON.parse(block[1]) as StartupData;
}

describe('app shell with start-up data', () => {
  it("puts the config, the channel's data and the home's rails into the home page", async () => {
    const res = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.body).toContain('<html lang="fr"');
    const startup = startupOf(res.body);
    expect(startup.locale).toBe('fr');
    expect(startup.config).toMatchObject({ api_base: '/api', channel_key: 'demo-hockey' });
    const name = startup.bootstrap?.settings.channel_name ?? '';
    expect(name).not.toBe('');
    expect(res.body).toContain(`<title>${name}</title>`);
    expect(res.body).toContain(`<meta name="description" content="Les matchs de ${name}`);
    expect(startup.homepage).toMatchObject({ live: expect.any(Array), recent: expect.any(Array) });

    // The same document a first call gets, in the same language.
    const key = await app.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'demo-hockey' },
    });
    const bootstrap = await app.inject({
      url: `/api/channel-bootstrap-data?client_interface=web&lang=fr&api_key=${key.json<{ api_key: string }>().api_key}`,
    });
    expect(startup.bootstrap).toEqual(bootstrap.json());
    // And the Highlights rail's first page, as the rail's own first call would get it.
    const apiKey = key.json<{ api_key: string }>().api_key;
    const reels = await app.inject({
      url: `/api/vod-media-items?highlights=1&offset=0&limit=${VOD_PAGE_SIZE}&lang=fr&api_key=${apiKey}`,
    });
    expect(reels.statusCode).toBe(200);
    expect(startup.highlights).toEqual(reels.json());
  });

  it("announces a watch page's screen chunks, with the channel's data but no rails", async () => {
    const res = await app.inject({ url: '/watch/1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/watch-1.js" />',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/watch-1.css" />',
    );
    expect(res.body).toContain('href="/assets/root-layout-1.js"');
    // The game's picture is drawn from the HTML: the code is fetched once it is on screen.
    expect(res.body).toMatch(
      /<template id="app-preloads">[^<]*<link rel="modulepreload"[^]*<\/template>/,
    );
    const startup = startupOf(res.body);
    // No language asked for: the channel's.
    expect(startup.locale).toBe(startup.bootstrap?.settings.language);
    expect(startup.homepage).toBeNull();
    expect(startup.highlights).toBeNull();
  });

  it("puts a listing's first page into its plain address, as its first call would get it", async () => {
    const page = await app.inject({ url: '/vod', headers: { accept: 'text/html' } });
    const { listing, homepage } = startupOf(page.body);
    // Its cards are drawn by the code: fetched at once.
    expect(page.body).not.toContain('<template');
    expect(homepage).toBeNull();
    expect(listing?.kind).toBe('vod');
    const key = await app.inject({
      method: 'POST',
      url: '/api/get_api_key',
      payload: { channel_key: 'demo-hockey' },
    });
    const { api_key } = key.json<{ api_key: string }>();
    const first = await app.inject({
      url: `/api/events?type=finished&sort_field=date&sort_direction=desc&offset=0&limit=24&api_key=${api_key}`,
    });
    expect(listing?.page).toEqual(first.json());
    expect(listing?.page.data.length).toBeGreaterThan(0);
    for (const url of ['/vod?team=1', '/schedule', '/watch/1']) {
      const other = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(startupOf(other.body).listing, url).toBeNull();
    }
  });

  it('serves the default channel for an unknown host name, and JSON 404s for server paths', async () => {
    const res = await app.inject({
      url: '/live',
      headers: { accept: 'text/html', host: 'unknown.example' },
    });
    expect(startupOf(res.body).config.channel_key).toBe('demo-hockey');
    const api = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('a forged Host or Accept-Language puts nothing of theirs into the page', async () => {
    // The shell is rendered per request from these headers: an attacker's values must neither
    // reach the HTML (script injection) nor pick data other than a public channel's.
    const payload = '"></script><script>alert(1)</script>';
    for (const headers of [
      { host: `evil.example${payload}` },
      { host: 'evil.example', 'x-forwarded-host': `evil.example${payload}` },
      { host: 'evil.example', 'accept-language': `${payload},fr` },
    ]) {
      const res = await app.inject({ url: '/live', headers: { accept: 'text/html', ...headers } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('evil.example');
      if (res.statusCode === 200) {
        const startup = startupOf(res.body);
        expect(startup.config.channel_key).toBe('demo-hockey');
        expect(['en', 'fr']).toContain(startup.locale);
      }
    }
  });
});
