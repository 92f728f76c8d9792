/**
 * The start-of-game rush alone (issue 29), against one or more API builds: each build's 2 HTTP
 * processes (production, WORKER=false) on a throwaway database of the machine's PostgreSQL
 * (`BENCH_PG_URL`) and its Redis (`BENCH_REDIS_URL`, a key prefix of their own), a game on now
 * with a live recording on local disk (its playlist where the window start is read). The
 * arriving viewers do what `edge.ts`'s rush does (key, bootstrap under it, playback), each request
 * to the next process in turn as the edge's round-robin upstream does, over kept-alive
 * connections, `BENCH_RUSH_CONCURRENCY` (32) at once. Builds are asked in turn, round after round
 * (`BENCH_RUSH_ROUNDS`, 3, of `BENCH_RUSH_VIEWERS`, 2000), so a change in the machine's load
 * reaches all of them alike. CPU of the two processes from /proc/<pid>/task/<tid>/schedstat
 * (every thread), and user/system from /proc/<pid>/stat, per arriving viewer.
 *
 * No nginx, no worker, no bucket: a quicker, quieter figure than `edge.ts`'s, for comparing
 * builds (`node --import tsx bench/rush-probe.ts <dist> [<dist> …]`, e.g. a build of main and
 * one of a branch). A target may carry environment of its own after the dist, `:`-separated
 * (`apps/api/dist:LOG_LEVEL=warn`: what the request log lines cost; `REDIS_URL=` without a value:
 * no Redis). `BENCH_RUSH_PROFILE_DIR` adds --cpu-prof to the HTTP processes (V8's samples are
 * wall-clock: a thread waiting for the CPU inside a write counts as writing); `BENCH_RUSH_PERF=<file>`
 * records each target's first round with `perf record -e cpu-clock -g` instead (on-CPU time,
 * kernel included; the processes run with --perf-basic-prof so JIT frames have names), into
 * `<file>.<n>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MEDIA_KIND } from '@rudy/contracts';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import { eventPrefix } from '../apps/api/src/modules/media/media-paths.js';
import { keepOneGameLive } from '../apps/api/src/test/one-live-game.js';
import { freePort, untilListening } from './chaos/stack.js';
import { preciseCpuSeconds } from './edge-disk.js';

const ROUNDS = Number(process.env.BENCH_RUSH_ROUNDS ?? 3);
const VIEWERS = Number(process.env.BENCH_RUSH_VIEWERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_RUSH_CONCURRENCY ?? 32);
const PROFILE_DIR = process.env.BENCH_RUSH_PROFILE_DIR;
const PERF = process.env.BENCH_RUSH_PERF;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '..');
const targets = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps/api/dist'];
const TICKS = 100; // USER_HZ

/** User and system CPU seconds of a process, from /proc (10 ms ticks). */
function userSystem(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / TICKS, system: Number(fields[12]) / TICKS };
}

/** `viewers` arriving viewers against `ports` (each request to the next port); the number served. */
async function rush(ports: number[], eventId: number, viewers: number, concurrency: number) {
  const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: concurrency }));
  let turn = 0;
  const call = (method: string, pathname: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const i = turn++ % ports.length;
      const req = http.request(
        `http://127.0.0.1:${ports[i]}${pathname}`,
        {
          method,
          agent: agents[i],
          headers: body ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(body);
    });
  let left = viewers;
  let served = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        const key = await call(
          'POST',
          '/api/get_api_key',
          JSON.stringify({ channel_key: 'demo-hockey' }),
        );
        const apiKey = (JSON.parse(key.text || '{}') as { api_key?: string }).api_key ?? '';
        const bootstrap = await call(
          'GET',
          `/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${apiKey}`,
        );
        if (bootstrap.status !== 200) continue;
        const playback = await call('GET', `/api/events/${eventId}/playback?api_key=${apiKey}`);
        if (playback.status === 200 && playback.text.includes('"kind":"live"')) served += 1;
      }
    }),
  );
  for (const a of agents) a.destroy();
  return served;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-rush-probe-'));
const children: ChildProcess[] = [];
const dbName = `rush_probe_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
try {
  const seeding = await openDatabase({ databaseUrl, dataDir: path.join(tmp, 'data') });
  await migrateToLatest(seeding.db);
  const { channelId } = await seedDemoChannel(seeding.db);
  const eventId = await keepOneGameLive(seeding.db, channelId);
  // The game's live recording, as a worker leaves it: its row and its top rendition's playlist.
  const prefix = eventPrefix(channelId, eventId);
  await seeding.db
    .insertInto('event_media')
    .values({
      channel_id: channelId,
      event_id: eventId,
      kind: MEDIA_KIND.live,
      storage_key: `${prefix}/live/master.m3u8`,
      status: 'live',
      started_at: new Date(Date.now() - 600_000),
    })
    .execute();
  await seeding.close();
  const mediaDir = path.join(tmp, 'media');
  const variant = path.join(mediaDir, prefix, 'live/v0/index.m3u8');
  fs.mkdirSync(path.dirname(variant), { recursive: true });
  const segments = Array.from(
    { length: 600 },
    (_, i) => `#EXTINF:1.000000,\nseg_${String(i).padStart(5, '0')}.ts`,
  );
  fs.writeFileSync(
    variant,
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:EVENT\n${segments.join('\n')}\n`,
  );

  const builds: { dist: string; pids: number[]; ports: number[]; ms: number[]; us: string[] }[] =
    [];
  for (const [b, target] of targets.entries()) {
    const [dist = 'apps/api/dist', ...assignments] = target.split(':');
    const own = Object.fromEntries(
      assignments.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
    );
    const ports: number[] = [];
    const pids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [
          '--enable-source-maps',
          ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
          ...(PERF ? ['--perf-basic-prof'] : []),
          path.join(dist, 'main.js'),
        ],
        {
          cwd: root,
          stdio: ['ignore', fs.openSync(path.join(tmp, `http-${b}-${i}.log`), 'w'), 'inherit'],
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? os.tmpdir(),
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: String(port),
            LOG_LEVEL: 'info',
            DATABASE_URL: databaseUrl,
            REDIS_URL,
            REDIS_KEY_PREFIX: `${dbName}-${b}:`,
            APP_SECRET: randomBytes(32).toString('hex'),
            MEDIA_EDGE_SECRET: randomBytes(32).toString('base64url'),
            PUBLIC_URL: 'https://edge.rudy.test',
            SMTP_URL: 'smtp://127.0.0.1:9',
            MAIL_FROM: 'edge@rudy.test',
            PAYMENTS_SANDBOX: 'true',
            DEMO_MEDIA_CHANNELS: 'demo-hockey',
            RATE_LIMIT_MAX: '100000000',
            MEDIA_RATE_LIMIT_MAX: '100000000',
            LIVE_INGEST_PORT: 'off',
            WORKER: 'false',
            DATA_DIR: path.join(tmp, `http-${b}-${i}`),
            MEDIA_DIR: mediaDir,
            ...own,
          },
        },
      );
      children.push(child);
      await untilListening(port, 60_000);
      ports.push(port);
      pids.push(child.pid ?? 0);
    }
    builds.push({ dist: target, pids, ports, ms: [], us: [] });
    // Warm-up: JIT, caches, connection pools.
    const warm = await rush(ports, eventId, 200, 8);
    if (warm !== 200) throw new Error(`${target}: ${warm} of 200 warm-up viewers served`);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [n, b] of builds.entries()) {
      const perf =
        PERF && round === 0
          ? spawn(
              'perf',
              [
                'record',
                '-q',
                '-e',
                'cpu-clock',
                '-g',
                '-o',
                `${PERF}.${n}`,
                '-p',
                b.pids.join(','),
              ],
              { stdio: 'inherit' },
            )
          : undefined;
      if (perf) await new Promise((resolve) => setTimeout(resolve, 500)); // perf attached
      const cpu = () => b.pids.reduce((s, pid) => s + preciseCpuSeconds(pid), 0);
      const us = () =>
        b.pids.map(userSystem).reduce((s, x) => ({
          user: s.user + x.user,
          system: s.system + x.system,
        }));
      const before = cpu();
      const usBefore = us();
      const served = await rush(b.ports, eventId, VIEWERS, CONCURRENCY);
      const ms = ((cpu() - before) * 1000) / VIEWERS;
      const usAfter = us();
      if (perf) {
        const done = new Promise((resolve) => perf.once('exit', resolve));
        perf.kill('SIGINT');
        await done;
      }
      if (served !== VIEWERS) throw new Error(`${b.dist}: ${served} of ${VIEWERS} served`);
      b.ms.push(ms);
      b.us.push(
        `${(((usAfter.user - usBefore.user) * 1000) / VIEWERS).toFixed(2)}u+${(((usAfter.system - usBefore.system) * 1000) / VIEWERS).toFixed(2)}s`,
      );
      console.log(
        `round ${round + 1} ${b.dist}: ${ms.toFixed(3)} ms per viewer (${b.us.at(-1)}), load ${os.loadavg()[0]?.toFixed(2)}`,
      );
    }
  }
  for (const b of builds) {
    const sorted = [...b.ms].sort((x, y) => x - y);
    console.log(
      `${b.dist}: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)} ms per arriving viewer (${b.ms.map((m) => m.toFixed(3)).join(', ')})`,
    );
  }
} finally {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
}
