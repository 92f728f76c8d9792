import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/test-database.js';

/*
 * The production runtime as an operator runs it: the BUILT server (`node apps/api/dist/main.js`,
 * no tsx) in a child process. It answers /api/health; on SIGTERM it lets 50 in-flight requests
 * finish (none fails), refuses new connections and exits 0 within SHUTDOWN_TIMEOUT_MS; and
 * NODE_ENV=production without a required setting, or with a demo part asked for, exits non-zero
 * with one line naming the setting.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const builtServer = path.join(root, 'apps/api/dist/main.js');
const SHUTDOWN_TIMEOUT_MS = 8_000;

/** Only what a child needs: never the test runner's DATABASE_URL, REDIS_URL or NODE_ENV. */
const baseEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.tmpdir(),
});

const PRODUCTION_READY = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_URL: 'https://watch.league.example',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  MEDIA_EDGE_SECRET: 'e'.repeat(40),
};

/** Runs node to its exit; the production refusals stop at config load, before any database. */
function runToExit(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const run = spawn(process.execPath, args, { cwd: root, env });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    run.stdout.resume();
    run.on('exit', (code) => resolve({ code, stderr }));
  });
}

beforeAll(() => {
  // The bundle is rebuilt only when its sources changed since the last build (about a second).
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'api', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
});

describe('a production start', () => {
  const without = (name: keyof typeof PRODUCTION_READY) =>
    Object.fromEntries(Object.entries(PRODUCTION_READY).filter(([key]) => key !== name));
  // Started together: each spends most of its time loading the bundle.
  let runs: Record<string, { code: number | null; stderr: string }>;
  beforeAll(async () => {
    const cases = {
      noSmtp: runToExit([builtServer], { ...baseEnv(), ...without('SMTP_URL') }),
      noUrl: runToExit([builtServer], { ...baseEnv(), ...without('PUBLIC_URL') }),
      outbox: runToExit([builtServer], {
        ...baseEnv(),
        ...PRODUCTION_READY,
        DEV_OUTBOX_TOKEN: 'a-token-of-at-least-24-characters',
      }),
      seed: runToExit([builtServer], { ...baseEnv(), ...PRODUCTION_READY, SEED_ON_EMPTY: 'true' }),
      sources: runToExit(['--import', 'tsx', 'apps/api/src/main.ts'], {
        ...baseEnv(),
        ...PRODUCTION_READY,
      }),
    };
    const results = await Promise.all(Object.values(cases));
    runs = Object.fromEntries(Object.keys(cases).map((name, i) => [name, results[i]!]));
  });

  it('names the one missing setting on one line and exits non-zero', () => {
    expect(runs.noSmtp).toEqual({
      code: 1,
      stderr:
        'Cannot start in production: SMTP_URL is required in production (the dev outbox is for local use only)\n',
    });
    expect(runs.noUrl?.code).toBe(1);
    expect(runs.noUrl?.stderr).toMatch(
      /^Cannot start in production: PUBLIC_URL is required[^\n]*\n$/,
    );
  });

  it('refuses the dev outbox and the demo channel when they are asked for', () => {
    expect(runs.outbox?.code).toBe(1);
    expect(runs.outbox?.stderr).toMatch(
      /^Cannot start in production: DEV_OUTBOX_TOKEN is refused[^\n]*\n$/,
    );
    expect(runs.seed?.code).toBe(1);
    expect(runs.seed?.stderr).toMatch(
      /^Cannot start in production: SEED_ON_EMPTY is refused[^\n]*\n$/,
    );
  });

  it('runs only the built output: the TypeScript sources are refused', () => {
    expect(runs.sources?.code).toBe(1);
    expect(runs.sources?.stderr).toMatch(
      /^Cannot start in production: NODE_ENV=production runs only the built output[^\n]*\n$/,
    );
  });
});

describe('the built server', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let child: ChildProcess;
  let port = 0;
  let stdout = '';
  let exited: Promise<{ code: number | null; at: number }>;

  beforeAll(async () => {
    // Its own database: a fresh PostgreSQL one when the suite runs on a server, else PGlite files.
    const env: Record<string, string> = {
      ...baseEnv(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      // debug: the "incoming request" line (written once the headers are read) is how the
      // shutdown test knows its requests have begun; at info a request is logged when answered.
      LOG_LEVEL: 'debug',
      WORKER: 'false',
      DEMO_MEDIA_CHANNELS: '',
      RATE_LIMIT_MAX: '100000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'rudy-no-web-build'),
    };
    if (process.env.DATABASE_URL) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url ?? '';
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-runtime-'));
      env.DATA_DIR = dataDir;
    }
    child = spawn(process.execPath, ['--enable-source-maps', builtServer], { cwd: root, env });
    exited = new Promise((resolve) => {
      child.on('exit', (code) => resolve({ code, at: Date.now() }));
    });
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    // The listening address is in Fastify's JSON log line.
    port = await new Promise<number>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(stdout);
        if (found) resolve(Number(found[1]));
      });
      void exited.then(({ code }) => reject(new Error(`server exited (${code}): ${stdout}`)));
    });
  });

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /api/health', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('on SIGTERM finishes 50 in-flight requests, takes no new connection, exits within the deadline', async () => {
    // Kept-alive connections that are idle at SIGTERM must not hold the exit back.
    const agent = new http.Agent({ keepAlive: true });
    const idle = await Promise.all(
      Array.from({ length: 10 }, () => fetchStatus(port, '/api/health', agent)),
    );
    expect(idle).toEqual(Array(10).fill(200));

    // 50 connections, each with a request the server has begun (headers read) but cannot finish
    // until the last byte of its body arrives, after the signal.
    const body = JSON.stringify({ channel_key: 'demo-hockey' });
    const inFlight = await Promise.all(Array.from({ length: 50 }, () => openPost(port, body)));
    // Connected is not yet begun: a connection still in the kernel's accept queue when the
    // listener closes is reset, as with any server. Signal once the server has logged all 50.
    await waitFor(() => begun(stdout, '/api/get_api_key') >= 50);
    const signalled = Date.now();
    child.kill('SIGTERM');
    await waitFor(() => stdout.includes('"msg":"shutting down"'));

    // Stops accepting: new connections are refused (the listener closes right after the log line).
    let refused = false;
    await waitFor(
      () => refused,
      async () => {
        refused = await connectionRefused(port);
      },
    );

    const answers = await Promise.all(inFlight.map((request) => request.finish()));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Each answer closed its connection (no keep-alive past the shutdown).
    expect(answers.every((a) => a.connection === 'close')).toBe(true);

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    agent.destroy();
  });
});

function fetchStatus(port: number, url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * A POST whose headers and all but the last byte of its body are sent now; finish() sends that
 * byte and reads the answer. A socket error or a cut connection counts as a failed request.
 */
async function openPost(port: number, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(`socket error; got: ${received}`));
  });
  socket.write(
    `POST /api/get_api_key HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, -1)}`,
  );
  return {
    async finish() {
      // The server is already closing: the request must still be served.
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.write(body.slice(-1));
      const raw = await Promise.race([
        ended,
        new Promise<string>((resolve) =>
          setTimeout(() => resolve(`no answer; got: ${received}`), 5_000),
        ),
      ]);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(raw);
      const connection = /\r\nconnection: ([^\r]+)/i.exec(raw);
      return { status: status ? Number(status[1]) : raw, connection: connection?.[1] ?? null };
    },
  };
}

/** How many requests to `url` the server has begun: one debug line when it has read the headers. */
function begun(log: string, url: string) {
  return log
    .split('\n')
    .filter((line) => line.includes('"msg":"incoming request"') && line.includes(`"url":"${url}"`))
    .length;
}

async function waitFor(condition: () => boolean, probe?: () => Promise<void>) {
  for (let i = 0; i < 100 && !condition(); i++) {
    await probe?.();
    if (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!condition()) throw new Error('timed out waiting for the server');
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
