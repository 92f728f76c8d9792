/**
 * Soak: the BUILT server (apps/api/dist/main.js, as production runs it) under a steady mix of API
 * calls for BENCH_SOAK_SECONDS (default 60; the soak is 600), in slices of
 * BENCH_SOAK_SLICE_S (default 10). After each slice it samples every server's resident memory
 * (RSS), JavaScript heap in use (asked of the server through an IPC probe, scripts/memory-probe.mjs)
 * and open file descriptors, and the slice's p99 latency. The first quarter of the slices
 * is the warm-up (JIT, caches, pools); then the later half of the slices is compared with the
 * earlier half (medians: one sample is at the mercy of the garbage collector).
 *
 * Two API processes on one PostgreSQL database (BENCH_DATABASE_URL: an admin address, a fresh
 * database is made and dropped) and Redis when BENCH_REDIS_URL is set, as in production; without
 * BENCH_DATABASE_URL, one process on PGlite files (the embedded database admits one process).
 *
 * Goals: RSS ≤ 10 % above its post-warm-up level, the last slices' p99 within 1.5× of the first
 * ones', no file descriptor growth (≤ 5, for sockets in flight), no failed request.
 * Alone: `npm run build -w @rudy/api && node --import tsx bench/soak.ts`.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);
const TOTAL_S = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SLICE_S = Number(process.env.BENCH_SOAK_SLICE_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Server {
  child: ChildProcess;
  url: string;
}

interface Sample {
  slice: number;
  rssMb: number[];
  heapMb: number[];
  fds: number[];
  p99: number;
  rps: number;
}

export interface SoakResult {
  processes: number;
  database: 'postgres' | 'pglite';
  samples: Sample[];
  /**
   * Per process: RSS and heap used (MB) at start (before load), steady (first slice after the
   * warm-up) and end (last slice), and the heap still held after a full collection before the
   * load and after it.
   */
  memory: { start: Memory; steady: Memory; end: Memory; liveStart: number; liveEnd: number }[];
  rssGrowth: number;
  p99Drift: number;
  fdGrowth: number;
}

export interface Memory {
  rssMb: number;
  heapMb: number;
}

/** The built server with the memory probe; `nodeArgs` go before it (flags of a production start). */
export function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Server> {
  const probe = path.join(root, 'scripts/memory-probe.mjs');
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', probe, path.join(root, 'apps/api/dist/main.js')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (found?.[1]) {
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ child, url: found[1] });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}):\n${out.slice(-2000)}`)),
    );
  });
}

/** Resident memory (MB) and open descriptors of a process, from /proc. */
export function usage(pid: number): { rssMb: number; fds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rssMb: rssKb / 1024, fds: fs.readdirSync(`/proc/${pid}/fd`).length };
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

/**
 * The server's RSS and heap in use (MB), from its memory probe; `live` after a full garbage
 * collection (taken only before the load and after it, so the slices' figures are the
 * collector's own doing).
 */
export function memoryOf(child: ChildProcess, what: 'memory' | 'live' = 'memory'): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error('no answer from the memory probe'));
    }, 10_000);
    const onMessage = (message: { memory?: NodeJS.MemoryUsage }) => {
      if (!message.memory) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ rssMb: mb(message.memory.rss), heapMb: mb(message.memory.heapUsed) });
    };
    child.on('message', onMessage);
    child.send(what);
  });
}

export async function loadMix(url: string, paths: string[], connections: number, duration: number) {
  const args = JSON.stringify({ url, paths, connections, duration, spread: true });
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/load-mix.ts'), args],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

/** A visitor's mix: bootstrap, listings with filters, one event, teams, a health probe. */
export async function mixPaths(url: string): Promise<string[]> {
  const keyRes = await fetch(`${url}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: 'demo-hockey' }),
  });
  const { api_key: key } = (await keyRes.json()) as { api_key: string };
  const events = (await (await fetch(`${url}/api/events?api_key=${key}`)).json()) as {
    data?: { id: number }[];
  };
  const eventId = events.data?.[0]?.id;
  const paths = [
    `/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${key}`,
    `/api/events?api_key=${key}`,
    `/api/events?api_key=${key}&limit=10&offset=10`,
    `/api/participants?api_key=${key}&limit=100`,
    ...(eventId ? [`/api/events/${eventId}?api_key=${key}`] : []),
    '/api/health',
  ];
  for (const p of paths) {
    const res = await fetch(`${url}${p}`);
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  }
  return paths;
}

/**
 * What one bench run of the built API needs: the bundle built if stale, a data folder, and with
 * BENCH_DATABASE_URL (an admin address) a fresh PostgreSQL database of its own. `dispose` stops
 * the run's servers, drops the database and removes the folder.
 */
export async function benchWorkspace(name: string) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);

  const adminUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rudy-${name}-`));
  const dbName = `rudy_${name}_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : undefined;
  if (admin && adminUrl) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  return {
    dataDir,
    dbName,
    databaseUrl,
    dispose: async (servers: (Server | undefined)[]) => {
      await Promise.all(
        servers.map(async (server) => {
          if (!server || server.child.exitCode !== null) return;
          const exited = new Promise((r) => server.child.once('exit', r));
          server.child.kill('SIGTERM');
          await exited;
        }),
      );
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function benchSoak(): Promise<SoakResult> {
  const { dataDir, dbName, databaseUrl, dispose } = await benchWorkspace('soak');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    // JSON logs (the listening address is read from them), no demo media.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    WORKER: 'false',
    DEMO_MEDIA_CHANNELS: '',
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.BENCH_REDIS_URL
      ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `${dbName}:` }
      : {}),
  };
  const servers: Server[] = [];
  try {
    // The first one migrates and seeds; the second starts on the ready database.
    servers.push(await startServer(env));
    if (databaseUrl) servers.push(await startServer(env));
    const paths = await mixPaths(servers[0]?.url ?? '');

    const atStart = await Promise.all(servers.map((s) => memoryOf(s.child)));
    const liveStart = await Promise.all(servers.map((s) => memoryOf(s.child, 'live')));
    const slices = Math.max(2, Math.round(TOTAL_S / SLICE_S));
    const perServer = Math.max(1, Math.floor(CONNECTIONS / servers.length));
    const samples: Sample[] = [];
    for (let slice = 0; slice < slices; slice += 1) {
      const results = await Promise.all(
        servers.map((s) => loadMix(s.url, paths, perServer, SLICE_S)),
      );
      const failed = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      if (failed > 0) throw new Error(`slice ${slice}: ${failed} failed requests`);
      const use = servers.map((s) => usage(s.child.pid ?? 0));
      const memory = await Promise.all(servers.map((s) => memoryOf(s.child)));
      samples.push({
        slice,
        rssMb: use.map((u) => Math.round(u.rssMb * 10) / 10),
        heapMb: memory.map((m) => m.heapMb),
        fds: use.map((u) => u.fds),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
      });
      console.log(`  soak slice ${slice + 1}/${slices}: ${JSON.stringify(samples.at(-1))}`);
    }

    // After the warm-up (the first quarter of the slices, one at least), the later half's median
    // against the earlier half's: one sample is at the mercy of the garbage collector.
    const warmUp = Math.max(1, Math.round(slices / 4));
    const steady = samples.slice(warmUp);
    const half = Math.max(1, Math.floor(steady.length / 2));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const early = steady.slice(0, half);
    const late = steady.slice(-half);
    const growth = (of: (s: Sample) => number) => median(late.map(of)) / median(early.map(of));
    const rssGrowth = Math.max(...servers.map((_, i) => growth((x) => x.rssMb[i] ?? 0) - 1));
    const fdGrowth = Math.max(
      ...servers.map((_, i) => (late.at(-1)?.fds[i] ?? 0) - (early[0]?.fds[i] ?? 0)),
    );
    const p99Early = median(early.map((x) => x.p99));
    const liveEnd = await Promise.all(servers.map((s) => memoryOf(s.child, 'live')));
    const at = (sample: Sample | undefined, i: number): Memory => ({
      rssMb: sample?.rssMb[i] ?? 0,
      heapMb: sample?.heapMb[i] ?? 0,
    });
    return {
      processes: servers.length,
      database: databaseUrl ? 'postgres' : 'pglite',
      samples,
      memory: servers.map((_, i) => ({
        start: atStart[i] ?? { rssMb: 0, heapMb: 0 },
        steady: at(samples[warmUp], i),
        end: at(samples.at(-1), i),
        liveStart: liveStart[i]?.heapMb ?? 0,
        liveEnd: liveEnd[i]?.heapMb ?? 0,
      })),
      rssGrowth,
      p99Drift: p99Early > 0 ? median(late.map((x) => x.p99)) / p99Early : 1,
      fdGrowth,
    };
  } finally {
    await dispose(servers);
  }
}

export function reportSoak(
  r: SoakResult,
  report: (name: string, value: string, verdict: string) => void,
) {
  const where = `${r.processes} process(es), ${r.database}, ${TOTAL_S} s, ${CONNECTIONS} connections`;
  const verdict = (pass: boolean, goal: string) => `${pass ? 'PASS' : 'MISS'} (goal ${goal})`;
  r.memory.forEach((m, i) => {
    const line = (of: (x: Memory) => number) =>
      `start ${of(m.start)} / steady ${of(m.steady)} / end ${of(m.end)} MB`;
    report(
      `soak process ${i + 1} RSS`,
      line((x) => x.rssMb),
      'start (before load) / steady (after warm-up) / end',
    );
    report(
      `soak process ${i + 1} heap used`,
      line((x) => x.heapMb),
      'same points; RSS above heap is native memory',
    );
    report(
      `soak process ${i + 1} live heap`,
      `before load ${m.liveStart} / after ${m.liveEnd} MB`,
      'after a full GC: grows only with a leak',
    );
  });
  report(
    'soak RSS growth after warm-up',
    `${(r.rssGrowth * 100).toFixed(1)} % (${where})`,
    verdict(r.rssGrowth <= 0.1, '<= 10 %'),
  );
  report(
    'soak p99, late vs early slices',
    `${r.p99Drift.toFixed(2)}x`,
    verdict(r.p99Drift <= 1.5, '<= 1.5x'),
  );
  report('soak file descriptor growth', String(r.fdGrowth), verdict(r.fdGrowth <= 5, '<= 5'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await benchSoak();
  reportSoak(result, (name, value, verdict) => {
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  });
}
