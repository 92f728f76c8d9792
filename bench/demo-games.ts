/**
 * A demo game's cost on a fresh start (issue 28, item 6): one DEMO_GAME_SECONDS game rendered and
 * packaged with its stills, the way the worker does it now (one ffmpeg into the HLS ladder, one
 * thread, the demo picture at DEMO_FPS), against the earlier ways in the same run: the same one
 * pass at 25 fps (before the demo's frame rate was lowered), and a 25 fps 720p MP4 rendered, then
 * packaged (720p copied, 360p encoded from a second decode). CPU seconds (user + system of the
 * ffmpeg children) follow the work much more than wall time on a shared machine; the goal is every
 * demo replay (15 on the demo channels) playable within 3 minutes on one core, so 15 games' CPU
 * well under 180 s (the server's start and the library videos share that time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  locateFont,
  makeStills,
  packageVod,
  renderSyntheticGame,
  renderSyntheticVod,
  type VodPackage,
} from '../packages/media/src/index.js';
import { DEMO_FPS } from '../apps/api/src/modules/media/demo-picture.js';
import { cpuSeconds } from '../packages/media/src/proc-stat.js';

const GAME_SECONDS = Number(process.env.BENCH_DEMO_GAME_SECONDS ?? 30);
const DEMO_GAMES = 15;
const GOAL_SECONDS = 180;

/** The demo picture's frame rate before it was lowered to DEMO_FPS. */
const OLD_FPS = 25;

const picture = {
  fps: OLD_FPS,
  home: { code: 'WOL', color: '#1d4f91' },
  away: { code: 'KNI', color: '#c8102e' },
  goals: [
    { atSeconds: 5, team: 'home' as const },
    { atSeconds: 14, team: 'away' as const },
    { atSeconds: 22, team: 'home' as const },
  ],
  clockOffsetSeconds: 0,
  fontFile: locateFont(),
};

/** CPU seconds of the children this process waited for (ffmpeg), from /proc (Linux). */
const childrenCpuSeconds = () => cpuSeconds('self', 'reaped');

async function measure(dir: string, make: (vodDir: string) => Promise<VodPackage>) {
  const cpu = childrenCpuSeconds();
  const started = performance.now();
  const vodDir = path.join(dir, 'vod');
  const pkg = await make(vodDir);
  const last = pkg.renditions.at(-1);
  await makeStills({
    input: path.join(vodDir, pkg.renditions[0]?.playlist ?? 'v0/index.m3u8'),
    smallInput: path.join(vodDir, last?.playlist ?? 'v0/index.m3u8'),
    smallInputKeyframesFrequent: !last?.copyVideo,
    outputDir: path.join(dir, 'assets'),
    durationSeconds: pkg.durationSeconds,
  });
  return {
    cpu: childrenCpuSeconds() - cpu,
    wall: (performance.now() - started) / 1000,
    renditions: pkg.renditions.map((r) => `${r.name}${r.copyVideo ? ' copied' : ''}`).join(', '),
  };
}

/** The path before issue 28 item 6: render an MP4, then package it like an upload. */
function oldPath(dir: string) {
  return measure(path.join(dir, 'old'), async (vodDir) => {
    const source = path.join(dir, 'game.mp4');
    await renderSyntheticGame({
      output: source,
      durationSeconds: GAME_SECONDS,
      picture: { ...picture, width: 1280, height: 720 },
      videoKbps: 1_500,
    });
    return packageVod({ input: source, outputDir: vodDir, sourceHasFixedGop: true });
  });
}

/** One pass into the ladder, one thread, at a given frame rate (25: the path before DEMO_FPS). */
function onePass(dir: string, fps: number) {
  return measure(path.join(dir, `one-pass-${fps}`), (vodDir) =>
    renderSyntheticVod({
      outputDir: vodDir,
      durationSeconds: GAME_SECONDS,
      picture: { ...picture, fps },
      threads: 1,
    }),
  );
}

export async function benchDemoGames() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-bench-demo-'));
  try {
    // The three back to back, twice, interleaved: the machine's load hits them alike.
    const round = async () => [
      await oldPath(dir),
      await onePass(dir, OLD_FPS),
      await onePass(dir, DEMO_FPS),
    ];
    const first = await round();
    const second = await round();
    type Run = Awaited<ReturnType<typeof measure>>;
    const best = (i: number): Run => {
      const a = first[i]!;
      const b = second[i]!;
      return a.cpu <= b.cpu ? a : b;
    };
    return { old: best(0), onePass25: best(1), new: best(2) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Report = (name: string, value: string, verdict: string) => void;

export function reportDemoGames(r: Awaited<ReturnType<typeof benchDemoGames>>, report: Report) {
  const line = (x: { cpu: number; wall: number; renditions: string }) =>
    `${x.cpu.toFixed(1)} s CPU, ${x.wall.toFixed(1)} s wall (${x.renditions})`;
  report(`demo game ${GAME_SECONDS} s, MP4 + package, ${OLD_FPS} fps`, line(r.old), 'baseline');
  report(
    `demo game ${GAME_SECONDS} s, one pass, ${OLD_FPS} fps`,
    `${line(r.onePass25)}, ${(r.old.cpu / r.onePass25.cpu).toFixed(1)}x less CPU`,
    'baseline (before DEMO_FPS)',
  );
  report(
    `demo game ${GAME_SECONDS} s, one pass, ${DEMO_FPS} fps`,
    `${line(r.new)}, ${(r.onePass25.cpu / r.new.cpu).toFixed(1)}x less CPU than ${OLD_FPS} fps`,
    r.new.cpu < r.onePass25.cpu
      ? 'PASS (goal < one pass at 25 fps)'
      : 'MISS (goal < one pass at 25 fps)',
  );
  const total = r.new.cpu * DEMO_GAMES;
  report(
    `${DEMO_GAMES} demo games, one at a time`,
    `${total.toFixed(0)} s on one core (one pass at ${OLD_FPS} fps: ${(r.onePass25.cpu * DEMO_GAMES).toFixed(0)} s, MP4 + package: ${(r.old.cpu * DEMO_GAMES).toFixed(0)} s)`,
    total <= GOAL_SECONDS ? `PASS (goal <= ${GOAL_SECONDS} s)` : `MISS (goal <= ${GOAL_SECONDS} s)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report: Report = (name, value, verdict) =>
    console.log(`${name.padEnd(44)} ${value.padEnd(64)} ${verdict}`);
  reportDemoGames(await benchDemoGames(), report);
}
