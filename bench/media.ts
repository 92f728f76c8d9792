/**
 * Media benchmarks (real ffmpeg, the binary the product uses):
 *  - VOD packaging speed as a multiple of real time, for a 60 s 720p source: the default ladder
 *    when the source fits (720p copied, 360p encoded) and when every rendition is encoded;
 *  - live: the newest listed segment's end against the wall clock (its program date-time), and the
 *    CPU the demo's three live games use together (loop rendered once, published by stream copy).
 *    What a player sees is measured in a real one: ttff.ts (the play position's program date-time
 *    against the wall clock, in Chromium).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  locateFfmpeg,
  locateFont,
  packageVod,
  parseMediaPlaylist,
  renderSyntheticGame,
  ensureLiveLoop,
  startLivePublisher,
} from '../packages/media/src/index.js';
import { cpuSeconds } from '../packages/media/src/proc-stat.js';

const SOURCE_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 60);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const SEGMENT_SECONDS = 2;
/** The demo channel has three games on at once. */
const LIVE_GAMES = 3;

const picture = {
  width: 1280,
  height: 720,
  fps: 25,
  home: { code: 'WOL', color: '#1d4f91' },
  away: { code: 'KNI', color: '#c8102e' },
  goals: [{ atSeconds: 20, team: 'home' as const }],
  clockOffsetSeconds: 0,
  fontFile: locateFont(),
};

async function packagingSpeed(dir: string, sourceHasFixedGop: boolean) {
  const source = path.join(dir, 'source.mp4');
  const out = path.join(dir, sourceHasFixedGop ? 'copy' : 'encode');
  const started = performance.now();
  const pkg = await packageVod({ input: source, outputDir: out, sourceHasFixedGop });
  const seconds = (performance.now() - started) / 1000;
  return { realtime: pkg.durationSeconds / seconds, seconds, copied: pkg.renditions[0]?.copyVideo };
}

/**
 * The demo's live games as the supervisor runs them: each game's loop rendered once, then
 * LIVE_GAMES publishers by stream copy. Measured: how far the newest listed segment's end (its
 * program date-time plus duration) is behind the wall clock at each playlist update, and the CPU
 * the publishers use together at steady state.
 */
async function liveLatency(dir: string) {
  const loop = path.join(dir, 'live-loop.mp4');
  const renderStarted = performance.now();
  await ensureLiveLoop({ output: loop, picture, segmentSeconds: SEGMENT_SECONDS });
  const renderSeconds = (performance.now() - renderStarted) / 1000;
  const publishers = await Promise.all(
    Array.from({ length: LIVE_GAMES }, (_, i) =>
      startLivePublisher({
        loop,
        outputDir: path.join(dir, `live-${i}`),
        fps: picture.fps,
        segmentSeconds: SEGMENT_SECONDS,
      }),
    ),
  );
  const spawnedAt = performance.now();
  const playlist = path.join(dir, 'live-0', 'v0', 'index.m3u8');
  const behind: number[] = [];
  let seen = 0;
  let cpuAtStart: number | null = null;
  let steadyFrom = 0;
  const cpuNow = () => publishers.reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
  try {
    while (performance.now() - spawnedAt < LIVE_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 50));
      if (!fs.existsSync(playlist)) continue;
      const text = fs.readFileSync(playlist, 'utf8');
      // ffmpeg rewrites the playlist in place: a read between truncate and write is skipped.
      if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) continue;
      const p = parseMediaPlaylist(text);
      if (p.segments.length === seen) continue;
      seen = p.segments.length;
      const last = p.segments.at(-1);
      if (!last?.programDateTime) continue;
      const end = Date.parse(last.programDateTime) + last.durationSeconds * 1000;
      behind.push((Date.now() - end) / 1000);
      // Steady state starts at the first segment: start-up (opening the loop) is not counted.
      if (cpuAtStart === null) {
        cpuAtStart = cpuNow();
        steadyFrom = performance.now();
      }
    }
    const cpu = cpuNow() - (cpuAtStart ?? 0);
    const wall = (performance.now() - steadyFrom) / 1000;
    const steady = behind.slice(1);
    const mean = steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length);
    return {
      mean,
      max: Math.max(...steady),
      segments: steady.length,
      renderSeconds,
      coreShare: cpu / Math.max(1, wall),
    };
  } finally {
    await Promise.all(publishers.map((p) => p.stop()));
  }
}

export async function benchMedia() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-bench-media-'));
  try {
    await renderSyntheticGame({
      output: path.join(dir, 'source.mp4'),
      durationSeconds: SOURCE_SECONDS,
      picture,
    });
    const copy = await packagingSpeed(dir, true);
    const encode = await packagingSpeed(dir, false);
    const live = await liveLatency(dir);
    return { copy, encode, live, ffmpeg: locateFfmpeg() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Report = (name: string, value: string, verdict: string) => void;

export function reportMedia(r: Awaited<ReturnType<typeof benchMedia>>, report: Report) {
  const x = (v: number) => `${v.toFixed(1)}x real time`;
  report(
    'VOD packaging, 720p copied + 360p',
    `${x(r.copy.realtime)} (${SOURCE_SECONDS} s in ${r.copy.seconds.toFixed(1)} s, ffmpeg ${r.ffmpeg.source})`,
    r.copy.realtime >= 5 ? 'PASS (goal >= 5x)' : 'MISS (goal >= 5x)',
  );
  report(
    'VOD packaging, 720p + 360p encoded',
    `${x(r.encode.realtime)} (${SOURCE_SECONDS} s in ${r.encode.seconds.toFixed(1)} s)`,
    r.encode.realtime >= 1.5 ? 'PASS (goal >= 1.5x)' : 'MISS (goal >= 1.5x)',
  );
  report(
    'live edge behind the wall clock',
    `mean ${r.live.mean.toFixed(2)} s, max ${r.live.max.toFixed(2)} s over ${r.live.segments} segments`,
    r.live.max <= 3 ? 'PASS (goal <= 3 s)' : 'MISS (goal <= 3 s)',
  );
  report(
    `live CPU, ${LIVE_GAMES} games together`,
    `${(r.live.coreShare * 100).toFixed(1)} % of one core (loop rendered once in ${r.live.renderSeconds.toFixed(1)} s)`,
    r.live.coreShare <= 0.1 ? 'PASS (goal <= 10 %)' : 'MISS (goal <= 10 %)',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report: Report = (name, value, verdict) =>
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  reportMedia(await benchMedia(), report);
}
