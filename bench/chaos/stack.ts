/**
 * The chaos bench's own stack on loopback: a throwaway PostgreSQL (initdb into a temp dir, pg_ctl
 * on a free port) and redis-server on a free port, both restarted by the bench, never the shared
 * ones; a tiny SMTP sink (production refuses to start without SMTP_URL); and a supervisor that
 * runs the built API's processes and restarts any that exits, as systemd's Restart=always does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { launch as command, type HeldSocket } from '../../apps/api/src/test/held-socket.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether nothing listens on `port` on loopback right now (0: any free port the kernel gives). */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as net.AddressInfo;
      server.close(() => resolve(got));
    });
  });
}

/**
 * A free loopback port. BENCH_PORT_BASE=4200 takes them from a block of 100 upward (on a machine
 * shared by several engineers, each has a block); otherwise any port the kernel gives.
 */
let nextInBlock = Number(process.env.BENCH_PORT_BASE ?? 0);
const blockEnd = nextInBlock + 100;
export async function freePort(): Promise<number> {
  if (!nextInBlock) {
    const port = await listenable(0);
    if (port === undefined) throw new Error('no free loopback port');
    return port;
  }
  while (nextInBlock < blockEnd) {
    const port = await listenable(nextInBlock++);
    if (port !== undefined) return port;
  }
  throw new Error(`no free port left in BENCH_PORT_BASE's block (up to ${blockEnd - 1})`);
}

/** Waits for a TCP port to accept connections (the real signal that a server is up). */
export async function untilListening(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await sleep(200);
  }
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no ${name} under ${base}/*/bin`);
  return path.join(base, versions[0], 'bin', name);
}

/** initdb refuses root: the server then runs as the system's postgres user. */
const asPostgres = (argv: string[]) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...argv] : argv;

function run(argv: string[]) {
  const [file, ...args] = argv;
  const r = spawnSync(file ?? '', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')}: ${r.stderr || r.stdout}`);
}

export interface Postgres {
  url: (db: string) => string;
  start: () => Promise<void>;
  stop: () => void;
  kill: () => void;
}

export async function startPostgres(dir: string): Promise<Postgres> {
  const port = await freePort();
  const data = path.join(dir, 'pgdata');
  fs.mkdirSync(data, { mode: 0o700 });
  if (process.getuid?.() === 0) run(['chown', '-R', 'postgres', dir]);
  run(asPostgres([pgBin('initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']));
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(asPostgres([pgBin('pg_ctl'), '-D', data, ...args]));
  const pg: Postgres = {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start: async () => {
      pgCtl('-l', path.join(dir, 'postgres.log'), '-o', options, '-w', 'start');
      await untilListening(port, 30_000);
    },
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    // At the end: nothing to keep, no need to wait for a checkpoint.
    kill: () => {
      const [file, ...args] = asPostgres([pgBin('pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
      spawnSync(file ?? '', args, { stdio: 'ignore' });
    },
  };
  await pg.start();
  return pg;
}

export interface Redis {
  url: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: Redis = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await untilListening(port, 15_000);
    },
    stop: async () => {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    },
  };
  await redis.start();
  return redis;
}

/** Accepts every mail and keeps nothing: enough SMTP for nodemailer (no STARTTLS offered). */
export async function startSmtpSink(): Promise<{ url: string; close: () => void }> {
  const server = net.createServer((socket) => {
    let data = false;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.write('220 chaos-sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      let eol: number;
      while ((eol = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, eol);
        buffered = buffered.slice(eol + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-chaos-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  const port0 = await freePort();
  await new Promise<void>((r) => server.listen(port0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => server.close() };
}

/** One supervised process: restarted RESTART_MS after any exit, until the bench stops it. */
export interface Supervised {
  name: string;
  child: () => ChildProcess | undefined;
  /** Every pid this slot ever ran (to tell its ffmpeg from other users' on the machine). */
  pids: Set<number>;
  /** When each line matching one of `opts.marks` was read (its name), in order. */
  marks: { name: string; at: number }[];
  /** Exits the bench did not cause (a crash: a process should survive what the bench does). */
  unexpectedExits: { at: number; code: number | null; signal: string | null; tail: string }[];
  kill9: () => number | undefined;
  up: () => Promise<void>;
  stop: () => Promise<void>;
}

const RESTART_MS = 2_000; // systemd's RestartSec=2 in docs/operations.md

export function supervise(
  name: string,
  argv: string[],
  env: Record<string, string>,
  opts: {
    ready: RegExp;
    logFile: string;
    cwd: string;
    marks?: Record<string, RegExp>;
    /** A listening socket it holds for the process across restarts (systemd's socket unit). */
    socket?: HeldSocket;
  },
): Supervised {
  let current: ChildProcess | undefined;
  let stopping = false;
  let expectedExit = false;
  /** Whether the current child said it is ready (a restarted one starts unready). */
  let ready = false;
  const log = fs.createWriteStream(opts.logFile, { flags: 'a' });
  const slot: Supervised = {
    name,
    child: () => current,
    pids: new Set(),
    marks: [],
    unexpectedExits: [],
    kill9: () => {
      if (!current?.pid) return undefined;
      expectedExit = true;
      current.kill('SIGKILL');
      return current.pid;
    },
    up: async () => {
      while (!ready) await sleep(100);
    },
    stop: async () => {
      stopping = true;
      const c = current;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const launch = () => {
    const { file, args, stdio } = command(argv, opts.socket);
    const child = spawn(file, args, { cwd: opts.cwd, env, stdio });
    current = child;
    if (child.pid) slot.pids.add(child.pid);
    let tail = '';
    let partial = '';
    ready = false;
    const read = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
      if (current === child && opts.ready.test(tail)) ready = true;
      if (!opts.marks) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      const at = Date.now();
      for (const line of lines) {
        for (const [name, re] of Object.entries(opts.marks)) {
          if (re.test(line)) slot.marks.push({ name, at });
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      ready = false;
      if (!expectedExit && !stopping) {
        slot.unexpectedExits.push({ at: Date.now(), code, signal, tail: tail.slice(-1500) });
      }
      expectedExit = false;
      if (stopping) return;
      setTimeout(() => {
        if (!stopping) launch();
      }, RESTART_MS);
    });
  };
  launch();
  return slot;
}
