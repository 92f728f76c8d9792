/**
 * Key moments (issue 35) on test recordings that are not the demo's: steady crowd noise (pink
 * noise at a fixed level) with planted bursts 12-20 dB louder for 2-4 s, in a small HLS replay
 * (a 160x90 picture beside the audio, 4 s segments) read the way the worker reads one (ffmpeg's
 * ebur128 on the audio only, the picture not decoded):
 *  - recall: the share of planted bursts found within ±2 s (goal ≥ 90 %);
 *  - false moments on steady noise alone, per 10 minutes (goal ≤ 1);
 *  - replay detection speed, audio seconds per wall second (goal > 20× realtime), and its CPU;
 *  - live cost: the same detector reading the replay at its own pace (ffmpeg -re), CPU as a share
 *    of one core (goal ≤ 5 %);
 *  - reel: a 90-minute game (a 60 s crowd clip with roars at 360p, looped by stream copy into 4 s
 *    HLS segments: cheap to make, the same bytes to read as a real game's best rendition) from
 *    its end to a finished highlights reel: detection over the whole replay, then the reel cut
 *    from its top moments (goal ≤ 60 s). The worker does the same two steps, plus a few rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPeakFinder,
  crowdPeaksOf,
  cutReel,
  reelPieces,
  measureLoudness,
  renderCrowdClip,
  runFfmpeg,
  type CrowdBurst,
} from '../packages/media/src/index.js';
import { cpuSeconds } from '../packages/media/src/proc-stat.js';

type Report = (name: string, value: string, verdict: string) => void;

const BURSTS = Number(process.env.BENCH_MOMENTS_BURSTS ?? 30);
const STEADY_MINUTES = Number(process.env.BENCH_MOMENTS_STEADY_MINUTES ?? 20);
const LIVE_SECONDS = Number(process.env.BENCH_MOMENTS_LIVE_SECONDS ?? 30);
const REEL_GAME_MINUTES = Number(process.env.BENCH_MOMENTS_REEL_MINUTES ?? 90);

/** A small deterministic generator: the same run plants the same bursts. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** N bursts 30-60 s apart (the first after a minute), 12-20 dB, 2-4 s. */
function plantedBursts(n: number, seed: number): CrowdBurst[] {
  const random = seeded(seed);
  const out: CrowdBurst[] = [];
  let at = 60;
  for (let i = 0; i < n; i += 1) {
    out.push({
      atSeconds: Math.round(at * 10) / 10,
      seconds: 2 + random() * 2,
      gainDb: 12 + random() * 8,
    });
    at += 30 + random() * 30;
  }
  return out;
}

const childrenCpuSeconds = () => cpuSeconds('self', 'reaped');

/** A test replay: an MP4 of crowd noise with bursts, cut into an HLS variant as the ladder does. */
async function replay(dir: string, seconds: number, bursts: CrowdBurst[], seed: number) {
  fs.mkdirSync(dir, { recursive: true });
  const source = path.join(dir, 'source.mp4');
  await renderCrowdClip({
    output: source,
    durationSeconds: seconds,
    bursts,
    seed,
    video: { width: 160, height: 90, fps: 2 },
  });
  const playlist = path.join(dir, 'v0/index.m3u8');
  fs.mkdirSync(path.dirname(playlist), { recursive: true });
  await runFfmpeg([
    '-i',
    source,
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '4',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, 'v0/seg_%05d.ts'),
    playlist,
  ]);
  fs.rmSync(source);
  return playlist;
}

export async function benchMoments() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-bench-moments-'));
  try {
    const bursts = plantedBursts(BURSTS, 35);
    const last = bursts.at(-1);
    const plantedSeconds = Math.ceil((last?.atSeconds ?? 0) + 60);
    const planted = await replay(path.join(dir, 'planted'), plantedSeconds, bursts, 11);
    const steadySeconds = STEADY_MINUTES * 60;
    const steady = await replay(path.join(dir, 'steady'), steadySeconds, [], 23);

    const cpu = childrenCpuSeconds();
    const started = performance.now();
    const found = await crowdPeaksOf(planted, plantedSeconds);
    const wall = (performance.now() - started) / 1000;
    const detectCpu = childrenCpuSeconds() - cpu;
    const hits = bursts.filter((b) => found.peaks.some((p) => Math.abs(p.t - b.atSeconds) <= 2));
    const extra = found.peaks.filter((p) =>
      bursts.every((b) => Math.abs(p.t - b.atSeconds) > 2),
    ).length;

    const quiet = await crowdPeaksOf(steady, steadySeconds);

    // Live: the detector following the recording at its own pace for LIVE_SECONDS.
    const finder = createPeakFinder();
    const live = measureLoudness(planted, (s) => void finder.push(s), { realtime: true });
    await new Promise((r) => setTimeout(r, 3_000)); // past ffmpeg's start-up
    const cpuAt = cpuSeconds(live.pid);
    const wallAt = performance.now();
    await new Promise((r) => setTimeout(r, LIVE_SECONDS * 1000));
    const liveCpu = cpuSeconds(live.pid) - cpuAt;
    const liveWall = (performance.now() - wallAt) / 1000;
    await live.stop(1_000);

    return {
      planted: bursts.length,
      recalled: hits.length,
      extraOnPlanted: extra,
      audioSeconds: found.audioSeconds,
      wall,
      detectCpu,
      steadySeconds,
      falseMoments: quiet.peaks.length,
      liveCoreShare: liveCpu / liveWall,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A long game made cheaply: one rendered minute with two roars, looped by stream copy. */
async function longGame(dir: string, minutes: number) {
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  const minute = path.join(dir, 'minute.mp4');
  await renderCrowdClip({
    output: minute,
    durationSeconds: 60,
    bursts: [
      { atSeconds: 17, seconds: 3, gainDb: 16 },
      { atSeconds: 44, seconds: 2.5, gainDb: 18 },
    ],
    seed: 5,
    video: { width: 640, height: 360, fps: 25 },
  });
  const playlist = path.join(dir, 'v0/index.m3u8');
  await runFfmpeg(
    [
      '-stream_loop',
      String(minutes - 1),
      '-i',
      minute,
      '-c',
      'copy',
      '-f',
      'hls',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      path.join(dir, 'v0/seg_%05d.ts'),
      playlist,
    ],
    { timeoutMs: 600_000 },
  );
  fs.rmSync(minute);
  return playlist;
}

/** From the game's end to its reel: detection over the replay, then the reel's cut. */
export async function benchReel() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-bench-reel-'));
  try {
    const seconds = REEL_GAME_MINUTES * 60;
    const playlist = await longGame(path.join(dir, 'game'), REEL_GAME_MINUTES);
    const started = performance.now();
    const found = await crowdPeaksOf(playlist, seconds);
    const detected = (performance.now() - started) / 1000;
    const pieces = reelPieces(
      found.peaks.map((p) => ({ at_seconds: p.t, kind: 'detected', confidence: p.confidence })),
      seconds,
    );
    const reel = await cutReel({
      playlist,
      pieces,
      outputDir: path.join(dir, 'reel'),
      hasAudio: true,
      variantInfo: '#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360',
    });
    const total = (performance.now() - started) / 1000;
    return {
      gameSeconds: seconds,
      moments: found.peaks.length,
      pieces: pieces.length,
      reelSeconds: reel.durationSeconds,
      detected,
      total,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function reportReel(r: Awaited<ReturnType<typeof benchReel>>, report: Report) {
  report(
    'moments: reel ready after the game ends',
    `${r.total.toFixed(1)} s for a ${(r.gameSeconds / 60).toFixed(0)}-min game (detection ${r.detected.toFixed(1)} s; ${r.moments} moments, ${r.pieces} pieces, ${r.reelSeconds.toFixed(0)} s reel)`,
    r.total <= 60 ? 'PASS (goal <= 60 s)' : 'MISS (goal <= 60 s)',
  );
}

export function reportMoments(r: Awaited<ReturnType<typeof benchMoments>>, report: Report) {
  const recall = r.recalled / r.planted;
  report(
    'moments: recall of planted bursts (±2 s)',
    `${r.recalled}/${r.planted} = ${(recall * 100).toFixed(0)} % (${r.extraOnPlanted} found elsewhere)`,
    recall >= 0.9 ? 'PASS (goal >= 90 %)' : 'MISS (goal >= 90 %)',
  );
  const per10 = (r.falseMoments / r.steadySeconds) * 600;
  report(
    'moments: false moments on steady noise',
    `${r.falseMoments} in ${(r.steadySeconds / 60).toFixed(0)} min = ${per10.toFixed(2)} per 10 min`,
    per10 <= 1 ? 'PASS (goal <= 1 per 10 min)' : 'MISS (goal <= 1 per 10 min)',
  );
  const speed = r.audioSeconds / r.wall;
  report(
    'moments: replay detection speed',
    `${speed.toFixed(0)}x realtime (${r.audioSeconds.toFixed(0)} s of audio in ${r.wall.toFixed(1)} s, ${r.detectCpu.toFixed(1)} s CPU)`,
    speed > 20 ? 'PASS (goal > 20x)' : 'MISS (goal > 20x)',
  );
  report(
    'moments: live detector cost',
    `${(r.liveCoreShare * 100).toFixed(1)} % of one core (following at real time)`,
    r.liveCoreShare <= 0.05 ? 'PASS (goal <= 5 %)' : 'MISS (goal <= 5 %)',
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report: Report = (name, value, verdict) =>
    console.log(`${name.padEnd(44)} ${value.padEnd(64)} ${verdict}`);
  if (process.env.BENCH_MOMENTS_ONLY !== 'reel') reportMoments(await benchMoments(), report);
  reportReel(await benchReel(), report);
}
