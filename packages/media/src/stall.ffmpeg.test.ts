import { describe, expect, it } from 'vitest';
import { encodeLimits, FfmpegError, runFfmpeg, spawnFfmpeg } from './index.js';

/*
 * ffmpeg's time limits on real ffmpeg: one that makes no progress is stopped after the stall time,
 * one that is slow but advancing (real time here, like an encode on a busy machine) runs past it.
 */

describe('ffmpeg time limits', () => {
  it('stops an ffmpeg that makes no progress, and says so', async () => {
    // Waits for an input that never comes: no frame, no media time.
    const stuck = spawnFfmpeg(['-f', 'flv', '-i', 'pipe:0', '-f', 'null', '-'], {
      stdin: true,
      stallMs: 1_500,
    });
    const error = await stuck.exited.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as Error).message).toContain('made no progress for 1500 ms');
  }, 20_000);

  it('lets a slow ffmpeg that keeps advancing run past the stall time', async () => {
    // 3 s of media read at real time: three times the stall time, progress all along.
    const slow = runFfmpeg(
      ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10', '-t', '3', '-f', 'null', '-'],
      { stallMs: 1_000 },
    );
    await expect(slow).resolves.toMatchObject({ stderrTail: expect.any(String) as string });
  }, 20_000);

  it('derives the ceiling from the input’s length, with stall detection', () => {
    const short = encodeLimits(20);
    const long = encodeLimits(7_200);
    // The 20 s upload that took 260 s on a busy night is within its limit now.
    expect(short.timeoutMs).toBeGreaterThan(260_200);
    expect(long.timeoutMs).toBeGreaterThan(short.timeoutMs ?? 0);
    expect(short.stallMs).toBeGreaterThan(0);
  });
});
