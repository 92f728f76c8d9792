import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { procStat } from './proc-stat.js';
import { BATCH_NICENESS, spawnFfmpeg, type RunOptions } from './runner.js';

/*
 * Issue 28: on a busy 2-core machine the live encoders must keep real time, so every other
 * ffmpeg (transcodes, demo renders, clips) runs niced; a live encoder keeps its priority.
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-priority-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
/** An "ffmpeg" that ignores its arguments and waits: its niceness is what runFfmpeg gave it. */
const fakeFfmpeg = path.join(scratch, 'ffmpeg');
fs.writeFileSync(fakeFfmpeg, '#!/bin/sh\nexec sleep 60\n', { mode: 0o755 });

/** The niceness of `pid` once it runs the fake ffmpeg (after setpriv and nice have exec'd). */
async function nicenessOf(pid: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const stat = procStat(pid);
    if (stat?.comm === 'sleep') return Number(stat.fields[16]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the fake ffmpeg did not start');
}

async function niceness(opts: RunOptions): Promise<number> {
  const ffmpeg = spawnFfmpeg([], { ffmpegPath: fakeFfmpeg, stdin: true, ...opts });
  try {
    return await nicenessOf(ffmpeg.pid ?? 0);
  } finally {
    await ffmpeg.stop(100);
  }
}

describe.skipIf(process.platform !== 'linux')('ffmpeg priority', () => {
  it('runs batch ffmpeg niced and live encoders at their worker priority', async () => {
    const own = os.getPriority();
    expect(await niceness({})).toBe(Math.min(19, own + BATCH_NICENESS));
    expect(await niceness({ live: true })).toBe(own);
    expect(await niceness({ flushesOnDeath: path.join(scratch, 'live') })).toBe(own);
  });
});
