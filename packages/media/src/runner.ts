import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { locateFfmpeg } from './locate.js';
import { createProgressParser, type FfmpegProgress } from './progress.js';
import { capThreads, ffmpegThreadCap } from './thread-cap.js';

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

/**
 * Kills every ffmpeg still running (process shutdown): an orphaned encode would keep a core busy
 * for nothing (the death signal covers only a worker that dies). Their jobs are retried later.
 */
export function killAllFfmpeg(): number {
  for (const child of children) child.kill('SIGKILL');
  return children.size;
}

/** Every ffmpeg carries its worker's pid: a start-up tells the ones a dead worker left. */
const OWNER_ENV = 'RUDY_FFMPEG_OWNER';

let deathSignal: boolean | undefined;
/**
 * Whether ffmpeg can be started through util-linux's `setpriv --pdeathsig KILL`: the kernel then
 * kills it when the worker that started it dies, kill -9 and out-of-memory kills included (an
 * 'exit' handler runs on neither). Elsewhere ffmpeg starts directly, and the next worker's
 * start-up ends what a dead one left (killOrphanedFfmpeg).
 */
function hasDeathSignal(): boolean {
  if (deathSignal === undefined) {
    deathSignal =
      process.platform === 'linux' &&
      spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0;
  }
  return deathSignal;
}

/** ffmpeg's command line: through setpriv where it is available. */
function command(binary: string, args: string[]): [string, string[]] {
  return hasDeathSignal()
    ? ['setpriv', ['--pdeathsig', 'KILL', '--', binary, ...args]]
    : [binary, args];
}

/** A process's parent pid from /proc, or null when it is gone. */
function parentOf(pid: string): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? null;
  } catch {
    return null;
  }
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

/**
 * Kills the ffmpeg processes (of this machine, this user) that a dead worker left running: those
 * whose worker mark names a process that is no longer among their ancestors (an orphan is
 * re-parented, so a reused pid cannot pass for its worker). Linux only (/proc); returns how many
 * were killed.
 */
export function killOrphanedFfmpeg(): number {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  let killed = 0;
  for (const pid of pids) {
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const mark = environ.find((v) => v.startsWith(`${OWNER_ENV}=`));
      if (!mark) continue;
      if (descendsFrom(pid, mark.slice(OWNER_ENV.length + 1))) continue;
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    } catch {
      // Gone meanwhile, or another user's process.
    }
  }
  return killed;
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
  const [file, argv] = command(binary, full);
  const child = spawn(file, argv, {
    cwd: opts.cwd,
    env: { ...process.env, [OWNER_ENV]: String(process.pid) },
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
  });
  children.add(child);
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
      if (code === 127 && tail.startsWith('setpriv: failed to execute')) {
        reject(new FfmpegError(`ffmpeg could not start: ${tail.slice(9)}`, null, null, ''));
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
