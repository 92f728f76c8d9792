/**
 * Analytics (issue 13). Two figures:
 *  - ingest: POST /datalake/video/viewing/ at 50 connections against a bare node:http server
 *    answering the same bytes in the same run (goal, issue 32: at least 0.3 of its requests/s
 *    through ordinary Fastify routes; issue 13's 0.5 and p99 < 10 ms needed a lane in front of
 *    Fastify, now removed), and every accepted row in analytics_raw afterwards;
 *  - dashboard: GET /api/admin/analytics/dashboard (30 days, all streams, then live only) on
 *    rollups made by the real aggregator from 10 million synthetic datalake rows (goal: under
 *    50 ms each).
 */
import { execFile, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import type { DB } from '../apps/api/src/db/database.js';
import { RAW_KIND, type RawRow } from '../apps/api/src/modules/analytics/datalake-rows.js';
import { createDatalakeRepository } from '../apps/api/src/modules/analytics/datalake.repository.js';
import { rollUp } from '../apps/api/src/modules/analytics/rollup.js';
import { hashApiKey } from '../apps/api/src/modules/keys/keys.service.js';
import { serveApp } from './serve-app.js';
import { SERVER_BUNDLE_OPTIONS } from '../scripts/build.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROLLUP_INPUT_ROWS = Number(process.env.BENCH_ANALYTICS_ROWS ?? 10_000_000);
const root = path.resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);

interface Load {
  rps: number;
  p99: number;
  ok: number;
  /** The run's measured length, s. */
  duration: number;
}

/**
 * autocannon in its own process, POSTing one body for DURATION_S or, given `amount`, exactly that
 * many requests: then every request sent is answered before autocannon stops, so its 2xx count
 * is exactly what the server accepted (a timed run stops counting with requests still in flight).
 */
async function post(
  url: string,
  body: string,
  contentType: string,
  amount?: number,
): Promise<Load> {
  const cli = path.join(root, 'node_modules/autocannon/autocannon.js');
  const args = [
    cli,
    '--json',
    '-c',
    String(CONNECTIONS),
    // autocannon ends a run at its next sample tick (1 s by default), so a fixed-count run's
    // duration came out in whole seconds and its requests/s in steps (three runs at 29 003/s
    // exactly): 10 ms samples end it within 10 ms of its last answer.
    ...(amount ? ['-a', String(amount), '-L', '10'] : ['-d', String(DURATION_S)]),
    '-m',
    'POST',
    '-H',
    `content-type=${contentType}`,
    '-b',
    body,
    url,
  ];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout) as autocannon.Result;
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // Requests over the run's measured length: `requests.average` is a mean of whole-second
  // samples, so a fixed-count run of four or eight seconds came out at exact ratios like 0.500.
  return {
    rps: r.requests.total / r.duration,
    p99: r.latency.p99,
    ok: r['2xx'],
    duration: r.duration,
  };
}

/**
 * A node:http server reading the body and answering what the datalake answers, in a plain `node`
 * process of its own as the ingest server is (same IPC: `{url}`, then `cpu` and `close`).
 */
const BARE_SERVER = `
import http from 'node:http';
const { body, headers } = JSON.parse(process.env.BENCH_BARE);
const answer = Buffer.from(body, 'base64');
const server = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.send({ url: 'http://127.0.0.1:' + server.address().port + '/' });
});
process.on('message', (m) => {
  if (m.op === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (m.op === 'close') server.close(() => process.exit(0));
});
`;

function bareServer(body: Buffer, headers: Record<string, string>) {
  return child(
    spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
      env: {
        ...process.env,
        BENCH_BARE: JSON.stringify({ body: body.toString('base64'), headers }),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

/** A bench server in a child process, over its IPC channel. */
async function child(proc: ChildProcess) {
  const ask = <T>(message: object, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (!(key in m)) return;
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(m[key] as T);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code})`));
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      if (Object.keys(message).length > 0) proc.send(message);
    });
  const url = await ask<string>({}, 'url');
  return {
    url,
    /** The server's CPU time so far, user + system, µs. */
    cpu: async () => {
      const c = await ask<NodeJS.CpuUsage>({ op: 'cpu' }, 'cpu');
      return c.user + c.system;
    },
    count: (session: string) => ask<number>({ op: 'count', session }, 'count'),
    /** The ingest server's event-loop delay since the last call, ms. */
    loop: () => ask<{ p99: number; max: number }>({ op: 'loop' }, 'loop'),
    close: async () => {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.send({ op: 'close' });
      await exited;
    },
  };
}

/**
 * bench/ingest-server.ts bundled the way scripts/build.mjs bundles the API (esbuild, workspace
 * packages compiled in, third-party packages external, no keepNames): what `npm start` runs, not
 * the sources under tsx (whose __name wrappers and loader hooks cost the server CPU). Written
 * under node_modules so the bundle resolves the packages it leaves external.
 */
async function bundleIngestServer(): Promise<string> {
  const esbuild = await import('esbuild');
  const outdir = path.join(root, 'node_modules/.cache/rudy-bench', `ingest-${process.pid}`);
  await esbuild.build({
    ...SERVER_BUNDLE_OPTIONS,
    entryPoints: { 'ingest-server': path.join(root, 'bench/ingest-server.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  return path.join(outdir, 'ingest-server.mjs');
}

/**
 * The ingest server in a child process: the built bundle, or the sources under tsx with
 * BENCH_SOURCE=1. BENCH_SERVER_ARGS adds node options (e.g. `--cpu-prof --cpu-prof-dir=/tmp/x`).
 */
async function ingestServer() {
  const bundle = process.env.BENCH_SOURCE === '1' ? null : await bundleIngestServer();
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const server = await child(
    fork(bundle ?? path.join(root, 'bench/ingest-server.ts'), [], {
      execArgv: bundle ? extra : ['--import', 'tsx', ...extra],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  return {
    ...server,
    source: bundle ? 'built' : 'tsx',
    close: async () => {
      await server.close();
      if (bundle) fs.rmSync(path.dirname(bundle), { recursive: true, force: true });
    },
  };
}

const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A series of runs of one server: medians, and requests over time summed over every run. */
export interface Series {
  /** Median requests/s of the runs (each: its requests over its measured duration). */
  rps: number;
  /** All requests over all runs' durations. */
  totalRps: number;
  /** Median of the runs' p99 latency, ms. */
  p99: number;
  /** Worst run's p99, ms. */
  worstP99: number;
  /** CPU time of the serving process per request, µs (all runs). */
  cpuUs: number;
  ok: number;
  runs: { rps: number; p99: number; cpuUs: number; loop?: { p99: number; max: number } }[];
}

function series(runs: (Load & { cpuUs: number; loop?: { p99: number; max: number } })[]): Series {
  const requests = runs.reduce((sum, r) => sum + r.ok, 0);
  return {
    rps: medianOf(runs.map((r) => r.rps)),
    totalRps: requests / runs.reduce((sum, r) => sum + r.duration, 0),
    p99: medianOf(runs.map((r) => r.p99)),
    worstP99: Math.max(...runs.map((r) => r.p99)),
    cpuUs: runs.reduce((sum, r) => sum + r.cpuUs * r.ok, 0) / requests,
    ok: requests,
    runs: runs.map((r) => ({
      rps: Math.round(r.rps),
      p99: r.p99,
      cpuUs: Math.round(r.cpuUs),
      ...(r.loop ? { loop: r.loop } : {}),
    })),
  };
}

export interface IngestBench {
  server: string;
  rounds: number;
  baseline: Series;
  ingest: Series;
  accepted: number;
  stored: number;
}

export interface AnalyticsBench extends IngestBench {
  inputRows: number;
  seedSeconds: number;
  dashboard: { all: number[]; live: number[] };
}

/**
 * The heartbeat at 50 connections against a bare node:http server answering the same bytes, in
 * one run: BENCH_ROUNDS (3) rounds of bare then server, the same number of requests each (what a
 * warm-up run managed in DURATION_S). The server is the built bundle in its own process; its CPU
 * per request is measured with process.cpuUsage (load on the machine inflates it far less than
 * it does requests/s), and so is the bare server's (a plain `node` process too). The measured runs
 * post one session id of their own, and the rows stored under it must be exactly the requests
 * answered 2xx.
 */
export async function benchIngest(): Promise<IngestBench> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const app = await ingestServer();
  try {
    const heartbeat = (session: string) =>
      JSON.stringify({
        viewing_time: 30,
        category: 'U18 AAA',
        sport: 'Hockey',
        gender: 'men',
        school: 'North Bay Academy',
        league: 'NJHL',
        video_view_uuid: randomUUID(),
        stream_id: 12,
        stream_type: 'live',
        profile: 'demo-hockey',
        session_uuid: session,
        origin_url: 'https://tv.njhl.example/watch/12',
      });
    const url = `${app.url}/datalake/video/viewing/`;
    // Beacons send text/plain; so does the web client, to need no CORS preflight.
    const type = 'text/plain;charset=UTF-8';
    const warmBody = heartbeat(randomUUID());
    const sample = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': type },
      body: warmBody,
    });
    const answer = Buffer.from(await sample.arrayBuffer());
    const headers: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!['content-length', 'date', 'connection', 'keep-alive'].includes(name)) {
        headers[name] = value;
      }
    });
    const bare = await bareServer(answer, headers);
    try {
      const warm = await post(url, warmBody, type); // JIT, partitions, plans
      const amount = Math.max(CONNECTIONS * 20, Math.round(warm.rps * DURATION_S));
      const session = randomUUID();
      const body = heartbeat(session);
      const baselines: Parameters<typeof series>[0] = [];
      const ingests: Parameters<typeof series>[0] = [];
      for (let i = 0; i < rounds; i++) {
        const bareBefore = await bare.cpu();
        const b = await post(bare.url, body, type, amount);
        baselines.push({ ...b, cpuUs: ((await bare.cpu()) - bareBefore) / b.ok });
        const before = await app.cpu();
        await app.loop();
        const s = await post(url, body, type, amount);
        const cpuUs = ((await app.cpu()) - before) / s.ok;
        ingests.push({ ...s, cpuUs, loop: await app.loop() });
      }
      const accepted = ingests.reduce((sum, run) => sum + run.ok, 0);
      // Batches go out every second: wait for the last one, then count what was stored.
      let stored = 0;
      for (let i = 0; i < 60 && stored < accepted; i++) {
        await new Promise((r) => setTimeout(r, 1_000));
        stored = await app.count(session);
      }
      return {
        server: app.source,
        rounds,
        baseline: series(baselines),
        ingest: series(ingests),
        accepted,
        stored,
      };
    } finally {
      await bare.close();
    }
  } finally {
    await app.close();
  }
}

/**
 * Rollups of `rows` synthetic datalake rows over the last 30 days, in time order (as the ingest
 * writes them), through the real aggregator: 85 % viewing heartbeats, 5 % first frames, 8 % page
 * visits, 2 % sessions and logins, 200 000 sessions, 300 games, 40 pages.
 */
export async function seedRollups(db: DB, channelId: number, rows: number) {
  const repo = createDatalakeRepository(db);
  const start = Date.now() - 30 * 86_400_000;
  const span = 30 * 86_400_000 - 60_000;
  const chunk = 100_000;
  const pages = Array.from({ length: 40 }, (_, i) => (i === 0 ? '/' : `/watch/${i}`));
  const schools = ['North Bay Academy', 'St. Brendan', 'Lakeside', 'Riverside', 'Hillcrest'];
  let seed = 42;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let done = 0; done < rows; done += chunk) {
    const batch: RawRow[] = [];
    for (let i = done; i < Math.min(rows, done + chunk); i++) {
      const at = new Date(start + Math.floor((i / rows) * span));
      const r = rand();
      const game = 1 + Math.floor(rand() * 300);
      const sessionNo = Math.floor(rand() * 200_000);
      const session = `s${sessionNo}`;
      const view = `00000000-0000-4000-8000-${(sessionNo * 1_000 + game).toString(16).padStart(12, '0')}`;
      const stream_type = game % 3 === 0 ? 'live' : 'vod';
      const base = {
        received_at: at,
        channel_id: channelId,
        name: null,
        session_uuid: session,
        video_view_uuid: null,
        user_id: null,
        stream_id: null,
        stream_type: null,
        value: null,
        data: {},
      };
      if (r < 0.85) {
        batch.push({
          ...base,
          kind: RAW_KIND.viewing,
          video_view_uuid: view,
          stream_id: game,
          stream_type,
          value: 30,
          data: { sport: 'Hockey', school: schools[game % schools.length], category: 'U18' },
        });
      } else if (r < 0.9) {
        batch.push({
          ...base,
          kind: RAW_KIND.videoEvent,
          name: 'first_frame',
          video_view_uuid: view,
          stream_id: game,
          stream_type,
          user_id: rand() < 0.3 ? 1 + Math.floor(rand() * 50_000) : null,
          value: 300 + Math.floor(rand() * 2_500),
        });
      } else if (r < 0.98) {
        const page = pages[Math.floor(rand() * pages.length)] ?? '/';
        batch.push({ ...base, kind: RAW_KIND.event, name: 'visit_page', data: { path: page } });
      } else {
        batch.push(
          rand() < 0.5
            ? { ...base, kind: RAW_KIND.session }
            : { ...base, kind: RAW_KIND.event, name: 'login' },
        );
      }
    }
    // "Viewers now" is about the last minute; a month of synthetic views has none.
    await repo.writeBatch([], { ...rollUp(batch), presence: [] });
  }
}

/** An admin of the channel with a key, written straight into the database. */
async function adminKey(db: DB, channelId: number): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({
      channel_id: channelId,
      email: 'bench-admin@example.test',
      first_name: 'Bench',
      last_name: 'Admin',
      password_hash: null,
      email_verified_at: new Date(),
      role: 'admin',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = randomBytes(32).toString('base64url');
  await db
    .insertInto('api_keys')
    .values({
      channel_id: channelId,
      key_hash: hashApiKey(key),
      user_id: user.id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  return key;
}

export async function benchDashboard() {
  let seedSeconds = 0;
  let key = '';
  const app = await serveApp({
    seed: async (db) => {
      const channel = await db
        .selectFrom('channels')
        .select('id')
        .where('key', '=', 'demo-hockey')
        .executeTakeFirstOrThrow();
      const started = Date.now();
      await seedRollups(db, channel.id, ROLLUP_INPUT_ROWS);
      seedSeconds = (Date.now() - started) / 1000;
      key = await adminKey(db, channel.id);
    },
  });
  try {
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const time = async (stream: string) => {
      const q = `api_key=${key}&from=${from}&to=${today}&stream=${stream}`;
      const runs: number[] = [];
      for (let i = 0; i < 12; i++) {
        const t0 = performance.now();
        const res = await fetch(`${app.url}/api/admin/analytics/dashboard?${q}`);
        if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        runs.push(performance.now() - t0);
      }
      // The first two are warm-up (plans, JIT); the rest are the figure.
      return runs.slice(2).sort((a, b) => a - b);
    };
    return { seedSeconds, dashboard: { all: await time('all'), live: await time('live') } };
  } finally {
    await app.close();
  }
}

export async function benchAnalytics(): Promise<AnalyticsBench> {
  const ingest = await benchIngest();
  const dashboard = await benchDashboard();
  return { ...ingest, ...dashboard, inputRows: ROLLUP_INPUT_ROWS };
}

export function reportAnalytics(
  b: AnalyticsBench,
  report: (name: string, value: string, verdict: string) => void,
) {
  const ratio = b.ingest.rps / b.baseline.rps;
  const totalRatio = b.ingest.totalRps / b.baseline.totalRps;
  const fast = ratio >= 0.3;
  report(
    'datalake viewing POST req/s vs bare',
    `${b.ingest.rps.toFixed(0)} / ${b.baseline.rps.toFixed(0)} = ${ratio.toFixed(2)} (p99 ${b.ingest.p99} ms, bare ${b.baseline.p99} ms; medians of ${b.rounds} interleaved, ${b.server} server)`,
    fast ? 'PASS (goal >= 0.3)' : 'MISS (goal >= 0.3)',
  );
  report(
    'datalake viewing POST, all runs',
    `${b.ingest.totalRps.toFixed(0)} / ${b.baseline.totalRps.toFixed(0)} req/s = ${totalRatio.toFixed(2)}; worst p99 ${b.ingest.worstP99} ms (bare ${b.baseline.worstP99} ms)`,
    '',
  );
  report(
    'datalake viewing POST, CPU per request',
    `server ${b.ingest.cpuUs.toFixed(0)} µs, bare ${b.baseline.cpuUs.toFixed(0)} µs`,
    '',
  );
  // Fixed-count runs: every request is answered and counted, so the two must be equal.
  report(
    'datalake rows stored / accepted',
    `${b.stored} / ${b.accepted}`,
    b.stored === b.accepted
      ? 'PASS (exactly the accepted rows)'
      : 'MISS (exactly the accepted rows)',
  );
  for (const [name, runs] of Object.entries(b.dashboard)) {
    const worst = runs[runs.length - 1] ?? NaN;
    report(
      `dashboard 30 days (${name}), ${(b.inputRows / 1e6).toFixed(0)}M rows in`,
      `median ${medianOf(runs).toFixed(1)} ms, max ${worst.toFixed(1)} ms (rollups seeded in ${b.seedSeconds.toFixed(0)} s)`,
      worst < 50 ? 'PASS (goal < 50 ms)' : 'MISS (goal < 50 ms)',
    );
  }
}

// `node --import tsx bench/analytics.ts` runs this part alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report = (name: string, value: string, verdict: string) =>
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  reportAnalytics(await benchAnalytics(), report);
}
