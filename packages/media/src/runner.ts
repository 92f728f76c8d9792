import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { locateFfmpeg } from './locate.js';
import { createProgressParser, type FfmpegProgress } from './progress.js';
import { capThreads, ffmpegThreadCap } from './thread-cap.js';
import { isRunning, procStat } from './proc-stat.js';

const STDERR_TAIL_BYTES = 8_192;

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    /** The last lines ffmpeg wrote to stderr: what a failed job keeps as its error. */
    readonly stderrTail: string,
  ) {
    super(stderrTail ? `${message}\n${stderrTail}` : message);
    this.name = 'FfmpegError';
  }
}

export interface RunOptions {
  /** Kills ffmpeg (SIGKILL) after this long; a hung encode must not hold a worker forever. */
  timeoutMs?: number;
  /**
   * Kills ffmpeg (SIGKILL) when its progress (media time or frames written) has not advanced for
   * this long: a stuck ffmpeg, told apart from a slow one on a busy machine (see encodeLimits).
   */
  stallMs?: number;
  onProgress?: (p: FfmpegProgress) => void;
  cwd?: string;
  signal?: AbortSignal;
  /** ffmpeg's own log level on stderr; 'info' only for probing. */
  logLevel?: 'error' | 'warning' | 'info';
  ffmpegPath?: string;
  /** Give ffmpeg a stdin to write to (an input read from `pipe:0`); closed otherwise. */
  stdin?: boolean;
  /**
   * ffmpeg's log as it is written (an analysis filter's frame log, such as ebur128's, with
   * `logLevel: 'info'`); stderr is unbuffered, so each line arrives when it is measured.
   */
  onLog?: (chunk: string) => void;
  /**
   * A live encoder, which must keep up with the clock: it keeps its priority. Every other ffmpeg
   * (transcodes, renders, clips, probes) runs niced (BATCH_NICENESS), so that on a busy machine the
   * live encoders get the CPU first.
   */
  live?: boolean;
  /**
   * A live encoder fed on stdin that writes the recording in this folder: when its worker dies it
   * is not killed with it. Its stdin reaches EOF (the worker held the only end), so it encodes
   * what it was sent (the segment under way, x264's lookahead), writes its last segment and
   * playlists and exits on its own, as when its publisher stops. No death signal: SIGTERM (or
   * SIGINT) from setpriv reaches ffmpeg once per thread it runs, and ffmpeg 4.1 dies outright at
   * the second one without writing anything more (docs/decisions.md). The next encoder of the
   * folder waits for it first (awaitFolderEncoders), and a worker's start-up gives it
   * ORPHAN_FLUSH_MS before killing it. Implies `live`.
   */
  flushesOnDeath?: string;
}

export interface RunResult {
  stderrTail: string;
  durationMs: number;
}

export interface FfmpegProcess {
  pid: number | undefined;
  /** Resolves when ffmpeg exits on its own or after stop(); rejects on failure or timeout. */
  exited: Promise<RunResult>;
  /** ffmpeg's stdin when asked for with RunOptions.stdin. */
  stdin: Writable | null;
  /** SIGINT (ffmpeg closes its outputs cleanly: HLS gets #EXT-X-ENDLIST), SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

/** Every ffmpeg this process started and that is still running. */
const children = new Set<ReturnType<typeof spawn>>();
/** Those of them that finish their files when told to stop (flushesOnDeath). */
const flushing = new WeakSet<ReturnType<typeof spawn>>();

/**
 * Kills every ffmpeg still running (process shutdown): an orphaned encode would keep a core busy
 * for nothing (the death signal covers only a worker that dies). Their jobs are retried later. A
 * live ingest encoder gets the end of its input instead, as when its worker dies: it writes what
 * it was sent and exits, and the next worker continues the recording.
 */
export function killAllFfmpeg(): number {
  for (const child of children) {
    if (flushing.has(child)) child.stdin?.end();
    else child.kill('SIGKILL');
  }
  return children.size;
}

/** Every ffmpeg carries its worker's pid: a start-up tells the ones a dead worker left. */
const OWNER_ENV = 'RUDY_FFMPEG_OWNER';
/** And a live encoder that finishes its files when its worker dies, the folder it writes. */
const FOLDER_ENV = 'RUDY_FFMPEG_FLUSHES';

/**
 * How long an orphaned live encoder may take to finish its files (it exits on its own well within
 * this: see flushesOnDeath) before the next encoder of its folder, or a worker's start-up, kills it.
 */
export const ORPHAN_FLUSH_MS = 5_000;

/** Batch ffmpeg's niceness (`nice -n`): the live encoders, at 0, go first on a busy machine. */
export const BATCH_NICENESS = 10;

const works = (file: string, args: string[]) =>
  spawnSync(file, args, { stdio: 'ignore', timeout: 5_000 }).status === 0;

let deathSignal: boolean | undefined;
/**
 * Whether ffmpeg can be started through util-linux's `setpriv --pdeathsig KILL`: the kernel then
 * kills it when the worker that started it dies, kill -9 and out-of-memory kills included (an
 * 'exit' handler runs on neither). Every ffmpeg but the live ingest's encoder, which finishes its
 * files on the end of its input instead (flushesOnDeath). Elsewhere ffmpeg starts directly, and
 * the next worker's start-up ends what a dead one left (killOrphanedFfmpeg).
 */
function hasDeathSignal(): boolean {
  deathSignal ??=
    process.platform === 'linux' && works('setpriv', ['--pdeathsig', 'KILL', '--', 'true']);
  return deathSignal;
}

let niceness: boolean | undefined;
/** Whether `nice` (coreutils) is there to run batch ffmpeg niced; without it, ffmpeg runs as is. */
function hasNice(): boolean {
  niceness ??=
    process.platform !== 'win32' && works('nice', ['-n', String(BATCH_NICENESS), 'true']);
  return niceness;
}

/**
 * ffmpeg's command line: through setpriv (the death signal) and nice (batch ffmpeg) where they
 * are available. Each execs the next, so ffmpeg keeps the pid spawn returned and its worker as
 * parent (the death signal is the parent's, and survives the exec).
 */
function command(binary: string, args: string[], opts: RunOptions): [string, string[]] {
  let argv = [binary, ...args];
  const flushes = opts.flushesOnDeath !== undefined;
  if (!opts.live && !flushes && hasNice()) {
    argv = ['nice', '-n', String(BATCH_NICENESS), ...argv];
  }
  if (!flushes && hasDeathSignal()) argv = ['setpriv', '--pdeathsig', 'KILL', '--', ...argv];
  const [file, ...rest] = argv as [string, ...string[]];
  return [file, rest];
}

/** A process's parent pid from /proc, or null when it is gone. */
function parentOf(pid: string): string | null {
  return procStat(pid)?.fields[1] ?? null;
}

/**
 * Whether `owner` is one of the process's ancestors. Not only its parent: an FFMPEG_PATH that is a
 * wrapper script (a deployment's `nice`, a test's recorder) puts a shell between the worker and
 * ffmpeg, and the ffmpeg of a live worker must never pass for an orphan.
 */
function descendsFrom(pid: string, owner: string): boolean {
  let at: string | null = parentOf(pid);
  for (let depth = 0; at !== null && at !== '0' && depth < 32; depth += 1) {
    if (at === owner) return true;
    at = at === '1' ? null : parentOf(at);
  }
  return false;
}

/** An ffmpeg of ours (its worker's mark), as /proc shows it. */
interface Marked {
  pid: number;
  owner: string;
  /** The folder it writes and finishes when its worker dies (flushesOnDeath), or null. */
  folder: string | null;
}

function markOf(pid: string): Marked | null {
  try {
    if (!isRunning(pid)) return null;
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const owner = environ.find((v) => v.startsWith(`${OWNER_ENV}=`));
    if (!owner) return null;
    const folder = environ.find((v) => v.startsWith(`${FOLDER_ENV}=`));
    return {
      pid: Number(pid),
      owner: owner.slice(OWNER_ENV.length + 1),
      folder: folder ? folder.slice(FOLDER_ENV.length + 1) : null,
    };
  } catch {
    // Gone, or another user's process.
    return null;
  }
}

/** Every ffmpeg of ours running on this machine (this user's). Linux only (/proc). */
function markedFfmpeg(): Marked[] {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.map(markOf).filter((m): m is Marked => m !== null);
}

/** Still that process (not gone, not a zombie, not its pid reused by something else). */
function stillRunning(m: Marked): boolean {
  const now = markOf(String(m.pid));
  return now !== null && now.owner === m.owner && now.folder === m.folder;
}

function kill(m: Marked): boolean {
  if (!stillRunning(m)) return false;
  try {
    process.kill(m.pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits (up to `ms`) for these processes to exit, then kills those still running. There is no
 * way to wait for another process's exit but to look: every 50 ms. Returns how many were killed.
 */
async function awaitExit(processes: Marked[], ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let left = processes.filter(stillRunning);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = left.filter(stillRunning);
  }
  return left.filter(kill).length;
}

/**
 * Ends the ffmpeg processes (of this machine, this user) that a dead worker left running: those
 * whose worker mark names a process that is no longer among their ancestors (an orphan is
 * re-parented, so a reused pid cannot pass for its worker). Batch ffmpeg is killed at once. A live
 * ingest encoder finishing its files (flushesOnDeath) is given up to `flushMs` to exit on its own
 * first, so that the recording it writes holds what it was sent before the next encoder continues
 * it. Linux only (/proc).
 */
export async function killOrphanedFfmpeg(
  flushMs = ORPHAN_FLUSH_MS,
): Promise<{ killed: number; flushed: number }> {
  const orphans = markedFfmpeg().filter((m) => !descendsFrom(String(m.pid), m.owner));
  const flushing = orphans.filter((m) => m.folder !== null);
  let killed = orphans.filter((m) => m.folder === null && kill(m)).length;
  const late = await awaitExit(flushing, flushMs);
  killed += late;
  return { killed, flushed: flushing.length - late };
}

/**
 * Before an encoder starts on a live recording's folder: waits (up to `ms`) for any other encoder
 * still writing it to finish, then kills what is left. That is the encoder of a worker killed a
 * moment ago finishing its files (flushesOnDeath), or of a worker of this machine whose game was
 * taken over (its lease lapsed), which stops once its worker finds out: two encoders must never
 * write the same playlists. Returns how many had to be killed.
 */
export async function awaitFolderEncoders(folder: string, ms = ORPHAN_FLUSH_MS): Promise<number> {
  const target = path.resolve(folder);
  return awaitExit(
    markedFfmpeg().filter((m) => m.folder === target),
    ms,
  );
}

function assertArgs(args: readonly string[]): void {
  for (const arg of args) {
    // Arguments go to execve as an array (no shell), but a NUL would still truncate one silently.
    if (typeof arg !== 'string' || arg.includes('\0')) throw new Error('invalid ffmpeg argument');
  }
}

/**
 * Starts ffmpeg with an argument array (never a shell string). Progress comes from `-progress
 * pipe:1`; stderr is kept as a bounded tail for the error message.
 */
export function spawnFfmpeg(args: readonly string[], opts: RunOptions = {}): FfmpegProcess {
  assertArgs(args);
  const binary = opts.ffmpegPath ?? locateFfmpeg().path;
  const threads = ffmpegThreadCap();
  const full = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    opts.logLevel ?? 'warning',
    '-progress',
    'pipe:1',
    '-nostats',
    ...(threads ? capThreads(args, threads) : args),
  ];
  const started = Date.now();
  const [file, argv] = command(binary, full, opts);
  // Only a flushing encoder carries the folder mark (a worker's own environment never does).
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== FOLDER_ENV),
  );
  env[OWNER_ENV] = String(process.pid);
  if (opts.flushesOnDeath !== undefined) env[FOLDER_ENV] = path.resolve(opts.flushesOnDeath);
  const child = spawn(file, argv, {
    cwd: opts.cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
  });
  children.add(child);
  if (opts.flushesOnDeath !== undefined) flushing.add(child);
  // Writing to an ffmpeg that died fails with EPIPE: the exited promise says why it died.
  child.stdin.on('error', () => undefined);
  if (!opts.stdin) child.stdin.end();
  let stderr = '';
  let stopping = false;
  let timedOut = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    opts.onLog?.(chunk);
  });
  let stalled = false;
  let advancedAt = Date.now();
  let mark = '';
  const onProgress = (p: FfmpegProgress) => {
    const now = `${p.outTimeSeconds}/${p.frame ?? ''}`;
    if (now !== mark) {
      mark = now;
      advancedAt = Date.now();
    }
    opts.onProgress?.(p);
  };
  const parse =
    opts.onProgress || opts.stallMs !== undefined ? createProgressParser(onProgress) : undefined;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => parse?.(chunk));

  const timer =
    opts.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
  timer?.unref();
  const { stallMs } = opts;
  const watchdog =
    stallMs !== undefined
      ? setInterval(
          () => {
            if (Date.now() - advancedAt <= stallMs) return;
            stalled = true;
            child.kill('SIGKILL');
          },
          Math.min(1_000, Math.max(50, stallMs / 4)),
        )
      : undefined;
  watchdog?.unref();
  const onAbort = () => {
    stopping = true;
    child.kill('SIGKILL');
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  const exited = new Promise<RunResult>((resolve, reject) => {
    child.on('error', (error) => {
      children.delete(child);
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`, null, null, ''));
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      clearInterval(watchdog);
      opts.signal?.removeEventListener('abort', onAbort);
      const tail = stderr.trim();
      const result = { stderrTail: tail, durationMs: Date.now() - started };
      const launcher = /^(setpriv|nice): /.exec(tail);
      if (code === 127 && launcher) {
        const why = tail.slice(launcher[0].length);
        reject(new FfmpegError(`ffmpeg could not start: ${why}`, null, null, ''));
      } else if (timedOut) {
        reject(new FfmpegError(`ffmpeg timed out after ${opts.timeoutMs} ms`, code, signal, tail));
      } else if (stalled) {
        reject(new FfmpegError(`ffmpeg made no progress for ${stallMs} ms`, code, signal, tail));
      } else if (code === 0 || (stopping && !opts.signal?.aborted)) {
        // After our SIGINT ffmpeg exits with 255 having finished its outputs: that is success.
        resolve(result);
      } else {
        const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
        reject(new FfmpegError(`ffmpeg ${why}`, code, signal, tail));
      }
    });
  });

  return {
    pid: child.pid,
    exited,
    stdin: opts.stdin ? child.stdin : null,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGINT');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        await exited;
      } catch {
        // The caller asked it to stop; how it ended is in the exited promise for whoever awaits it.
      } finally {
        clearTimeout(kill);
      }
    },
  };
}

/** No progress for this long: ffmpeg is stuck (on a busy machine it still advances, slowly). */
export const FFMPEG_STALL_MS = 60_000;

/**
 * The time limits of an encode of `inputSeconds` of media. Stall detection tells a stuck ffmpeg
 * (killed after `stallMs` without progress) from a slow one: on a busy machine a 20 s upload took
 * more than 260 s, past the old fixed 10x. The ceiling only bounds a crawl, so it follows the
 * input's length generously.
 */
export function encodeLimits(
  inputSeconds: number,
  stallMs = FFMPEG_STALL_MS,
): Pick<RunOptions, 'timeoutMs' | 'stallMs'> {
  return { timeoutMs: 5 * 60_000 + Math.max(0, inputSeconds) * 60_000, stallMs };
}

/** Runs ffmpeg to completion. */
export function runFfmpeg(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return spawnFfmpeg(args, opts).exited;
}
