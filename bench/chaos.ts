/**
 * Chaos bench (issue 28, "a busy game night breaks nothing"): the BUILT product as production runs
 * it (NODE_ENV=production, docs/operations.md) — 2 HTTP processes (WORKER=false) and 2 workers
 * (worker-main.js; one takes RTMP ingest) on a throwaway PostgreSQL and Redis of its own, on
 * loopback only — under a mixed load (viewers, purchases through the payment sandbox, two console
 * uploads, one live RTMP publish with ffmpeg) for --minutes (default 20). Meanwhile it kill -9s a
 * random HTTP process or worker every few minutes (a supervisor restarts it, as systemd would),
 * and restarts PostgreSQL once and Redis once. Then it checks, on the database and the machine:
 *  - no paid order without access, no grant and no job doubled;
 *  - every upload and demo job finished exactly once;
 *  - no orphaned ffmpeg (one marked with a dead worker of this run as its owner);
 *  - the live recording's gaps no longer than the outages;
 *  - no answer of 500;
 *  and measures, each against a baseline in the same run: the time until every demo replay plays
 *  after the fresh start (vs the replay jobs' own work split over the workers), the cold bootstrap
 *  cache under 50 connections (vs the same burst warm) and GET /api/events/{id}'s CPU per request
 *  (vs a bare node:http server answering the same bytes).
 * Exits 1 when a check fails. Bounded: a hard deadline of --minutes + 15 ends everything.
 * Each kill of the ingest's worker is broken down: the outage as the publisher lives it (kill →
 * the port listening again → the publisher on air again) and the broadcast seconds the recording
 * misses for it (the wall time between the publisher's accepts around the kill less what the
 * recording holds of the connection the kill cut: each encoder run is a stretch of the playlist
 * after a DISCONTINUITY; the publisher sends at real time).
 * `node --import tsx bench/chaos.ts [--minutes N] [--no-build] [--kills random|ingest] [--no-restarts]
 * [--no-ingest-socket]`
 * (npm run bench:chaos).
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import type autocannon from 'autocannon';
import { locateFfmpeg } from '@rudy/media';
import { cpuSeconds, procStat } from '@rudy/media/proc-stat';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import { hashApiKey } from '../apps/api/src/modules/keys/keys.service.js';
import { holdSocket } from '../apps/api/src/test/held-socket.js';
import { eventPrefix } from '../apps/api/src/modules/media/media-paths.js';
import {
  freePort,
  sleep,
  startPostgres,
  startRedis,
  startSmtpSink,
  supervise,
  type Postgres,
  type Redis,
  type Supervised,
} from './chaos/stack.js';
import {
  anonymousKey,
  hit,
  jsonPost,
  newTally,
  publisher,
  purchase,
  recordingWatch,
  roundRobin,
  upload,
  viewer,
  type Purchase,
  type Upload,
} from './chaos/load.js';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    'no-build': { type: 'boolean' },
    /** `ingest`: every kill takes the RTMP ingest's worker (the live gap measured at each). */
    kills: { type: 'string', default: 'random' },
    /** Only the kills: no PostgreSQL or Redis restart (a kill's live gap measured alone). */
    'no-restarts': { type: 'boolean' },
    /**
     * The ingest's worker listens on a port of its own, as before socket activation: a reconnect
     * while it restarts is refused, and the encoder tries again a second later.
     */
    'no-ingest-socket': { type: 'boolean' },
  },
});
if (!['random', 'ingest'].includes(flags.kills)) throw new Error('--kills is random or ingest');
const MINUTES = Number(flags.minutes);
if (!(MINUTES > 0)) throw new Error('--minutes takes a positive number');
const RUN_MS = MINUTES * 60_000;
/** A kill every 3 minutes (at least three kills in a short run). */
const KILL_EVERY_MS = Math.min(180_000, RUN_MS / 4);
const VIEWERS = 6;
/**
 * A live gap may outlast its outage by this much: the publisher's reconnect (1 s), the encoder's
 * start and a segment or two. Not the encoder's lease: each worker has its WORKER_ID (its
 * supervisor's instance name), so a restarted worker takes its live game back at once.
 */
const LIVE_RESUME_S = 10;
/**
 * The stand-in publisher's own encoding delay behind its real-time clock (x264 ultrafast's frame
 * threads at 15 frames a second, AAC priming), not counted against the ingest at a kill: 0.1-0.2 s
 * in the runs measured (load 1.6 to 7.9), with a margin below a 15 fps frame.
 */
const PUBLISHER_ENCODING_DELAY_S = 0.25;
/**
 * What a kill -9 of the ingest's worker may take of what the publisher had sent: the frames in
 * flight in the killed process (the last frame and the audio frame it falls in), the bound
 * live-ingest-kill.ffmpeg.test.ts holds the ingest's encoder to.
 */
const IN_FLIGHT_LOSS_S = 0.25;
const root = path.resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);
const t0 = Date.now();
const clock = (at: number) => `${((at - t0) / 1000).toFixed(0)} s`;
const say = (line: string) => console.log(`[chaos ${clock(Date.now())}] ${line}`);

// Everything the run starts, so that any ending (Ctrl-C, an error, the deadline) stops it.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-chaos-'));
fs.chmodSync(tmp, 0o755);
let postgres: Postgres | undefined;
let redis: Redis | undefined;
const slots: Supervised[] = [];
const stops: (() => unknown)[] = [];
let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    await Promise.all(slots.map((s) => s.stop().catch(() => undefined)));
    await redis?.stop().catch(() => undefined);
    postgres?.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    say(`${signal}: stopping everything`);
    void cleanup().then(() => process.exit(130));
  });
}
const hardDeadline = setTimeout(
  () => {
    say('hard deadline reached: stopping everything');
    void cleanup().then(() => process.exit(2));
  },
  RUN_MS + 15 * 60_000,
);
hardDeadline.unref();

interface Row {
  name: string;
  value: string;
  verdict: 'PASS' | 'FAIL' | 'INFO';
}
const rows: Row[] = [];
const check = (name: string, pass: boolean, value: string) =>
  rows.push({ name, value, verdict: pass ? 'PASS' : 'FAIL' });
const info = (name: string, value: string) => rows.push({ name, value, verdict: 'INFO' });

/** A query on the bench's own pool; the pool survives the PostgreSQL restart. */
let pool: pg.Pool;
const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
  (await pool.query<T>(text, params)).rows;

/** CPU time (µs) a process used so far, from /proc (user + system, clock ticks of 10 ms). */
const cpuMicros = (pid: number) => cpuSeconds(pid) * 1e6;

/** autocannon in its own process, a fixed number of requests. */
async function cannon(url: string, amount: number, connections: number) {
  const cli = path.join(root, 'node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(connections), '-a', String(amount), url];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 64 << 20 });
  return JSON.parse(stdout) as autocannon.Result;
}

/** ffmpeg marked with a worker of this run as its owner whose owner is no longer its parent. */
function orphanedFfmpeg(ownerPids: Set<number>): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const mark = fs
        .readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .find((v) => v.startsWith('RUDY_FFMPEG_OWNER='));
      if (!mark) continue;
      const owner = Number(mark.split('=')[1]);
      if (!ownerPids.has(owner)) continue; // another run's, or another helper's
      const ppid = procStat(pid)?.fields[1];
      if (ppid !== undefined && Number(ppid) !== owner) found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function main() {
  if (!flags['no-build']) {
    say('building (npm run -s build)');
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const ffmpeg = locateFfmpeg().path;

  // --- The stack: PostgreSQL, Redis, an SMTP sink, the database seeded as an operator would.
  const pgDir = path.join(tmp, 'pg');
  fs.mkdirSync(pgDir);
  postgres = await startPostgres(pgDir);
  redis = await startRedis();
  const smtp = await startSmtpSink();
  stops.push(smtp.close);
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('create database rudy');
  await admin.end();
  const databaseUrl = postgres.url('rudy');
  const dataDir = path.join(tmp, 'data');
  const mediaDir = path.join(tmp, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  const seeding = await openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(seeding.db);
  const { channelId } = await seedDemoChannel(seeding.db);
  await seeding.close();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined); // idle clients cut by the restart: the next query reconnects
  say(`PostgreSQL ${postgres.url('rudy')}, Redis ${redis.url}, SMTP ${smtp.url}`);

  // --- The product: 2 HTTP processes and 2 workers, built output, production settings.
  // As systemd's rudy-ingest.socket holds it (docs/operations.md): open while its worker restarts.
  const ingestSocket = flags['no-ingest-socket'] ? undefined : holdSocket('127.0.0.1');
  if (ingestSocket) stops.push(ingestSocket.close);
  const ingestPort = ingestSocket?.port ?? (await freePort());
  const httpPorts = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    MEDIA_EDGE_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://chaos.rudy.test',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'chaos@rudy.test',
    PAYMENTS_SANDBOX: 'true',
    DEMO_MEDIA_CHANNELS: 'demo-hockey',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    // The bench's few clients send far more than one visitor: no rate limit in the way.
    RATE_LIMIT_MAX: '100000000',
    MEDIA_RATE_LIMIT_MAX: '100000000',
    LIVE_INGEST_BIND: '127.0.0.1',
  };
  const logs = path.join(tmp, 'logs');
  fs.mkdirSync(logs);
  const keepLogs = path.join(os.tmpdir(), `rudy-chaos-logs-${t0}`);
  stops.push(() => fs.cpSync(logs, keepLogs, { recursive: true }));
  const node = process.execPath;
  const workerStart = Date.now();
  const workers = [1, 2].map((i) =>
    supervise(
      `worker-${i}`,
      [node, '--enable-source-maps', 'apps/api/dist/worker-main.js'],
      {
        ...env,
        LIVE_INGEST_PORT: i === 1 ? String(ingestPort) : 'off',
        // As systemd's rudy-worker@%i gives it (docs/operations.md): the same after each restart.
        WORKER_ID: `worker-${i}`,
      },
      {
        ready: /worker running/,
        logFile: path.join(logs, `worker-${i}.log`),
        cwd: root,
        marks: { listening: /"rtmp ingest listening"/, accepted: /"rtmp publisher accepted"/ },
        ...(i === 1 && ingestSocket ? { socket: ingestSocket } : {}),
      },
    ),
  );
  const https = httpPorts.map((port, i) =>
    supervise(
      `http-${i + 1}`,
      [node, '--enable-source-maps', '--max-semi-space-size=8', 'apps/api/dist/main.js'],
      { ...env, WORKER: 'false', PORT: String(port) },
      { ready: /Server listening at/, logFile: path.join(logs, `http-${i + 1}.log`), cwd: root },
    ),
  );
  slots.push(...workers, ...https);
  const withTimeout = <T>(p: Promise<T>, ms: number, what: string) =>
    Promise.race([
      p,
      sleep(ms).then(() => {
        throw new Error(`${what} not ready after ${ms} ms (logs: ${keepLogs})`);
      }),
    ]);
  await withTimeout(Promise.all(slots.map((s) => s.up())), 120_000, 'the processes');
  say(`2 HTTP (${httpPorts.join(', ')}) and 2 workers up; RTMP on ${ingestPort}`);
  const origins = httpPorts.map((p) => `http://127.0.0.1:${p}`);
  const next = roundRobin(origins);
  const tally = newTally();

  // Item 7, first half: the bootstrap cache of a process that has served nothing yet.
  const burst = async (origin: string, key: string) => {
    const url = `${origin}/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${key}`;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => hit(tally, url)));
    return { ms: Date.now() - started, failed: answers.filter((r) => !r?.ok).length };
  };
  const keyFor = async (origin: string) => {
    for (let i = 0; i < 10; i += 1) {
      const key = await anonymousKey(tally, origin);
      if (key) return key;
      await sleep(1_000);
    }
    throw new Error(`no API key from ${origin}`);
  };
  const coldKey = await keyFor(origins[1] ?? '');
  const cold = await burst(origins[1] ?? '', coldKey);
  const warm = await burst(origins[1] ?? '', coldKey);

  // The operator's admin (production creates none): a user with the admin role and a key.
  const adminKey = await keyFor(origins[0] ?? '');
  const bindUser = async (key: string, role: 'admin' | 'viewer') => {
    const email = `${role}-${randomBytes(4).toString('hex')}@chaos.rudy.test`;
    const [user] = await q<{ id: number }>(
      `insert into users (channel_id, email, first_name, last_name, email_verified_at, role)
       values ($1, $2, 'Chaos', 'Bench', now(), $3) returning id`,
      [channelId, email, role],
    );
    await q('update api_keys set user_id = $1 where key_hash = $2', [user?.id, hashApiKey(key)]);
    return user?.id ?? 0;
  };
  await bindUser(adminKey, 'admin');

  // What the load looks at: events, free finished games to play, paid games to buy, a future
  // game for the RTMP publish (no demo encoder nor demo replay touches it).
  const events = await q<{ id: number; access_type: string; finished: boolean }>(
    `select id, access_type, event_utc_ts + duration_minutes * interval '1 minute' < now() as finished
     from events where channel_id = $1 order by event_utc_ts`,
    [channelId],
  );
  const paid = await q<{ id: number }>(
    `select id from events where channel_id = $1 and access_type = 'paid'
     and single_event_package_id is not null order by id limit 5`,
    [channelId],
  );
  const [future] = await q<{ id: number }>(
    `select id from events where channel_id = $1 and event_utc_ts > now() + interval '1 day'
     order by event_utc_ts desc limit 1`,
    [channelId],
  );
  const ids = {
    eventIds: events.map((e) => e.id),
    playableIds: events.filter((e) => e.finished && e.access_type === 'free').map((e) => e.id),
  };
  let loadOn = true;
  const running = () => loadOn;
  const tasks: Promise<unknown>[] = [];

  // Viewers.
  for (let i = 0; i < VIEWERS; i += 1) tasks.push(viewer(tally, next, ids, running));

  // Purchases: a new buyer every 10 s, each buying one paid game.
  const purchases: Purchase[] = [];
  tasks.push(
    (async () => {
      while (running()) {
        const eventId = paid[purchases.length % paid.length]?.id;
        const key = eventId ? await anonymousKey(tally, next()) : undefined;
        const userId = key ? await bindUser(key, 'viewer').catch(() => 0) : 0;
        if (key && eventId && userId) {
          const p: Purchase = { userId, eventId, apiKey: key };
          purchases.push(p);
          tasks.push(purchase(tally, next, p, running));
        }
        await sleep(10_000);
      }
    })(),
  );

  // Two uploads of a small generated video: one now, one a third into the run (so that a kill can
  // fall on its transcode).
  const video = path.join(tmp, 'upload.mp4');
  const gen = spawnSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100', '-t', '30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', video],
  ]);
  if (gen.status !== 0) throw new Error(`ffmpeg could not make the upload: ${String(gen.stderr)}`);
  const uploads: Upload[] = [1, 2].map((i) => ({ name: `upload-${i}`, startedAt: 0 }));
  const uploadDeadline = Date.now() + RUN_MS + 5 * 60_000;
  const startUpload = (u: Upload) => {
    u.startedAt = Date.now();
    tasks.push(upload(tally, next, adminKey, video, u, uploadDeadline));
  };
  if (uploads[0]) startUpload(uploads[0]);
  const secondUpload = setTimeout(() => uploads[1] && startUpload(uploads[1]), RUN_MS / 3);
  stops.push(() => clearTimeout(secondUpload));

  // The live publish.
  if (!future) throw new Error('the demo channel has no future game to publish to');
  const keyRes = await hit(
    tally,
    `${next()}/api/admin/games/${future.id}/live/key`,
    jsonPost({ api_key: adminKey }),
  );
  if (!keyRes?.ok) throw new Error(`stream key: ${keyRes?.status} ${await keyRes?.text()}`);
  const { stream_key: streamKey } = (await keyRes.json()) as { stream_key: string };
  const publishLog = fs.createWriteStream(path.join(logs, 'publisher.log'));
  const live = publisher(ffmpeg, `rtmp://127.0.0.1:${ingestPort}/live/${streamKey}`, publishLog);
  stops.push(live.stop);
  const playlist = path.join(
    mediaDir,
    eventPrefix(channelId, future.id),
    'live',
    'v0',
    'index.m3u8',
  );
  const recording = recordingWatch(playlist);
  stops.push(recording.stop);

  // Item 6: every demo replay playing after the fresh start (the workers' launch): every demo
  // game queued has its ready VOD (a job that failed for good leaves its game without one: not
  // ready, however settled the queue looks).
  let replaysReadyAt: number | undefined;
  const replayWatch = setInterval(() => {
    void q<{ open: string; done: string }>(
      `select count(distinct j.data->>'eventId') filter (where not exists (
                select 1 from event_media m where m.event_id = (j.data->>'eventId')::int
                and m.kind = 3 and m.status = 'ready')) as open,
              count(*) filter (where j.state = 'completed') as done
       from pgboss.job j where j.name = 'media.demo-game'`,
    )
      .then(([r]) => {
        if (!replaysReadyAt && r && Number(r.done) > 0 && Number(r.open) === 0) {
          replaysReadyAt = Date.now();
          say(
            `every demo replay ready after ${((replaysReadyAt - workerStart) / 1000).toFixed(0)} s`,
          );
        }
      })
      .catch(() => undefined);
  }, 2_000);
  stops.push(() => clearInterval(replayWatch));

  // The machine's load while the run goes (the figures mean little without it).
  const loads: number[] = [];
  const loadSampler = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 10_000);
  stops.push(() => clearInterval(loadSampler));

  // --- Faults, one at a time: kills every KILL_EVERY_MS, PostgreSQL at 45 %, Redis at 75 %.
  interface Outage {
    what: string;
    start: number;
    end: number;
    /** The live recording may stop for it (its worker or the database). */
    live: boolean;
  }
  const outages: Outage[] = [];
  const plan: { at: number; kind: 'kill' | 'postgres' | 'redis' }[] = [];
  for (let at = KILL_EVERY_MS; at < RUN_MS - 30_000; at += KILL_EVERY_MS) {
    plan.push({ at, kind: 'kill' });
  }
  if (!flags['no-restarts']) {
    plan.push({ at: RUN_MS * 0.45, kind: 'postgres' }, { at: RUN_MS * 0.75, kind: 'redis' });
  }
  plan.sort((a, b) => a.at - b.at);
  const orphansSeen = new Set<number>();
  const loadStart = Date.now();
  for (const step of plan) {
    await sleep(loadStart + step.at - Date.now());
    const start = Date.now();
    if (step.kind === 'kill') {
      // The first kill takes the ingest worker (every run measures a live game's restart); the
      // others a random process.
      const first = !outages.some((o) => o.what.startsWith('kill -9'));
      const slot =
        first || flags.kills === 'ingest'
          ? workers[0]
          : slots[Math.floor(Math.random() * slots.length)];
      if (!slot) continue;
      const pid = slot.kill9();
      say(`kill -9 ${slot.name} (pid ${pid})`);
      while (slot.child()?.pid === pid) await sleep(100);
      await withTimeout(slot.up(), 120_000, slot.name);
      outages.push({
        what: `kill -9 ${slot.name}`,
        start,
        end: Date.now(),
        live: slot === workers[0],
      });
      // The kernel's death signal ends its ffmpeg at once: anything left now is an orphan.
      for (const o of orphanedFfmpeg(new Set([pid ?? 0]))) orphansSeen.add(o);
      say(`${slot.name} back after ${((Date.now() - start) / 1000).toFixed(1)} s`);
    } else if (step.kind === 'postgres') {
      say('PostgreSQL: stop -m fast, 20 s away, start');
      postgres.stop();
      await sleep(20_000);
      await postgres.start();
      outages.push({ what: 'PostgreSQL restart', start, end: Date.now(), live: true });
      say('PostgreSQL back');
    } else {
      say('Redis: stop, 20 s away, start');
      await redis.stop();
      await sleep(20_000);
      await redis.start();
      outages.push({ what: 'Redis restart', start, end: Date.now(), live: false });
      say('Redis back');
    }
  }
  await sleep(loadStart + RUN_MS - Date.now());

  // --- The end: load off, the publisher stops (its recording becomes the VOD), work settles.
  say('load off; waiting for purchases, uploads and replays to settle');
  loadOn = false;
  await live.stop();
  recording.stop();
  await withTimeout(Promise.all(tasks), 6 * 60_000, 'the load').catch((e: unknown) =>
    say(String(e)),
  );
  const settleDeadline = Date.now() + 3 * 60_000;
  while (!replaysReadyAt && Date.now() < settleDeadline) await sleep(2_000);
  for (const o of orphanedFfmpeg(new Set(workers.flatMap((w) => [...w.pids])))) orphansSeen.add(o);

  // Item 7, second half: GET /api/events/{id}, CPU per request, vs a bare node:http server.
  const cpuKey = await keyFor(origins[0] ?? '');
  const eventUrl = `${origins[0]}/api/events/${ids.eventIds[0]}?api_key=${cpuKey}`;
  const sample = await fetch(eventUrl);
  const body = Buffer.from(await sample.arrayBuffer());
  const headers: Record<string, string> = {};
  sample.headers.forEach((v, k) => {
    if (!['connection', 'keep-alive', 'transfer-encoding', 'date'].includes(k)) headers[k] = v;
  });
  const bareFile = path.join(tmp, 'bare.mjs');
  fs.writeFileSync(
    bareFile,
    `import http from 'node:http';
const body = Buffer.from(process.env.BODY, 'base64');
const headers = JSON.parse(process.env.HEADERS);
http.createServer((_q, s) => { s.writeHead(200, headers); s.end(body); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));`,
  );
  const barePort = await freePort();
  const bare = spawn(node, [bareFile], {
    env: {
      PATH: env.PATH,
      BODY: body.toString('base64'),
      HEADERS: JSON.stringify(headers),
      PORT: String(barePort),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stops.push(() => bare.kill('SIGKILL'));
  await new Promise((r) => bare.stdout.once('data', r));
  const http1 = https[0]?.child()?.pid ?? 0;
  const cpuPer = async (pid: number, url: string) => {
    await cannon(url, 500, 10); // warm-up
    const before = cpuMicros(pid);
    const r = await cannon(url, 4_000, 10);
    return { us: (cpuMicros(pid) - before) / r.requests.total, failed: r.non2xx + r.errors };
  };
  const appCpu = await cpuPer(http1, eventUrl);
  const bareCpu = await cpuPer(bare.pid ?? 0, `http://127.0.0.1:${barePort}/`);

  // --- Checks on the database.
  const paidWithoutAccess = await q<{ id: number }>(
    `select id from orders where status = 'paid' and fulfilled_at is null`,
  );
  const doubledGrants = await q<{ user_id: number; product_key: string; n: string }>(
    `select user_id, product_key, count(*) as n from orders
     where status = 'paid' and product_key is not null group by 1, 2 having count(*) > 1`,
  );
  const buyers = purchases.filter((p) => p.orderId !== undefined);
  const orderIds = buyers.map((p) => p.orderId ?? 0);
  const orderStatus = new Map(
    (
      await q<{ id: number; status: string }>(`select id, status from orders where id = any($1)`, [
        orderIds,
      ])
    ).map((o) => [o.id, o.status]),
  );
  const paidNoPlayback = buyers.filter(
    (p) => orderStatus.get(p.orderId ?? 0) === 'paid' && p.grantedAfterMs === undefined,
  );
  const jobRuns = await q<{ name: string; key: string; rows: string; done: string }>(
    `select name, singleton_key as key, count(*) as rows,
            count(*) filter (where state = 'completed') as done
     from pgboss.job where name in ('media.demo-game', 'media.package-upload', 'media.package-vod')
     and singleton_key is not null group by 1, 2`,
  );
  const doubledJobs = jobRuns.filter((j) => Number(j.rows) > 1);
  // A request's job run again after it completed (a new job row for the same key).
  const reruns = await q<{ name: string; key: string; done: string }>(
    `select name, singleton_key as key, count(*) as done from pgboss.job
     where name like 'media.%' and singleton_key is not null and state = 'completed'
     group by 1, 2 having count(*) > 1`,
  );
  const notOnce = jobRuns.filter((j) => j.name !== 'media.package-vod' && Number(j.done) !== 1);
  const uploadRows = await q<{ id: string; status: string }>(
    'select id, status from media_uploads',
  );
  const [demoWork] = await q<{ jobs: string; work_s: number | null; last: Date | null }>(
    `select count(*) as jobs, extract(epoch from sum(completed_on - started_on))::float as work_s,
            max(completed_on) as last
     from pgboss.job where name = 'media.demo-game' and state = 'completed'`,
  );
  const [vodless] = await q<{ n: string }>(
    `select count(*) as n from pgboss.job j where j.name = 'media.demo-game' and not exists (
       select 1 from event_media m where m.event_id = (j.data->>'eventId')::int
       and m.kind = 3 and m.status = 'ready')`,
  );

  // Live gaps: each must fall in an outage that can stop the recording, and last no longer
  // than it plus the publisher's reconnect and the encoder's first segments (LIVE_RESUME_S).
  const gaps = recording.gaps().map((g) => {
    const cause = outages.find((o) => o.live && g.from <= o.end + 5_000 && g.to >= o.start);
    const allowed = cause ? cause.end - cause.start + LIVE_RESUME_S * 1000 : 0;
    return { ...g, cause, ok: cause !== undefined && g.to - g.from <= allowed };
  });

  // Each kill of the ingest's worker: the outage as the publisher saw it, and the broadcast
  // seconds missing from the recording for it. The connection the kill cut went on air at the
  // last accept before the kill; the next one at the first accept after it. Between the two the
  // publisher sent at real time whenever it was on air, and the recording holds of it the
  // encoder runs first seen in between (one per accepted connection that got a segment out).
  const ingestMarks = workers[0]?.marks ?? [];
  const markAfter = (name: string, at: number) =>
    ingestMarks.find((m) => m.name === name && m.at > at)?.at;
  const ingestKills = outages
    .filter((o) => o.what === `kill -9 ${workers[0]?.name}`)
    .map((o) => {
      const onAirBefore = ingestMarks
        .filter((m) => m.name === 'accepted' && m.at <= o.start)
        .at(-1)?.at;
      const listening = markAfter('listening', o.start);
      const onAir = markAfter('accepted', o.start);
      const firstSegment = onAir === undefined ? undefined : recording.appearedAfter(onAir);
      const held =
        onAirBefore === undefined || onAir === undefined
          ? undefined
          : recording
              .runs()
              .filter((r) => r.firstSeen > onAirBefore && r.firstSeen <= onAir)
              .reduce((sum, r) => sum + r.seconds, 0);
      const missing =
        held === undefined || onAirBefore === undefined || onAir === undefined
          ? undefined
          : (onAir - onAirBefore) / 1000 - held;
      const lostAtKill =
        held === undefined || onAirBefore === undefined
          ? undefined
          : (o.start - onAirBefore) / 1000 - held;
      // What the cut connection's encoder had sent (muxed) when it died with the connection:
      // the rest of its on-air time it was held back (the ingest's encoder behind real time).
      const cut = live.runs
        .filter((r) => r.start <= o.start && (r.end ?? Infinity) > o.start)
        .at(-1);
      const notSent =
        cut && onAirBefore !== undefined
          ? (o.start - onAirBefore) / 1000 - cut.sentSeconds
          : undefined;
      const sentNotRecorded = cut && held !== undefined ? cut.sentSeconds - held : undefined;
      return { o, listening, onAir, firstSegment, missing, lostAtKill, notSent, sentNotRecorded };
    });
  const since = (at: number | undefined, from: number) =>
    at === undefined ? '-' : `${((at - from) / 1000).toFixed(1)} s`;

  // --- The report.
  check(
    'paid orders without access',
    paidWithoutAccess.length === 0 && paidNoPlayback.length === 0,
    `${paidWithoutAccess.length} paid and not fulfilled; ${paidNoPlayback.length} of ${buyers.length} buyers never saw 'granted' (${purchases.length - buyers.length} buys unanswered)`,
  );
  check(
    'grants doubled',
    doubledGrants.length === 0,
    `${doubledGrants.length} (buyer, product) with two paid orders`,
  );
  check(
    'jobs doubled (one pgboss.job per key)',
    doubledJobs.length === 0,
    doubledJobs.length
      ? doubledJobs.map((j) => `${j.name} ${j.key}: ${j.rows}`).join('; ')
      : `0 of ${jobRuns.length} keys`,
  );
  check(
    'uploads and demo jobs finished exactly once',
    notOnce.length === 0 &&
      uploads.every((u) => u.status === 'ready') &&
      Number(vodless?.n ?? 0) === 0,
    `${uploads.map((u) => `${u.name} ${u.status ?? 'not started'}${u.error ? ` (${u.error})` : ''}`).join(', ')}; ` +
      `${uploadRows.length} upload rows; jobs not completed once: ${notOnce.map((j) => `${j.key} (${j.done})`).join(', ') || 'none'}; ` +
      `demo games without a ready VOD: ${vodless?.n ?? '?'}`,
  );
  check(
    'orphaned ffmpeg',
    orphansSeen.size === 0,
    `${orphansSeen.size} (pids ${[...orphansSeen].join(', ') || '-'})`,
  );
  check(
    'live recording gaps within the outages',
    recording.produced() > 0 && gaps.every((g) => g.ok),
    `${recording.produced()} segments; gaps: ${
      gaps
        .map(
          (g) =>
            `${clock(g.from)}-${clock(g.to)} (${((g.to - g.from) / 1000).toFixed(0)} s, ${g.cause?.what ?? 'no outage'})`,
        )
        .join('; ') || 'none'
    }; publisher (re)started ${live.starts.length}x`,
  );
  ingestKills.forEach((k, i) => {
    info(
      `ingest kill ${i + 1} at ${clock(k.o.start)}: outage`,
      `listening again ${since(k.listening, k.o.start)}, publisher on air again ${since(k.onAir, k.o.start)}, ` +
        `its first segment ${since(k.firstSegment, k.o.start)}, worker running ${since(k.o.end, k.o.start)}`,
    );
  });
  // What the product answers for, per kill: all that is missing but the publisher's own encoding
  // delay (PUBLISHER_ENCODING_DELAY_S), held to the time the publisher was off air (the kill until
  // the ingest accepted it again: the worker's own restart is measured on another clock and can
  // end a hair before) plus the frames in flight in the killed process (IN_FLIGHT_LOSS_S). What
  // the stand-in had not yet muxed when its connection was cut is read from its last -progress
  // report, which ffmpeg writes on exit. It never reached the ingest, and OBS keeps it across a
  // reconnect where this stand-in, a new ffmpeg per connection, loses it. Past that delay the
  // publisher was held back by the ingest (an encoder behind real time), which counts.
  const accountable = (k: (typeof ingestKills)[number]) =>
    k.missing === undefined || k.notSent === undefined
      ? undefined
      : k.missing - Math.min(Math.max(0, k.notSent), PUBLISHER_ENCODING_DELAY_S);
  check(
    'live broadcast sent and missing per ingest kill <= its time off air and the frames in flight',
    ingestKills.length > 0 &&
      ingestKills.every((k) => {
        const lost = accountable(k);
        return (
          lost !== undefined &&
          k.onAir !== undefined &&
          lost <= (k.onAir - k.o.start) / 1000 + IN_FLIGHT_LOSS_S
        );
      }),
    ingestKills
      .map(
        (k, i) =>
          `kill ${i + 1}: ${accountable(k)?.toFixed(1) ?? '?'} s sent and missing, of ${k.missing?.toFixed(1) ?? '?'} s missing in all (lost at the kill ${k.lostAtKill?.toFixed(1) ?? '?'} s: ${k.sentNotRecorded?.toFixed(1) ?? '?'} s sent and not recorded, ${k.notSent?.toFixed(1) ?? '?'} s not yet sent by the publisher; worker back after ${((k.o.end - k.o.start) / 1000).toFixed(1)} s) vs off air ${since(k.onAir, k.o.start)} + ${IN_FLIGHT_LOSS_S} s in flight`,
      )
      .join('; ') || 'no kill of the ingest worker',
  );
  const counts = [...tally.byStatus.entries()].sort((a, b) => a[0] - b[0]);
  // A 500 while the database is away is the product as it is until its outage answers 503.
  const inDbOutage = tally.fivehundreds.filter((f) =>
    outages.some(
      (o) => o.what.startsWith('PostgreSQL') && f.at >= o.start && f.at <= o.end + 10_000,
    ),
  ).length;
  check(
    'answers of 500',
    tally.fivehundreds.length === 0,
    `${tally.fivehundreds.length}${
      tally.fivehundreds.length
        ? ` (first: ${tally.fivehundreds
            .slice(0, 5)
            .map((f) => `${clock(f.at)} ${f.path}`)
            .join(', ')})`
        : ''
    } (${inDbOutage} during the PostgreSQL restart); all answers ${counts.map(([s, n]) => `${s}:${n}`).join(' ')}; no answer ${tally.networkErrors}`,
  );
  const crashes = slots.flatMap((s) => s.unexpectedExits.map((e) => ({ name: s.name, ...e })));
  check(
    'processes that exited on their own',
    crashes.length === 0,
    crashes.length
      ? crashes
          .map((c) => `${c.name} at ${clock(c.at)} (code ${c.code}, ${c.signal ?? '-'})`)
          .join('; ')
      : '0',
  );
  info(
    'media jobs completed more than once per key',
    reruns.map((r) => `${r.name} ${r.key}: ${r.done}`).join('; ') || 'none',
  );
  const readyS = replaysReadyAt ? (replaysReadyAt - workerStart) / 1000 : undefined;
  const idealS = demoWork?.work_s ? demoWork.work_s / workers.length : undefined;
  info(
    'item 6: every demo replay plays after a fresh start',
    readyS && idealS
      ? `${readyS.toFixed(0)} s; baseline: the ${demoWork?.jobs} replay jobs' own work over 2 workers ${idealS.toFixed(0)} s (${(readyS / idealS).toFixed(2)}x)`
      : `not ready within the run (${demoWork?.jobs ?? 0} replay jobs done)`,
  );
  info(
    'item 7: cold bootstrap cache, 50 connections',
    `${cold.ms} ms for the burst (${cold.failed} failed); baseline: the same burst warm ${warm.ms} ms (${(cold.ms / Math.max(1, warm.ms)).toFixed(2)}x)`,
  );
  info(
    'item 7: GET /api/events/{id} CPU per request',
    `${appCpu.us.toFixed(0)} µs (${appCpu.failed} failed); baseline: bare node:http, same bytes ${bareCpu.us.toFixed(0)} µs (${(appCpu.us / Math.max(1, bareCpu.us)).toFixed(1)}x)`,
  );
  info(
    'faults',
    outages
      .map((o) => `${clock(o.start)} ${o.what} (${((o.end - o.start) / 1000).toFixed(1)} s)`)
      .join('; '),
  );
  const grants = buyers.flatMap((p) => (p.grantedAfterMs === undefined ? [] : [p.grantedAfterMs]));
  info(
    'purchases',
    `${buyers.length} bought, ${grants.length} granted, slowest grant ${grants.length ? (Math.max(...grants) / 1000).toFixed(1) : '-'} s`,
  );
  const sortedLoads = [...loads].sort((a, b) => a - b);
  info(
    'machine load (1-min load average, sampled every 10 s)',
    loads.length
      ? `median ${sortedLoads[Math.floor(loads.length / 2)]?.toFixed(1)}, max ${sortedLoads.at(-1)?.toFixed(1)} on ${os.cpus().length} cores`
      : '-',
  );
  info('logs', keepLogs);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`chaos bench stopped: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await cleanup();
  clearTimeout(hardDeadline);
}
if (rows.length) {
  console.log(`\nChaos bench, ${MINUTES} min, built product in production mode, loopback only`);
  for (const r of rows) console.log(`${r.verdict.padEnd(5)} ${r.name.padEnd(48)} ${r.value}`);
}
process.exit(failed || rows.some((r) => r.verdict === 'FAIL') ? 1 : 0);
