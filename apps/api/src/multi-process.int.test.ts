import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from './db/seed/demo-channel.js';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';
import { adminUser } from './test/test-users.js';

/*
 * Two API processes (the BUILT server) on one PostgreSQL and one Redis, called directly (no
 * proxy): a console change made through one is seen at once through the other (its 30-second
 * bootstrap cache is cleared over Redis pub/sub), and a client's request budget is one budget
 * across both (the rate limiter counts in Redis). Needs both servers: skipped otherwise.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const onServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const RATE_LIMIT_MAX = 40;
const WINDOW_MS = 5_000;

let database: TestDatabase;
let channelId = 0;
const servers: { child: ChildProcess; base: string }[] = [];

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    env,
  });
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(stdout);
      if (found?.[1]) resolve({ child, base: found[1] });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stdout}`)));
  });
}

beforeAll(async () => {
  if (!onServers) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WORKER: 'false',
    SEED_ON_EMPTY: 'false',
    DEMO_MEDIA_CHANNELS: '',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'rudy-no-web-build'),
    DATABASE_URL: database.url ?? '',
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Other tests share this Redis: counters and topics of this run's own.
    REDIS_KEY_PREFIX: `rudy-mp-${randomBytes(4).toString('hex')}:`,
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
  };
  servers.push(...(await Promise.all([startServer(env), startServer(env)])));
}, 180_000);

afterAll(async () => {
  await Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  await database?.close();
});

const call = async (base: string, url: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${url}`, init);
  return { status: res.status, body: (await res.text()) || '{}' };
};

describe.skipIf(!onServers)('two API processes on one database and one Redis', () => {
  it("share one client's request budget", async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers not started');
    // The window starts with the first call; these all fit well inside it.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 10; i += 1) {
      const server = i % 2 === 0 ? a : b;
      statuses.push((await call(server.base, '/api/channel-bootstrap-data')).status);
    }
    const allowed = statuses.filter((s) => s !== 429);
    // One budget: each process alone would have let all 50 through.
    expect(allowed.length).toBe(RATE_LIMIT_MAX);
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual(Array(10).fill(429));
    // Both processes refuse once it is spent.
    expect((await call(a.base, '/api/channel-bootstrap-data')).status).toBe(429);
    expect((await call(b.base, '/api/channel-bootstrap-data')).status).toBe(429);
    // Let the window pass for the next test.
    await new Promise((r) => setTimeout(r, WINDOW_MS + 500));
  }, 30_000);

  it('a console change made through one is seen through the other at once', async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers not started');
    const apiKey = async () => {
      const res = await call(a.base, '/api/get_api_key', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel_key: 'demo-hockey' }),
      });
      expect(res.status).toBe(200);
      return (JSON.parse(res.body) as { api_key: string }).api_key;
    };
    const admin = await adminUser({ database, demoChannelId: channelId, apiKey });
    const viewerKey = await apiKey();
    const nameOn = async (base: string) => {
      const res = await call(base, `/api/channel-bootstrap-data?api_key=${viewerKey}`);
      expect(res.status).toBe(200);
      return (JSON.parse(res.body) as { settings: { channel_name: string } }).settings.channel_name;
    };
    const before = await nameOn(b.base);
    // Cached in B now (for 30 s unless it is told otherwise).
    expect(await nameOn(b.base)).toBe(before);

    const current = await call(a.base, `/api/admin/branding?api_key=${admin.apiKey}`);
    expect(current.status).toBe(200);
    const branding = JSON.parse(current.body) as Record<string, unknown>;
    const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
    const patched = await call(a.base, '/api/admin/branding', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: admin.apiKey,
        channel_name: renamed,
        logo_url: branding.logo_url,
        colors: branding.colors,
      }),
    });
    expect(patched.status, patched.body).toBe(200);

    const started = Date.now();
    let seen = await nameOn(b.base);
    while (seen !== renamed && Date.now() - started < 3_000) {
      await new Promise((r) => setTimeout(r, 250));
      seen = await nameOn(b.base);
    }
    expect(seen).toBe(renamed);
    expect(await nameOn(a.base)).toBe(renamed);
  }, 30_000);
});
