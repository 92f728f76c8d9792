import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './hls/playlist.js';
import type { Rendition } from './ladder.js';
import { startLiveIngestEncoder } from './live.js';
import { locateFfmpeg } from './locate.js';

/*
 * Issue 28, the stall after a publisher reconnects: the RTMP ingest's encoder read the stream on
 * to estimate its frame rate before it encoded anything, and the publisher sends at real time, so
 * its first segment waited for that stretch of stream. At 5 frames a second (the stretch grows
 * as the rate falls: it is counted in frames) the wait is seconds of stream, whatever the CPU.
 */

const FPS = 5;
const LADDER: Rendition[] = [
  { name: '90p', width: 160, height: 90, videoKbps: 100, audioKbps: 64 },
];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-ingest-start-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const c of running) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the RTMP ingest encoder at its start', () => {
  it('writes its first segment about a segment and its lookahead after the first frame', async () => {
    const enc = await startLiveIngestEncoder({
      outputDir: dir,
      hasAudio: true,
      fps: FPS,
      ladder: LADDER,
      segmentSeconds: 1,
    });
    // The publisher: FLV at real time, a keyframe a second.
    const source = spawn(
      locateFfmpeg().path,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=${FPS}`],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS)],
        ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    running.push(source);
    let firstByte = 0;
    source.stdout.once('data', () => (firstByte = Date.now()));
    if (enc.stdin) source.stdout.pipe(enc.stdin);

    const file = path.join(dir, 'v0', 'index.m3u8');
    const deadline = Date.now() + 60_000;
    let listed = 0;
    while (Date.now() < deadline) {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (text.startsWith('#EXTM3U') && parseMediaPlaylist(text).segments.length > 0) {
        listed = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    source.kill('SIGKILL');
    enc.stdin?.end();
    await enc.exited.catch(() => undefined);
    expect(listed).toBeGreaterThan(0);
    // A segment (1 s) and x264's lookahead (10 frames: 2 s here) of stream, and a margin for a
    // busy machine; reading on for the frame rate first took 9 s in all.
    const ms = listed - firstByte;
    expect(ms, `first segment ${ms} ms after the first byte`).toBeLessThan(7_000);
  }, 90_000);
});
