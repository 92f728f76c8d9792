/**
 * The big game (issue 29): one live game, a crowd of viewers, an nginx edge in front of two HTTP
 * processes, a worker publishing the game into object storage (s3rver). Loopback only, bounded
 * (`BENCH_EDGE_SECONDS`, default 120; `BENCH_EDGE_VIEWERS`, default 1000).
 *
 * The built product in production mode (2 HTTP processes with WORKER=false, 1 worker publishing
 * the demo's live loop) on a throwaway PostgreSQL and Redis (chaos/stack.ts), media in s3rver;
 * nginx (Debian's) in front with the deployable recipe (deploy/nginx, via edge-nginx.ts: the game's
 * cookie checked at the edge); the viewers in a process of
 * their own (edge-viewers.ts), following the live playlist as hls.js does. Reported:
 *  - origin requests per segment per rendition (nginx's log: requests that went upstream; goal
 *    ≤ 1 per edge);
 *  - the edge's hit ratio over playlists and segments (goal ≥ 99 %);
 *  - viewers' p99 segment latency;
 *  - the start-of-game rush: the HTTP processes' CPU (/proc) per arriving viewer over
 *    `BENCH_EDGE_RUSH` (default 2000) viewers each asking for the bootstrap document, an anonymous
 *    key and the game's playback, 32 at once, through the edge (goal ≤ 3 ms). Measured twice: on
 *    processes that served only 50 viewers (cold: V8 still compiles the hot paths), then, as the
 *    goal's figure, after `BENCH_EDGE_RUSH_WARMUP` (default 2000) more viewers, the pre-game crowd
 *    a real channel's origin has served before kick-off. Both are printed;
 *  - CPU per segment: the HTTP processes' CPU over the run per segment the viewers got, and, in
 *    the same run, one segment asked of Node directly (its presigned redirect: with a bucket Node
 *    sends no bytes) against the same segment from nginx's cache (goal ≤ 3×); and the local-disk
 *    default: a third HTTP process without a bucket serving that segment from its MEDIA_DIR under
 *    the game's cookie, against nginx serving the same file from disk (goal ≤ 3×).
 * Alone: `node --import tsx bench/edge.ts` (builds the API if stale).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { MEDIA_KIND } from '@rudy/contracts';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import { eventPrefix } from '../apps/api/src/modules/media/media-paths.js';
import { keepOneGameLive } from '../apps/api/src/test/one-live-game.js';
import {
  freePort,
  sleep,
  startPostgres,
  startRedis,
  startSmtpSink,
  supervise,
  untilListening,
  type Supervised,
} from './chaos/stack.js';
import { bareDiskServerSource, preciseCpuSeconds } from './edge-disk.js';
import { cpuSeconds } from '../packages/media/src/proc-stat.js';
import { edgeNginxConf } from './edge-nginx.js';

type Report = (name: string, value: string, verdict: string) => void;

const SECONDS = Number(process.env.BENCH_EDGE_SECONDS ?? 120);
const VIEWERS = Number(process.env.BENCH_EDGE_VIEWERS ?? 1000);
/** API keys the viewers share (each key's token differs; the edge keys its cache without it). */
const KEYS = 20;
const EDGE_PORT = 8130;
const S3_PORT = 4570;
/** The start-of-game rush: this many viewers arriving (bootstrap, key, playback), this many at once. */
const RUSH_VIEWERS = Number(process.env.BENCH_EDGE_RUSH ?? 2000);
const RUSH_CONCURRENCY = 32;
/**
 * Viewers served between the cold rush and the measured one (the same calls): the origin of a real
 * channel has served its pre-game crowd before the rush, and its processes run for days, so V8 has
 * compiled the hot paths. 0 measures the cold processes only.
 */
const RUSH_WARMUP = Number(process.env.BENCH_EDGE_RUSH_WARMUP ?? 2000);
/** The HTTP processes' CPU with no request, measured over this long before the measured rush. */
const IDLE_SECONDS = 5;
/** The direct comparison: this many requests of one segment, this many at once. */
const PROBE_REQUESTS = 3000;
const PROBE_CONCURRENCY = 20;
/** The local-disk floors (nginx, bare Node, the origin) asked in turn this many times. */
const FLOOR_ROUNDS = Number(process.env.BENCH_EDGE_FLOOR_ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
/** A folder for the HTTP processes' CPU profiles (node --cpu-prof), written as they stop. */
const PROFILE_DIR = process.env.BENCH_EDGE_PROFILE_DIR;
/** More `node` flags for the 2 HTTP processes (e.g. the production start's `--max-semi-space-size=8`). */
const HTTP_NODE_ARGS = (process.env.BENCH_EDGE_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** nginx's master and workers (its workers are the master's children). */
export function nginxPids(masterPid: number): number[] {
  const children = fs
    .readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [masterPid, ...children];
}

/** `count` GETs of one URL, `concurrency` at a time, over kept-alive connections. */
export async function hammer(url: string, cookie: string, count: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let left = count;
  const statuses = new Map<number, number>();
  const one = () =>
    new Promise<void>((resolve) => {
      http
        .get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
          statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
          res.resume();
          res.on('end', resolve);
        })
        .on('error', () => resolve());
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        await one();
      }
    }),
  );
  agent.destroy();
  return statuses;
}

/**
 * Viewers opening the watch page, as the app's start does: the channel's bootstrap document, an
 * anonymous key, the game's playback answer (which sets its media cookie). Through the edge, which
 * passes /api to the HTTP processes. Returns the number that got their playback answer.
 */
async function rush(edge: string, eventId: number, viewers: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const call = (method: string, pathname: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = http.request(
        `${edge}${pathname}`,
        {
          method,
          agent,
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
        // The bootstrap document under the new key, as the app asks for it when the page did not
        // bring it (without a key it would be a cheap 401, not the document).
        const bootstrap = await call(
          'GET',
          `/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${apiKey}`,
        );
        if (bootstrap.status !== 200) return;
        const playback = await call('GET', `/api/events/${eventId}/playback?api_key=${apiKey}`);
        if (playback.status === 200) served += 1;
      }
    }),
  );
  agent.destroy();
  return served;
}

/**
 * nginx serving a folder from disk (sendfile, its access log buffered as the edge's): what Node's
 * local-disk path is compared with. One worker, so its CPU is one number.
 */
export function diskNginxConf(o: { dir: string; listen: number; root: string; asRoot: boolean }) {
  return `${o.asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/error.log warn;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  access_log ${o.dir}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${o.dir}/temp;
  proxy_temp_path ${o.dir}/temp;
  fastcgi_temp_path ${o.dir}/temp;
  uwsgi_temp_path ${o.dir}/temp;
  scgi_temp_path ${o.dir}/temp;
  server {
    listen 127.0.0.1:${o.listen};
    location / { root ${o.root}; }
  }
}
`;
}

interface LogLine {
  key: string;
  cache: string;
  status: number;
  upstream: string;
}

function readAccessLog(file: string): LogLine[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [key = '', cache = '', status = '0', upstream = ''] = line.split('\t');
      return { key, cache, status: Number(status), upstream };
    });
}

export async function benchEdge() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('API build failed');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-edge-bench-'));
  // PostgreSQL runs as its own user (chaos/stack.ts): it must reach its folder inside this one.
  fs.chmodSync(tmp, 0o755);
  const stops: (() => unknown)[] = [];
  const slots: Supervised[] = [];
  let nginx: ChildProcess | undefined;
  let diskNginx: ChildProcess | undefined;
  const bareNodes: ChildProcess[] = [];
  try {
    // --- The stack: PostgreSQL, Redis, an SMTP sink, s3rver, one game on now.
    const pgDir = path.join(tmp, 'pg');
    fs.mkdirSync(pgDir);
    const postgres = await startPostgres(pgDir);
    stops.push(() => postgres.kill());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const smtp = await startSmtpSink();
    stops.push(smtp.close);
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: S3_PORT,
      silent: true,
      directory: path.join(tmp, 'bucket'),
      configureBuckets: [{ name: 'media' }],
    });
    await s3.run();
    stops.push(() => s3.close());
    const admin = new pg.Client({ connectionString: postgres.url('postgres') });
    await admin.connect();
    await admin.query('create database rudy');
    await admin.end();
    const databaseUrl = postgres.url('rudy');
    const seeding = await openDatabase({ databaseUrl, dataDir: path.join(tmp, 'data') });
    await migrateToLatest(seeding.db);
    const { channelId } = await seedDemoChannel(seeding.db);
    const eventId = await keepOneGameLive(seeding.db, channelId);
    await seeding.close();

    // --- The product: 1 worker publishing the game, 2 HTTP processes, built, in production.
    const httpPorts = [await freePort(), await freePort()];
    // The edge checks the game cookie with the same secret as the HTTP processes sign it.
    const edgeSecret = randomBytes(32).toString('base64url');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      MEDIA_EDGE_SECRET: edgeSecret,
      PUBLIC_URL: 'https://edge.rudy.test',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'edge@rudy.test',
      PAYMENTS_SANDBOX: 'true',
      DEMO_MEDIA_CHANNELS: 'demo-hockey',
      RATE_LIMIT_MAX: '100000000',
      MEDIA_RATE_LIMIT_MAX: '100000000',
      LIVE_INGEST_PORT: 'off',
      S3_BUCKET: 'media',
      S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const logs = path.join(tmp, 'logs');
    fs.mkdirSync(logs);
    const node = process.execPath;
    const worker = supervise(
      'worker',
      [node, '--enable-source-maps', 'apps/api/dist/worker-main.js'],
      { ...env, LOG_LEVEL: 'info', DATA_DIR: path.join(tmp, 'worker') },
      { ready: /worker running/, logFile: path.join(logs, 'worker.log'), cwd: root },
    );
    const https = httpPorts.map((port, i) =>
      supervise(
        `http-${i + 1}`,
        [
          node,
          '--enable-source-maps',
          ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
          ...HTTP_NODE_ARGS,
          'apps/api/dist/main.js',
        ],
        // LOG_LEVEL info: the 'listening' line is the signal that it is up.
        {
          ...env,
          LOG_LEVEL: 'info',
          WORKER: 'false',
          PORT: String(port),
          DATA_DIR: path.join(tmp, `http-${i + 1}`),
        },
        { ready: /Server listening at/, logFile: path.join(logs, `http-${i + 1}.log`), cwd: root },
      ),
    );
    slots.push(worker, ...https);
    await Promise.race([
      Promise.all(slots.map((s) => s.up())),
      sleep(120_000).then(() => {
        throw new Error(`the processes did not start (logs: ${logs})`);
      }),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    stops.push(() => pool.end());
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await pool.query<{ status: string }>(
        `select status from event_media where event_id = $1 and kind = $2`,
        [eventId, MEDIA_KIND.live],
      );
      if (rows[0]?.status === 'live') break;
      await sleep(500);
    }

    // --- The viewers' playback addresses: KEYS anonymous keys, each its own token.
    const origin = `http://127.0.0.1:${httpPorts[0]}`;
    const masters: string[] = [];
    for (let i = 0; i < KEYS; i += 1) {
      const key = (await (
        await fetch(`${origin}/api/get_api_key`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel_key: 'demo-hockey' }),
        })
      ).json()) as { api_key: string };
      const playbackRes = await fetch(
        `${origin}/api/events/${eventId}/playback?api_key=${key.api_key}`,
      );
      const playback = (await playbackRes.json()) as { stream?: { url: string; kind: string } };
      if (!playback.stream || playback.stream.kind !== 'live') {
        throw new Error(`no live stream: ${JSON.stringify(playback)}`);
      }
      // A game's shared URL comes with its token as a cookie (Set-Cookie), a per-viewer one without.
      const cookie = (playbackRes.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      masters.push(`${new URL(playback.stream.url, origin).pathname} ${cookie}`);
    }

    // --- The edge.
    const edgeDir = path.join(tmp, 'nginx');
    fs.mkdirSync(path.join(edgeDir, 'cache'), { recursive: true });
    const conf = path.join(edgeDir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      edgeNginxConf({
        dir: edgeDir,
        listen: EDGE_PORT,
        origins: httpPorts,
        bucket: `127.0.0.1:${S3_PORT}`,
        secret: edgeSecret,
        asRoot: process.getuid?.() === 0,
      }),
    );
    for (const sub of ['temp', 'client', 'fastcgi', 'uwsgi', 'scgi']) {
      fs.mkdirSync(path.join(edgeDir, sub), { recursive: true });
    }
    const test = spawnSync('nginx', ['-t', '-p', edgeDir, '-c', conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
    nginx = spawn('nginx', ['-p', edgeDir, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
    await untilListening(EDGE_PORT, 10_000);
    const edge = `http://127.0.0.1:${EDGE_PORT}`;

    // A first look through the edge: the rendition playlist and a segment.
    const [masterPath = '', cookie = ''] = (masters[0] ?? '').split(' ');
    const withCookie = { headers: cookie ? { cookie } : ({} as Record<string, string>) };
    const master = await (await fetch(`${edge}${masterPath}`, withCookie)).text();
    const variant = master.split('\n').find((l) => l && !l.startsWith('#')) ?? '';
    const variantUrl = new URL(variant, `${edge}${masterPath}`);
    const playlist = await (await fetch(variantUrl, withCookie)).text();
    const segment = playlist.split('\n').findLast((l) => l && !l.startsWith('#')) ?? '';
    const segmentUrl = new URL(segment, variantUrl);
    const first = await fetch(segmentUrl, withCookie);
    if (first.status !== 200) throw new Error(`segment through the edge: ${first.status}`);
    await first.arrayBuffer();

    const edgePids = nginxPids(nginx.pid ?? 0);
    const httpPids = https.map((h) => h.child()?.pid);
    const httpCpu = () => httpPids.reduce<number>((s, pid) => s + cpuSeconds(pid), 0);

    // --- The start-of-game rush: the HTTP processes' CPU (/proc, user + system) per arriving viewer.
    // First on processes that served 50 viewers only (cold: most of V8's optimising compiles fall
    // in it), then the goal's figure after a pre-game crowd of RUSH_WARMUP viewers.
    const measureRush = async (viewers: number) => {
      const cpuBefore = httpCpu();
      const started = Date.now();
      const served = await rush(edge, eventId, viewers, RUSH_CONCURRENCY);
      const seconds = (Date.now() - started) / 1000;
      const cpuMsPerViewer = ((httpCpu() - cpuBefore) * 1000) / Math.max(1, viewers);
      return { viewers, served, seconds, cpuMsPerViewer };
    };
    await rush(edge, eventId, 50, 8); // caches, connection pools
    const coldRush = await measureRush(RUSH_VIEWERS);
    if (RUSH_WARMUP > 0) await rush(edge, eventId, RUSH_WARMUP, RUSH_CONCURRENCY);
    // What the two processes use with no request at all (timers, the bus, the collector's
    // leftovers from the warm-up) over IDLE_SECONDS: shown beside the figure, never subtracted.
    const idleBefore = httpCpu();
    await sleep(IDLE_SECONDS * 1000);
    const idleCpuPerSecond = (httpCpu() - idleBefore) / IDLE_SECONDS;
    const warmRush = RUSH_WARMUP > 0 ? await measureRush(RUSH_VIEWERS) : coldRush;

    // --- The crowd.
    const cpu = () => ({
      node: httpPids.reduce<number>((s, pid) => s + cpuSeconds(pid), 0),
      nginx: edgePids.reduce((s, pid) => s + cpuSeconds(pid), 0),
      worker: cpuSeconds(worker.child()?.pid),
    });
    fs.truncateSync(path.join(edgeDir, 'access.log'));
    const before = cpu();
    const crowdStarted = Date.now();
    const viewersChild = spawn(
      node,
      [
        '--import',
        'tsx',
        path.join(root, 'bench/edge-viewers.ts'),
        edge,
        String(SECONDS),
        String(VIEWERS),
        ...masters,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    viewersChild.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((r) => viewersChild.once('exit', r));
    const crowdSeconds = (Date.now() - crowdStarted) / 1000;
    const after = cpu();
    const crowd = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      viewers: number;
      playlists: number;
      segments: number;
      bytes: number;
      errors: number;
      skipped: number;
      p50: number;
      p99: number;
      max: number;
    };
    // nginx writes its buffered log at exit or every second.
    await sleep(1500);
    const lines = readAccessLog(path.join(edgeDir, 'access.log'));
    const fromCache = new Set(['HIT', 'UPDATING', 'STALE']);
    const hits = lines.filter((l) => fromCache.has(l.cache)).length;
    const upstream = lines.filter((l) => !fromCache.has(l.cache));
    const perSegment = new Map<string, number>();
    for (const l of lines) {
      if (!l.key.endsWith('.ts')) continue;
      perSegment.set(l.key, (perSegment.get(l.key) ?? 0) + (fromCache.has(l.cache) ? 0 : 1));
    }
    const counts = [...perSegment.values()];
    const segmentsSeen = counts.length;
    const originForSegments = counts.reduce((s, n) => s + n, 0);

    // --- One segment: Node directly (its presigned redirect) against nginx from its cache.
    const tokenPath = segmentUrl.pathname;
    const nodeBefore = cpuSeconds(httpPids[0]);
    const nodeStatuses = await hammer(
      `${origin}${tokenPath}`,
      cookie,
      PROBE_REQUESTS,
      PROBE_CONCURRENCY,
    );
    const nodeCpu = cpuSeconds(httpPids[0]) - nodeBefore;
    const nginxBefore = edgePids.reduce((s, pid) => s + cpuSeconds(pid), 0);
    const edgeStatuses = await hammer(
      `${edge}${tokenPath}`,
      cookie,
      PROBE_REQUESTS,
      PROBE_CONCURRENCY,
    );
    const nginxCpu = edgePids.reduce((s, pid) => s + cpuSeconds(pid), 0) - nginxBefore;

    // --- The same segment from local disk (the embedded default: no bucket): an HTTP process of
    // the product without S3, its MEDIA_DIR holding the file where the game's key puts it, asked
    // at the game's address with the viewer's cookie; against nginx serving that file from disk.
    const localRoot = path.join(tmp, 'local-media');
    const rest = tokenPath.split('/').slice(4).join('/');
    const localFile = path.join(localRoot, eventPrefix(channelId, eventId), rest);
    fs.mkdirSync(path.dirname(localFile), { recursive: true });
    fs.writeFileSync(
      localFile,
      Buffer.from(await (await fetch(segmentUrl, withCookie)).arrayBuffer()),
    );
    const localPort = await freePort();
    const localEnv = Object.fromEntries(
      Object.entries(env).filter(([name]) => !name.startsWith('S3_')),
    );
    const local = supervise(
      'http-local',
      [node, '--enable-source-maps', 'apps/api/dist/main.js'],
      {
        ...localEnv,
        LOG_LEVEL: 'info',
        WORKER: 'false',
        PORT: String(localPort),
        DATA_DIR: path.join(tmp, 'http-local'),
        MEDIA_DIR: localRoot,
      },
      { ready: /Server listening at/, logFile: path.join(logs, 'http-local.log'), cwd: root },
    );
    slots.push(local);
    await local.up();
    const diskDir = path.join(tmp, 'nginx-disk');
    fs.mkdirSync(path.join(diskDir, 'temp'), { recursive: true });
    const diskConf = path.join(diskDir, 'nginx.conf');
    const diskPort = await freePort();
    fs.writeFileSync(
      diskConf,
      diskNginxConf({
        dir: diskDir,
        listen: diskPort,
        root: localRoot,
        asRoot: process.getuid?.() === 0,
      }),
    );
    diskNginx = spawn('nginx', ['-p', diskDir, '-c', diskConf, '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    await untilListening(diskPort, 10_000);
    const localUrl = `http://127.0.0.1:${localPort}${tokenPath}`;
    const diskUrl = `http://127.0.0.1:${diskPort}/${eventPrefix(channelId, eventId)}/${rest}`;
    const localPid = local.child()?.pid;
    const diskPids = nginxPids(diskNginx.pid ?? 0);
    await hammer(localUrl, cookie, 200, PROBE_CONCURRENCY); // warm-up: JIT, the key check's cache
    await hammer(diskUrl, '', 200, PROBE_CONCURRENCY);
    const localBefore = cpuSeconds(localPid);
    const localStatuses = await hammer(localUrl, cookie, PROBE_REQUESTS, PROBE_CONCURRENCY);
    const localCpu = cpuSeconds(localPid) - localBefore;
    const diskBefore = diskPids.reduce((s, pid) => s + cpuSeconds(pid), 0);
    const diskStatuses = await hammer(diskUrl, '', PROBE_REQUESTS, PROBE_CONCURRENCY);
    const diskCpu = diskPids.reduce((s, pid) => s + cpuSeconds(pid), 0) - diskBefore;

    // --- The floor beside them: bare node:http serving the same file (a stat and
    // fs.createReadStream per request; and its bytes from memory, as the origin's hot segments),
    // then the three again in turn, CPU to the nanosecond (/proc/<pid>/task/*/schedstat: nginx's
    // 3,000 answers above are a few 10 ms ticks).
    const floors: { name: string; url: string; cookie: string; pids: number[]; ms: number[] }[] = [
      { name: 'nginx', url: diskUrl, cookie: '', pids: diskPids, ms: [] },
    ];
    for (const mode of ['stream', 'memory'] as const) {
      const port = await freePort();
      const bare = spawn(
        node,
        ['--input-type=module', '-e', bareDiskServerSource(port, localRoot, mode)],
        { stdio: 'inherit' },
      );
      bareNodes.push(bare);
      await untilListening(port, 10_000);
      const url = `http://127.0.0.1:${port}/${eventPrefix(channelId, eventId)}/${rest}`;
      await hammer(url, '', 200, PROBE_CONCURRENCY); // warm-up
      floors.push({ name: `bare node (${mode})`, url, cookie: '', pids: [bare.pid ?? 0], ms: [] });
    }
    floors.push({ name: 'origin', url: localUrl, cookie, pids: [localPid ?? 0], ms: [] });
    for (let round = 0; round < FLOOR_ROUNDS; round += 1) {
      for (const f of floors) {
        const cpuOf = () => f.pids.reduce((s, pid) => s + preciseCpuSeconds(pid), 0);
        const before = cpuOf();
        await hammer(f.url, f.cookie, PROBE_REQUESTS, PROBE_CONCURRENCY);
        f.ms.push(((cpuOf() - before) * 1000) / PROBE_REQUESTS);
      }
    }

    return {
      rush: { cold: coldRush, warm: warmRush, warmup: RUSH_WARMUP, idleCpuPerSecond },
      viewers: VIEWERS,
      seconds: crowdSeconds,
      crowd,
      requests: lines.length,
      hits,
      upstream: upstream.length,
      segmentsSeen,
      originPerSegment: segmentsSeen > 0 ? originForSegments / segmentsSeen : 0,
      originPerSegmentMax: Math.max(0, ...counts),
      cpu: {
        node: after.node - before.node,
        nginx: after.nginx - before.nginx,
        worker: after.worker - before.worker,
      },
      probe: {
        requests: PROBE_REQUESTS,
        nodeMs: (nodeCpu * 1000) / PROBE_REQUESTS,
        nginxMs: (nginxCpu * 1000) / PROBE_REQUESTS,
        nodeStatuses: Object.fromEntries(nodeStatuses),
        edgeStatuses: Object.fromEntries(edgeStatuses),
        segmentBytes: Number(first.headers.get('content-length') ?? 0),
      },
      disk: {
        requests: PROBE_REQUESTS,
        nodeMs: (localCpu * 1000) / PROBE_REQUESTS,
        nginxMs: (diskCpu * 1000) / PROBE_REQUESTS,
        nodeStatuses: Object.fromEntries(localStatuses),
        nginxStatuses: Object.fromEntries(diskStatuses),
        segmentBytes: fs.statSync(localFile).size,
        floors: floors.map((f) => ({ name: f.name, ms: f.ms })),
      },
    };
  } finally {
    for (const n of [nginx, diskNginx]) {
      if (n && n.exitCode === null) {
        const exited = new Promise((r) => n.once('exit', r));
        n.kill('SIGQUIT');
        await exited;
      }
    }
    for (const bare of bareNodes) {
      if (bare.exitCode !== null) continue;
      const exited = new Promise((r) => bare.once('exit', r));
      bare.kill();
      await exited;
    }
    await Promise.all(slots.map((s) => s.stop()));
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export function reportEdge(r: Awaited<ReturnType<typeof benchEdge>>, report: Report) {
  const c = r.crowd;
  const rushLine = (x: typeof r.rush.cold) =>
    `${x.cpuMsPerViewer.toFixed(2)} ms (bootstrap + key + playback; ${x.served} of ${x.viewers} viewers in ${x.seconds.toFixed(1)} s, ${RUSH_CONCURRENCY} at once; 2 HTTP processes' CPU from /proc)`;
  const { cold, warm, warmup, idleCpuPerSecond } = r.rush;
  report('edge: the rush on cold processes', rushLine(cold), '(V8 warm-up included)');
  const idleMsPerViewer = (idleCpuPerSecond * warm.seconds * 1000) / Math.max(1, warm.viewers);
  report(
    warmup > 0
      ? `edge: the rush after ${warmup} pre-game viewers`
      : 'edge: the rush, API CPU per arriving viewer',
    `${rushLine(warm)}; idle, the 2 processes use ${(idleCpuPerSecond * 1000).toFixed(1)} ms CPU/s (${idleMsPerViewer.toFixed(2)} ms per viewer over the rush, included)`,
    warm.served === warm.viewers && cold.served === cold.viewers && warm.cpuMsPerViewer <= 3
      ? 'PASS (goal ≤ 3 ms)'
      : 'MISS (goal ≤ 3 ms, all served)',
  );
  report(
    `edge: ${r.viewers} viewers of one live game, ${r.seconds.toFixed(0)} s`,
    `${c.segments} segments (${(c.bytes / 1e9).toFixed(2)} GB), ${c.playlists} playlists, ${c.errors} errors, ${c.skipped} skipped`,
    c.errors === 0 ? 'PASS (no error)' : 'FAIL (errors)',
  );
  report(
    'edge: origin requests per segment per rendition',
    `${r.originPerSegment.toFixed(3)} mean, ${r.originPerSegmentMax} max over ${r.segmentsSeen} segments`,
    r.originPerSegmentMax <= 1 ? 'PASS (goal ≤ 1 per edge)' : 'MISS (goal ≤ 1 per edge)',
  );
  const ratio = r.requests > 0 ? r.hits / r.requests : 0;
  report(
    'edge: hit ratio (playlists and segments)',
    `${(ratio * 100).toFixed(2)} % (${r.upstream} of ${r.requests} requests went upstream)`,
    ratio >= 0.99 ? 'PASS (goal ≥ 99 %)' : 'MISS (goal ≥ 99 %)',
  );
  report(
    'edge: viewers’ segment latency',
    `p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, max ${c.max.toFixed(0)} ms`,
    '',
  );
  const perSegment = (s: number) => ((s * 1000) / Math.max(1, c.segments)).toFixed(3);
  report(
    'edge: CPU per segment delivered',
    `2 HTTP processes ${perSegment(r.cpu.node)} ms, nginx ${perSegment(r.cpu.nginx)} ms, worker ${perSegment(r.cpu.worker)} ms (totals ${r.cpu.node.toFixed(1)} / ${r.cpu.nginx.toFixed(1)} / ${r.cpu.worker.toFixed(1)} s)`,
    '',
  );
  const p = r.probe;
  const probeRatio = p.nodeMs / Math.max(1e-9, p.nginxMs);
  report(
    'edge: one segment, Node (presigned redirect) vs nginx (cached bytes)',
    `${p.nodeMs.toFixed(3)} ms vs ${p.nginxMs.toFixed(3)} ms CPU per request = ${probeRatio.toFixed(2)}× (${p.requests} each, ${p.segmentBytes} B segment; Node ${JSON.stringify(p.nodeStatuses)}, nginx ${JSON.stringify(p.edgeStatuses)})`,
    probeRatio <= 3 ? 'PASS (goal ≤ 3×)' : 'MISS (goal ≤ 3×)',
  );
  const d = r.disk;
  const diskRatio = d.nodeMs / Math.max(1e-9, d.nginxMs);
  report(
    'edge: one segment from local disk, Node vs nginx',
    `${d.nodeMs.toFixed(3)} ms vs ${d.nginxMs.toFixed(3)} ms CPU per request = ${diskRatio.toFixed(2)}× (${d.requests} each, ${d.segmentBytes} B segment, cookie checked by Node; Node ${JSON.stringify(d.nodeStatuses)}, nginx ${JSON.stringify(d.nginxStatuses)})`,
    diskRatio <= 3 ? 'PASS (goal ≤ 3×)' : 'MISS (goal ≤ 3×)',
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const nginxMs = median(d.floors.find((f) => f.name === 'nginx')?.ms ?? []);
  const originMs = median(d.floors.find((f) => f.name === 'origin')?.ms ?? []);
  report(
    'edge: local disk floors (schedstat CPU)',
    d.floors
      .map(
        (f) =>
          `${f.name} ${median(f.ms).toFixed(4)} ms (${(median(f.ms) / Math.max(1e-9, nginxMs)).toFixed(1)}×)`,
      )
      .join(', ') +
      ` per request, median of ${d.floors[0]?.ms.length ?? 0} rounds of ${d.requests}`,
    originMs / Math.max(1e-9, nginxMs) <= 3 ? 'PASS (goal ≤ 3×)' : 'MISS (goal ≤ 3×)',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report: Report = (name, value, verdict) =>
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  reportEdge(await benchEdge(), report);
}
