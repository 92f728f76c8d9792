/**
 * Node's local-disk segment against its floors, alone (issue 29): the built HTTP process (one or
 * more builds, e.g. before and after a change) serving one segment at a game's shared address
 * under its cookie, nginx serving the same file from disk (sendfile), and bare node:http serving
 * it (from disk with fs.createReadStream, and from memory). Each target in a process of its own;
 * CPU from /proc/<pid>/task/<tid>/schedstat (nanoseconds, every thread: libuv's pool and V8's
 * helpers too), not /proc's 10 ms ticks, so a few thousand requests of a 0.02 ms answer measure.
 * The targets are asked in turn, round after round, so a change in the machine's load reaches all
 * of them alike.
 *
 * `node --import tsx bench/edge-disk-probe.ts [dist ...]` (default: apps/api/dist), on the
 * machine's PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres: a
 * throwaway database of its own, dropped after). `BENCH_DISK_ROUNDS` (default 5),
 * `BENCH_DISK_REQUESTS` per round and target (default 3000), `BENCH_DISK_PROFILE_DIR` adds
 * --cpu-prof to the HTTP processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import { eventPrefix } from '../apps/api/src/modules/media/media-paths.js';
import { freePort, untilListening } from './chaos/stack.js';
import { bareDiskServerSource, preciseCpuSeconds } from './edge-disk.js';
import { diskNginxConf, hammer, nginxPids } from './edge.js';

const ROUNDS = Number(process.env.BENCH_DISK_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_DISK_REQUESTS ?? 3000);
const CONCURRENCY = 20;
const PROFILE_DIR = process.env.BENCH_DISK_PROFILE_DIR;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '..');
const dists = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps/api/dist'];

interface Target {
  name: string;
  url: string;
  cookie: string;
  pids: () => number[];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-disk-probe-'));
const children: ChildProcess[] = [];
const dbName = `disk_probe_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
try {
  const seeding = await openDatabase({ databaseUrl, dataDir: path.join(tmp, 'data') });
  await migrateToLatest(seeding.db);
  const { channelId } = await seedDemoChannel(seeding.db);
  const event = await seeding.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  const eventId = event.id;

  // One 29 KB segment (the demo loop's size) where the game's key puts it.
  const mediaDir = path.join(tmp, 'media');
  const rest = 'live/v0/seg_00042.ts';
  const file = path.join(mediaDir, eventPrefix(channelId, eventId), rest);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, randomBytes(29_328));

  const edgeSecret = randomBytes(32).toString('base64url');
  const targets: Target[] = [];
  let firstOrigin = '';
  for (const [i, dist] of dists.entries()) {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
        path.join(dist, 'main.js'),
      ],
      {
        cwd: root,
        stdio: ['ignore', fs.openSync(path.join(tmp, `origin-${i}.log`), 'w'), 'inherit'],
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl,
          APP_SECRET: randomBytes(32).toString('hex'),
          MEDIA_EDGE_SECRET: edgeSecret,
          PUBLIC_URL: 'https://edge.rudy.test',
          SMTP_URL: 'smtp://127.0.0.1:9',
          MAIL_FROM: 'edge@rudy.test',
          PAYMENTS_SANDBOX: 'true',
          WEB_PUSH: 'off',
          RATE_LIMIT_MAX: '100000000',
          MEDIA_RATE_LIMIT_MAX: '100000000',
          LIVE_INGEST_PORT: 'off',
          WORKER: 'false',
          DATA_DIR: path.join(tmp, `origin-${i}`),
          MEDIA_DIR: mediaDir,
        },
      },
    );
    children.push(child);
    await untilListening(port, 60_000);
    const origin = `http://127.0.0.1:${port}`;
    firstOrigin ||= origin;
    targets.push({
      name: `origin ${dist}`,
      url: `${origin}/media/g/${eventId}/${rest}`,
      cookie: '',
      pids: () => [child.pid ?? 0],
    });
  }

  // A viewer's key and its game cookie (signed as game-media-cookie.ts does).
  const keyRes = await fetch(`${firstOrigin}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo-hockey' }),
  });
  if (keyRes.status !== 200) throw new Error(`get_api_key: ${keyRes.status}`);
  const key = await seeding.db
    .selectFrom('api_keys')
    .select('id')
    .where('channel_id', '=', channelId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await seeding.close();
  const expiry = Math.ceil(Date.now() / 1000) + 3600;
  const signature = createHash('md5')
    .update(`${expiry} ${channelId} ${eventId} ${key.id} ${edgeSecret}`)
    .digest('base64url');
  const cookie = `rudy_media=${expiry}.${channelId}.${key.id}.${signature}`;
  for (const t of targets) t.cookie = cookie;

  // nginx from disk.
  const nginxDir = path.join(tmp, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'temp'), { recursive: true });
  const nginxPort = await freePort();
  fs.writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    diskNginxConf({
      dir: nginxDir,
      listen: nginxPort,
      root: mediaDir,
      asRoot: process.getuid?.() === 0,
    }),
  );
  const nginx = spawn(
    'nginx',
    ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: 'inherit' },
  );
  children.push(nginx);
  await untilListening(nginxPort, 10_000);
  const filePath = `/${eventPrefix(channelId, eventId)}/${rest}`;
  targets.unshift({
    name: 'nginx (sendfile)',
    url: `http://127.0.0.1:${nginxPort}${filePath}`,
    cookie: '',
    pids: () => nginxPids(nginx.pid ?? 0),
  });

  // Bare node:http, from disk and from memory.
  for (const mode of ['stream', 'memory'] as const) {
    const port = await freePort();
    const bare = spawn(
      process.execPath,
      ['--input-type=module', '-e', bareDiskServerSource(port, mediaDir, mode)],
      { stdio: 'inherit' },
    );
    children.push(bare);
    await untilListening(port, 10_000);
    targets.splice(1 + (mode === 'memory' ? 1 : 0), 0, {
      name: `bare node:http (${mode === 'stream' ? 'createReadStream' : 'bytes in memory'})`,
      url: `http://127.0.0.1:${port}${filePath}`,
      cookie: '',
      pids: () => [bare.pid ?? 0],
    });
  }

  const cpuOf = (t: Target) => t.pids().reduce((s, pid) => s + preciseCpuSeconds(pid), 0);
  for (const t of targets) {
    const warm = await hammer(t.url, t.cookie, 500, CONCURRENCY);
    if (warm.get(200) !== 500) {
      throw new Error(`${t.name}: ${JSON.stringify(Object.fromEntries(warm))}`);
    }
  }
  const results = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(os.loadavg()[0] ?? 0);
    for (const t of targets) {
      const before = cpuOf(t);
      const statuses = await hammer(t.url, t.cookie, REQUESTS, CONCURRENCY);
      const ms = ((cpuOf(t) - before) * 1000) / REQUESTS;
      if (statuses.get(200) !== REQUESTS) {
        throw new Error(`${t.name}: ${JSON.stringify(Object.fromEntries(statuses))}`);
      }
      results.get(t.name)?.push(ms);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const nginxMs = median(results.get('nginx (sendfile)') ?? []);
  console.log(
    `${ROUNDS} rounds × ${REQUESTS} requests per target, ${CONCURRENCY} at once; 1-min load at each round: ${loads.map((l) => l.toFixed(2)).join(' ')}`,
  );
  for (const [name, xs] of results) {
    const m = median(xs);
    console.log(
      `${name.padEnd(48)} median ${m.toFixed(4)} ms  (${xs.map((x) => x.toFixed(4)).join(' ')})  ${(m / nginxMs).toFixed(1)}× nginx`,
    );
  }
} finally {
  for (const c of children) {
    if (c.exitCode !== null) continue;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(c.spawnfile === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    await exited;
  }
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
}
