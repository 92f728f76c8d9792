/**
 * A demo game's cost on a fresh start (issue 28, item 6): one DEMO_GAME_SECONDS game rendered and
 * packaged with its stills, the way the worker does it (one ffmpeg into the HLS ladder, one
 * thread), against the old way in the same run (a 720p MP4 rendered, then packaged: 720p copied,
 * 360p encoded from a second decode). CPU seconds (user + system of the ffmpeg children) follow
 * the work much more than wall time on a shared machine; the goal is every demo replay (15 on the
 * demo channels) playable within 3 minutes on one core, so 15 games' CPU ≤ 180 s.
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

const GAME_SECONDS = Number(process.env.BENCH_DEMO_GAME_SECONDS ?? 30);
const DEMO_GAMES = 15;
const GOAL_SECONDS = 180;
const CLOCK_TICKS = 100;

const picture = {
  fps: 25,
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
function childrenCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are the 16th and 17th fields, the 14th and 15th after the command name.
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

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

function newPath(dir: string) {
  return measure(path.join(dir, 'new'), (vodDir) =>
    renderSyntheticVod({
      outputDir: vodDir,
      durationSeconds: GAME_SECONDS,
      picture,
      threads: 1,
    }),
  );
}

export async function benchDemoGames() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-bench-demo-'));
  try {
    // Old and new back to back, twice, interleaved: the machine's load hits both alike.
    const before = [await oldPath(dir), await newPath(dir)];
    const after = [await oldPath(dir), await newPath(dir)];
    type Run = Awaited<ReturnType<typeof measure>>;
    const best = (a: Run, b: Run) => (a.cpu <= b.cpu ? a : b);
    return {
      old: best(before[0]!, after[0]!),
      new: best(before[1]!, after[1]!),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Report = (name: string, value: string, verdict: string) => void;

export function reportDemoGames(r: Awaited<ReturnType<typeof benchDemoGames>>, report: Report) {
  const line = (x: { cpu: number; wall: number; renditions: string }) =>
    `${x.cpu.toFixed(1)} s CPU, ${x.wall.toFixed(1)} s wall (${x.renditions})`;
  report(`demo game ${GAME_SECONDS} s, old (MP4 + package)`, line(r.old), 'baseline');
  report(
    `demo game ${GAME_SECONDS} s, one pass, 1 thread`,
    `${line(r.new)}, ${(r.old.cpu / r.new.cpu).toFixed(1)}x less CPU`,
    r.new.cpu < r.old.cpu ? 'PASS (goal < old)' : 'MISS (goal < old)',
  );
  const total = r.new.cpu * DEMO_GAMES;
  report(
    `${DEMO_GAMES} demo games, one at a time`,
    `${total.toFixed(0)} s on one core (old: ${(r.old.cpu * DEMO_GAMES).toFixed(0)} s of CPU)`,
    total <= GOAL_SECONDS ? `PASS (goal <= ${GOAL_SECONDS} s)` : `MISS (goal <= ${GOAL_SECONDS} s)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const report: Report = (name, value, verdict) =>
    console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
  reportDemoGames(await benchDemoGames(), report);
}
