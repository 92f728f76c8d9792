import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase } from '../test/test-database.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-compress-'));
const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><div id="root"></div>`);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
// The build's Brotli copy; no gzip copy, as for a file the build found not worth it.
const prebuilt = zlib.brotliCompressSync(script);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), prebuilt);

const playlist = `#EXTM3U\n${Array.from({ length: 600 }, (_, i) => `#EXTINF:1.000000,\nseg_${i}.ts\n`).join('')}`;

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: dist });
  app = await buildApp({ config, db: database.db });
  // A playlist as the media routes send one (they need a signed token and stored files).
  app.get('/test-playlist.m3u8', (_req, reply) =>
    reply.type('application/vnd.apple.mpegurl').send(playlist),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('compression', () => {
  it('sends the Brotli copy made at build time, still cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(prebuilt)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('compresses an asset without a build copy, and sends it plain to a client that asks so', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses JSON per request, and leaves bodies under the threshold alone', async () => {
    const spec = await get('/api/docs/json', 'br');
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(spec.rawPayload).toString();
    expect(JSON.parse(text)).toHaveProperty('openapi');
    expect(spec.rawPayload.length).toBeLessThan(text.length / 3);

    const small = await get('/api/nothing-here', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'route_not_found' });
  });

  it("compresses HLS playlists, which mime-db does not call compressible (a live game's grows each second)", async () => {
    const res = await get('/test-playlist.m3u8', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(text).toBe(playlist);
    expect(res.rawPayload.length).toBeLessThan(text.length / 5);
  });
});
