import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DB } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoChannel } from '../../apps/api/src/db/seed/demo-channel.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

const builtServer = path.join(repoRoot, 'apps/api/dist/main.js');
let serverBuilt = false;

/**
 * The browser tests run the built server, as `npm start` and production do (and it starts in a
 * fraction of the time tsx needs to compile the sources). Rebuilt here only when its sources
 * changed since the last build (about a second), so a spec run alone never tests stale code.
 */
function buildServerOnce() {
  if (serverBuilt) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  serverBuilt = true;
}

/** A port nobody listens on now; a caller may need it before the server starts (OAuth redirects). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A database and a data directory of its own: a new PostgreSQL database, or PGlite in the directory. */
async function freshDatabaseEnv(): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  // Its own data directory in both cases: media (DATA_DIR/media) too. Shared, a spec's live
  // encoder carried on the recording another spec's server had left for the same game id.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-e2e-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (!adminUrl) {
    return { env: { DATA_DIR: dir }, cleanup: () => Promise.resolve(removeDir()) };
  }
  const name = `rudy_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      removeDir();
    },
  };
}

export interface RunningServer {
  url: string;
  /** The dev outbox address printed at start-up (with its key), as the local user opens it. */
  outboxUrl: string;
  /** The demo channel's admin as printed at start-up (the line follows the server's first answer). */
  admin(): Promise<{ email: string; password: string }>;
  /** The RTMP ingest's port: one of its own, so servers side by side do not all ask for 1935. */
  ingestPort: number | null;
  /** The server's last lines of output (warnings and errors at the specs' log level), for a failure's message. */
  recentOutput(): string;
  stop(): Promise<void>;
}

/**
 * Migrates and seeds the fresh database here, then lets the test change the demo channel (a
 * setting the demo leaves off, rows it does not have) before the server opens it: the embedded
 * database admits one process at a time, and the server caches channel data once running.
 */
async function prepareDatabase(env: Record<string, string>, prepare: (db: DB) => Promise<void>) {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
  try {
    await migrateToLatest(handle.db);
    await seedDemoChannel(handle.db);
    await prepare(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Starts the product as `npm start` does (built server, migrations, demo seed, built web app) on a free port.
 * The web app must be built first (npm run test:e2e does it). `prepare` edits the seeded demo
 * channel before the server starts.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  opts: { port?: number; prepare?: (db: DB) => Promise<void> } = {},
): Promise<RunningServer> {
  // WEB_DIST_DIR serves a build made elsewhere (a benchmark's own, away from the shared dist).
  // Also from the environment: a spec run against a build kept outside the shared tree.
  const distDir =
    extraEnv.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('web app not built: run npm run build:web');
  }
  const port = opts.port ?? (await freePort());
  // Development's default ingest port is 1935: every server after the first could not listen.
  const ingestPort =
    extraEnv.LIVE_INGEST_PORT === undefined
      ? await freePort()
      : Number(extraEnv.LIVE_INGEST_PORT) || null;
  const db = await freshDatabaseEnv();
  if (opts.prepare) await prepareDatabase(db.env, opts.prepare);
  const url = `http://127.0.0.1:${port}`;
  const outboxToken = randomBytes(24).toString('base64url');
  buildServerOnce();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', builtServer], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...db.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // The worker settles sandbox payments. Browser tests that do not ask for it (WORKER=true)
      // need no video: no live encoders or demo rendering competing for the CPU.
      WORKER: 'true',
      ...(extraEnv.WORKER === 'true' ? {} : { DEMO_MEDIA_CHANNELS: '' }),
      // Mail links must lead back to the address the browser uses.
      PUBLIC_URL: url,
      DEV_OUTBOX_TOKEN: outboxToken,
      // Counters of its own on a shared Redis: one spec's sign-ups must not spend the next one's
      // per-address budget (every spec's browser comes from 127.0.0.1).
      REDIS_KEY_PREFIX: `e2e-${randomBytes(6).toString('hex')}:`,
      LIVE_INGEST_PORT: String(ingestPort ?? 'off'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    outboxUrl: `${url}/dev/outbox?token=${outboxToken}`,
    ingestPort,
    recentOutput: () => output.split('\n').slice(-40).join('\n'),
    async admin() {
      const until = Date.now() + 30_000;
      for (;;) {
        const line = /Channel admin \(dashboard at [^)]*\): (\S+) \/ (\S+)/.exec(output);
        if (line?.[1] && line[2]) return { email: line[1], password: line[2] };
        if (Date.now() > until) throw new Error(`no admin line in the output:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await db.cleanup();
    },
  };
}
