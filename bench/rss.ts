/**
 * Resident memory of one API process as production runs it (issue 14): the BUILT server
 * (apps/api/dist/main.js) with NODE_ENV=production, WORKER=false (the job worker is its own
 * process in production, docs/operations.md) and the production start's node flags
 * (PRODUCTION_NODE_ARGS), on PostgreSQL (BENCH_DATABASE_URL: an admin address; a fresh database is
 * made, migrated and seeded here, then dropped) and Redis when BENCH_REDIS_URL is set.
 *
 *  - idle: RSS (from /proc) at each of BENCH_RSS_IDLE_S seconds after start (default 30; e.g.
 *    `30,120`), no request served but the bench's one health check; goal ≤ 120 MiB;
 *  - under the load mix (the soak's visitor mix, BENCH_CONNECTIONS connections) for
 *    BENCH_RSS_LOAD_S seconds (default 60; the soak is 600) in slices of
 *    BENCH_RSS_SLICE_S (10): the highest RSS seen (sampled every 0.5 s), goal ≤ 250 MiB;
 *  - growth: after a warm-up (the first quarter of the slices), the later half's median RSS
 *    against the earlier half's, goal ≤ 10 % ("flat").
 * Without BENCH_DATABASE_URL it runs on PGlite files and says so (the goal is for PostgreSQL).
 * Alone: `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/rss.ts`
 * (it builds the API if stale). BENCH_RSS_NODE_ARGS replaces the node flags (to compare them);
 * BENCH_RSS_PORT fixes the server's port (default: any free one).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../apps/api/src/db/seed/demo-channel.js';
import {
  benchWorkspace,
  loadMix,
  memoryOf,
  mixPaths,
  startServer,
  usage,
  type Server,
} from './soak.js';

const IDLE_S = (process.env.BENCH_RSS_IDLE_S ?? '30').split(',').map(Number);
const LOAD_S = Number(process.env.BENCH_RSS_LOAD_S ?? 60);
const SLICE_S = Number(process.env.BENCH_RSS_SLICE_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The flags of the production start command (docs/operations.md). */
export const PRODUCTION_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8'];
const NODE_ARGS =
  process.env.BENCH_RSS_NODE_ARGS?.split(' ').filter(Boolean) ?? PRODUCTION_NODE_ARGS;
const MIB = 1024 * 1024;

export interface RssResult {
  database: 'postgres' | 'pglite';
  nodeArgs: string[];
  /** RSS and heap in use (MiB) at each idle mark. */
  idle: { atS: number; rssMiB: number; heapMiB: number }[];
  /** Heap still held after a full collection, at the end of the idle period. */
  idleLiveHeapMiB: number;
  loadPeakMiB: number;
  slicesMiB: number[];
  growth: number;
  rps: number;
  failed: number;
}

const round = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchRss(): Promise<RssResult> {
  const { dataDir, dbName, databaseUrl, dispose } = await benchWorkspace('rss');
  let server: Server | undefined;
  try {
    // Production seeds nothing: the demo channel is written here, before the server starts.
    const seeding = await openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(seeding.db);
    await seedDemoChannel(seeding.db);
    await seeding.close();

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      WORKER: 'false',
      HOST: '127.0.0.1',
      PORT: process.env.BENCH_RSS_PORT ?? '0',
      // JSON logs at info: the listening address is read from them.
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000000',
      DATA_DIR: dataDir,
      // What production requires (as the production start test sets it); none is called here.
      PUBLIC_URL: 'https://watch.league.example',
      MEDIA_EDGE_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://mail.example:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(process.env.BENCH_REDIS_URL
        ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `${dbName}:` }
        : {}),
    };
    const started = Date.now();
    server = await startServer(env, NODE_ARGS);
    const { child } = server;
    const pid = child.pid ?? 0;
    const health = await fetch(`${server.url}/api/health`);
    if (!health.ok) throw new Error(`health: ${health.status}`);

    const idle: RssResult['idle'] = [];
    for (const atS of IDLE_S) {
      await sleep(started + atS * 1000 - Date.now());
      const rssMiB = usage(pid).rssMb; // from VmRSS in kB: MiB
      const memory = await memoryOf(child);
      idle.push({ atS, rssMiB: round(rssMiB), heapMiB: round((memory.heapMb * 1e6) / MIB) });
    }
    const live = await memoryOf(child, 'live');

    const paths = await mixPaths(server.url);
    const slices = Math.max(2, Math.round(LOAD_S / SLICE_S));
    let peak = 0;
    const poll = setInterval(() => {
      peak = Math.max(peak, usage(pid).rssMb);
    }, 500);
    const slicesMiB: number[] = [];
    let requests = 0;
    let failed = 0;
    try {
      for (let slice = 0; slice < slices; slice += 1) {
        const r = await loadMix(server.url, paths, CONNECTIONS, SLICE_S);
        requests += r.requests.total;
        failed += r.non2xx + r.errors + r.timeouts;
        const rss = usage(pid).rssMb;
        peak = Math.max(peak, rss);
        slicesMiB.push(round(rss));
        console.log(
          `  rss slice ${slice + 1}/${slices}: ${round(rss)} MiB, ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`,
        );
      }
    } finally {
      clearInterval(poll);
    }
    const warmUp = Math.max(1, Math.round(slices / 4));
    const steady = slicesMiB.slice(warmUp);
    const half = Math.max(1, Math.floor(steady.length / 2));
    const growth = median(steady.slice(-half)) / median(steady.slice(0, half)) - 1;
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      nodeArgs: NODE_ARGS,
      idle,
      idleLiveHeapMiB: round((live.heapMb * 1e6) / MIB),
      loadPeakMiB: round(peak),
      slicesMiB,
      growth,
      rps: Math.round(requests / (slices * SLICE_S)),
      failed,
    };
  } finally {
    await dispose([server]);
  }
}

export function reportRss(
  r: RssResult,
  report: (name: string, value: string, verdict: string) => void,
) {
  const goal = (pass: boolean, text: string) =>
    r.database === 'postgres'
      ? `${pass ? 'PASS' : 'MISS'} (goal ${text})`
      : `INFO (goal ${text} on PostgreSQL: set BENCH_DATABASE_URL)`;
  const where = `built server, production, ${r.database}, node ${r.nodeArgs.join(' ')}`;
  for (const mark of r.idle) {
    report(
      `API RSS idle at ${mark.atS} s`,
      `${mark.rssMiB} MiB (heap in use ${mark.heapMiB} MiB; ${where})`,
      goal(mark.rssMiB <= 120, '<= 120 MiB'),
    );
  }
  report('API live heap, idle', `${r.idleLiveHeapMiB} MiB`, 'INFO (after a full GC)');
  report(
    'API RSS under the load mix, peak',
    `${r.loadPeakMiB} MiB (${CONNECTIONS} connections, ${r.rps} req/s, ${r.failed} failed)`,
    goal(r.loadPeakMiB <= 250 && r.failed === 0, '<= 250 MiB, no failed request'),
  );
  report(
    'API RSS growth under load, after warm-up',
    `${(r.growth * 100).toFixed(1)} % over ${r.slicesMiB.length * SLICE_S} s (${r.slicesMiB.join(' ')} MiB)`,
    goal(r.growth <= 0.1, '<= 10 %'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await benchRss();
  reportRss(result, (name, value, verdict) => {
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  });
}
