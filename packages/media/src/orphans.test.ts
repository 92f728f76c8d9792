import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, procStat } from './proc-stat.js';
import { awaitFolderEncoders, killOrphanedFfmpeg } from './runner.js';
import { strayProcesses } from './stray-processes.test-support.js';

/*
 * What a dead worker left: killed at the next start; what a live one runs: left alone. A live
 * ingest encoder finishing its recording (marked with its folder) is waited for, a bounded time.
 */

const started = strayProcesses();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-orphans-'));
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
  started.killAll();
});

const running = isRunning;

async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return ok();
}

describe.skipIf(process.platform !== 'linux')('killOrphanedFfmpeg', () => {
  it("kills a dead worker's encoder and leaves a live worker's alone", async () => {
    // A "worker" (sh) starts an encoder carrying its mark, then dies: the encoder is orphaned.
    const orphaned = await orphan('sleep 120');
    expect(running(orphaned)).toBe(true);

    // This process's own encoder, with its mark.
    const own = spawn('sleep', ['120'], {
      env: { ...process.env, RUDY_FFMPEG_OWNER: String(process.pid) },
      stdio: 'ignore',
    });
    started.add(own.pid);
    expect(await until(() => running(own.pid ?? 0), 5_000)).toBe(true);

    // And one started through a wrapper script (FFMPEG_PATH may be one): a shell between them.
    const wrapped = spawn('sh', ['-c', 'sleep 120; exit $?'], {
      env: { ...process.env, RUDY_FFMPEG_OWNER: String(process.pid) },
      stdio: 'ignore',
    });
    started.add(wrapped.pid);
    const grandchild = () =>
      fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .find((pid) => procStat(pid)?.fields[1] === String(wrapped.pid));
    expect(await until(() => grandchild() !== undefined, 5_000)).toBe(true);
    const inner = Number(grandchild());
    started.add(inner);

    expect((await killOrphanedFfmpeg(0)).killed).toBeGreaterThanOrEqual(1);
    expect(await until(() => !running(orphaned), 5_000)).toBe(true);
    expect(running(own.pid ?? 0)).toBe(true);
    expect(running(inner)).toBe(true);
    own.kill('SIGKILL');
  });

  it("gives a dead worker's live ingest encoder the time to finish, then kills what is left", async () => {
    const folder = path.join(scratch, 'live');
    // A flushing encoder reads its input to the end, then exits: `cat` of a fifo the test holds.
    const fifo = path.join(scratch, 'input');
    execFileSync('mkfifo', [fifo]);
    const reader = orphan(`RUDY_FFMPEG_FLUSHES=${folder} cat ${fifo} >/dev/null`);
    // Returns once the reader has the fifo open.
    const input = fs.openSync(fifo, 'w');
    const flushing = await reader;
    const batch = await orphan('sleep 120');
    expect(running(flushing)).toBe(true);

    // Far past this test's time limit: the encoder must end by itself, once its input ends.
    const ended = killOrphanedFfmpeg(60_000);
    // The batch one goes at once, while the encoder still runs.
    expect(await until(() => !running(batch), 4_000)).toBe(true);
    expect(running(flushing)).toBe(true);
    fs.closeSync(input);
    // At least: other orphans of this machine, if any, are counted too.
    const counts = await ended;
    expect(counts.killed).toBeGreaterThanOrEqual(1);
    expect(counts.flushed).toBeGreaterThanOrEqual(1);
    expect(running(flushing)).toBe(false);

    // One that does not finish is killed after the bound.
    const stuck = await orphan(`RUDY_FFMPEG_FLUSHES=${folder} sleep 120`);
    expect((await killOrphanedFfmpeg(200)).killed).toBeGreaterThanOrEqual(1);
    expect(await until(() => !running(stuck), 4_000)).toBe(true);
  });

  it("waits for another encoder of the folder before one starts, and only that folder's", async () => {
    const folder = path.join(scratch, 'game');
    const mark = (dir: string) => ({
      ...process.env,
      RUDY_FFMPEG_OWNER: String(process.pid),
      RUDY_FFMPEG_FLUSHES: dir,
    });
    const same = spawn('sleep', ['120'], { env: mark(folder), stdio: 'ignore' });
    const other = spawn('sleep', ['120'], { env: mark(`${folder}-2`), stdio: 'ignore' });
    started.add(same.pid);
    started.add(other.pid);
    expect(await until(() => running(same.pid ?? 0) && running(other.pid ?? 0), 5_000)).toBe(true);

    // Still writing the folder after the bound (its worker alive but the game taken over): killed.
    expect(await awaitFolderEncoders(`${folder}/`, 200)).toBe(1);
    expect(await until(() => !running(same.pid ?? 0), 5_000)).toBe(true);
    expect(running(other.pid ?? 0)).toBe(true);
    // Nothing left on it: no wait.
    expect(await awaitFolderEncoders(folder, 60_000)).toBe(0);
    other.kill('SIGKILL');
  });
});

/**
 * A process marked as ffmpeg of a worker (sh) that then died: `command` runs orphaned. Returns
 * once it carries its mark: until the forked shell has exec'd the command, /proc shows the
 * worker's environment without it, and a scan then (seen in CI, on a loaded machine) finds no
 * orphan to kill.
 */
async function orphan(command: string): Promise<number> {
  const sh = spawn('sh', ['-c', `RUDY_FFMPEG_OWNER=$$ ${command} & echo $!`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // The pid line, which may come after the shell's exit event (only 'close' waits for its
  // output, and a command left running holds the pipe open).
  let out = '';
  const line = new Promise<number>((resolve) => {
    sh.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
  });
  const [pid] = await Promise.all([line, new Promise((r) => sh.once('exit', r))]);
  started.add(pid);
  const mark = `\0RUDY_FFMPEG_OWNER=${sh.pid}\0`;
  const marked = () => {
    try {
      return `\0${fs.readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(mark);
    } catch {
      return false;
    }
  };
  expect(await until(marked, 5_000)).toBe(true);
  return pid;
}
