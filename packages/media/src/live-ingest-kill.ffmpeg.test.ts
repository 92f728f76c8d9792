import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './hls/playlist.js';
import { startLiveIngestEncoder } from './live.js';
import { locateFfmpeg } from './locate.js';
import { isRunning } from './proc-stat.js';
import { TINY } from './tiny-media.test-support.js';

/*
 * Issue 28, gaps in the live recording longer than the outage: the worker holding an RTMP ingest
 * is killed with -9. Its encoder used to die with it (setpriv's death signal was SIGKILL), and
 * what it had been sent but not yet written (the segment under way and x264's lookahead, about
 * 2 s) was lost. It now finishes its files up to what it was sent, exits on its own, and the next
 * encoder continues the recording.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-ingest-kill-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What is sent past this point is what the kill cuts: mid-segment (segments are 1 s). */
const KILL_AFTER_MS = 6_500;
/**
 * What the recording may lack of what the encoder was sent: the last frame's length and the
 * audio frame it falls in. Killed with the worker, the encoder lost about 2 s.
 */
const MAX_LOSS_SECONDS = 0.25;

const running = isRunning;

async function until<T>(what: () => T | null | undefined | false, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A publisher: FLV at real time on stdout, a keyframe a second, with audio. */
function publisher() {
  const source = spawn(
    locateFfmpeg().path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  started.push(source);
  return source;
}

const playlistOf = (variant: string) => {
  const text = fs.readFileSync(path.join(dir, variant, 'index.m3u8'), 'utf8');
  return { text, list: parseMediaPlaylist(text) };
};

describe.skipIf(process.platform !== 'linux')('kill -9 of the worker holding a live ingest', () => {
  it('its encoder writes what it was sent, exits on its own, and the next one continues', async () => {
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'live-ingest-worker.test-support.ts'), dir],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    started.push(worker);
    let encoderPid = 0;
    let fedMs = -1;
    readline.createInterface({ input: worker.stdout }).on('line', (line) => {
      const [what, value] = line.split(' ');
      if (what === 'encoder') encoderPid = Number(value);
      if (what === 'fed') fedMs = Math.max(fedMs, Number(value));
    });
    await until(() => encoderPid > 0, 30_000);
    const source = publisher();
    source.stdout.pipe(worker.stdin);
    worker.stdin.on('error', () => undefined);

    await until(() => fedMs >= KILL_AFTER_MS, 60_000);
    const sent = fedMs / 1000;
    worker.kill('SIGKILL');
    const killedAt = Date.now();
    source.kill('SIGKILL');

    // On its own, without a next worker to end it.
    await until(() => !running(encoderPid), 30_000);
    const exitedAfterMs = Date.now() - killedAt;

    const recorded = ['v0', 'v1'].map((v) => playlistOf(v).list.totalSeconds);
    console.info(
      `sent ${sent.toFixed(3)} s; recorded ${recorded.map((s) => s.toFixed(3)).join(' / ')} s; ` +
        `loss ${recorded.map((s) => (sent - s).toFixed(3)).join(' / ')} s; ` +
        `encoder gone ${exitedAfterMs} ms after the kill`,
    );
    for (const seconds of recorded) expect(seconds).toBeGreaterThanOrEqual(sent - MAX_LOSS_SECONDS);
    // Still a live recording: players do not stop at its end while the next encoder starts.
    for (const v of ['v0', 'v1']) expect(playlistOf(v).text).not.toContain('#EXT-X-ENDLIST');
    const before = playlistOf('v0').list.segments.map((s) => s.uri);
    for (const uri of before) expect(fs.existsSync(path.join(dir, 'v0', uri)), uri).toBe(true);

    // The next encoder continues the recording: what was written stays, numbering goes on.
    const next = await startLiveIngestEncoder({
      outputDir: dir,
      hasAudio: true,
      fps: 25,
      ladder: TINY,
      segmentSeconds: 1,
    });
    const again = publisher();
    if (next.stdin) again.stdout.pipe(next.stdin);
    try {
      // ffmpeg rewrites the playlist in place: a read may find it torn, and looks again.
      const listed = () => {
        const text = fs.readFileSync(path.join(dir, 'v0', 'index.m3u8'), 'utf8');
        return text.startsWith('#EXTM3U') ? parseMediaPlaylist(text).segments.length : 0;
      };
      await until(() => listed() >= before.length + 2, 60_000);
    } finally {
      again.kill('SIGKILL');
      await next.exited.catch(() => undefined);
    }
    for (const v of ['v0', 'v1']) {
      const uris = playlistOf(v).list.segments.map((s) => s.uri);
      expect(new Set(uris).size, v).toBe(uris.length);
      expect(uris, v).toEqual([...uris].sort());
    }
    expect(
      playlistOf('v0')
        .list.segments.slice(0, before.length)
        .map((s) => s.uri),
    ).toEqual(before);
  }, 120_000);
});
