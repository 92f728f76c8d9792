/**
 * Does a replay keep real time on a busy machine, in each engine (issue 31, item 3)? A subscriber
 * (no pre-roll) plays a demo replay; every BENCH_RT_WINDOW_S (5) seconds of wall time the play
 * position's advance is recorded, for BENCH_RT_WINDOWS (6) windows after the first frame, with
 * the frames the element dropped and the rendition's height.
 *
 * The load is its own and bounded: one spinning process per core for the measurement only
 * (BENCH_RT_SPIN=0 measures without). Run the whole bench under `nice` so the spinners and the
 * browser compete with each other as on a saturated machine while the other users of the machine
 * keep priority:
 *   /work/heavy/run nice -n 10 node --import tsx bench/realtime.ts   (BENCH_RT_ENGINES=firefox,chromium)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { ENGINES, type EngineName, type Tab } from '../e2e/support/engines.js';
import { startServer } from '../e2e/support/server.js';
import { demoViewers } from '../e2e/support/viewers.js';

const WINDOW_S = Number(process.env.BENCH_RT_WINDOW_S ?? 5);
const WINDOWS = Number(process.env.BENCH_RT_WINDOWS ?? 6);
const SPIN = process.env.BENCH_RT_SPIN !== '0';
const engineNames = (process.env.BENCH_RT_ENGINES ?? 'firefox,chromium').split(',') as EngineName[];

interface Sample {
  t: number;
  dropped: number;
  total: number;
  height: number;
  waiting: boolean;
}

function sample(tab: Tab): Promise<Sample> {
  return tab.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid=main-video]');
    const q = v?.getVideoPlaybackQuality?.();
    return {
      t: v?.currentTime ?? 0,
      dropped: q?.droppedVideoFrames ?? 0,
      total: q?.totalVideoFrames ?? 0,
      height: v?.videoHeight ?? 0,
      waiting: !!v && v.readyState < 3,
    };
  });
}

const server = await startServer({
  WORKER: 'true',
  DEMO_MEDIA_FIRST: '1',
  // Long enough for the windows after the first frame.
  DEMO_GAME_SECONDS: String(WINDOW_S * WINDOWS + 20),
});
const spinners: ChildProcess[] = [];
try {
  const viewers = demoViewers(() => server);
  const key = await viewers.anonymousKey();
  const vodId = await viewers.readyEvent(key, 'finished');
  const viewer = await viewers.newViewer({ monthly: true });
  if (SPIN) {
    spinners.push(
      ...os.cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })),
    );
  }
  for (const name of engineNames) {
    const engine = await ENGINES[name]();
    try {
      const tab = await engine.open(server.url);
      await tab.goto('/login');
      await tab.fill({ label: 'Email' }, viewer.email);
      await tab.fill({ label: 'Password' }, viewer.password);
      await tab.click({ role: 'button', name: 'Log in' });
      await tab.waitFor(() => location.pathname === '/');
      await tab.goto(`/watch/${vodId}`);
      await tab.waitFor(
        () => {
          const v = document.querySelector<HTMLVideoElement>('[data-testid=main-video]');
          return !!v && v.currentTime > 0 && !v.paused;
        },
        undefined,
        90_000,
      );
      let last = await sample(tab);
      const advances: number[] = [];
      for (let i = 0; i < WINDOWS; i++) {
        await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
        const now = await sample(tab);
        advances.push(now.t - last.t);
        console.log(
          `${name} window ${i + 1}: +${(now.t - last.t).toFixed(2)} s in ${WINDOW_S} s, ` +
            `${now.height}p, dropped ${now.dropped - last.dropped}/${now.total - last.total} frames` +
            (now.waiting ? ', waiting' : ''),
        );
        last = now;
      }
      const sorted = [...advances].sort((a, b) => a - b);
      const mean = advances.reduce((a, b) => a + b, 0) / advances.length;
      console.log(
        `${name}: mean +${mean.toFixed(2)} s per ${WINDOW_S} s (min ${sorted[0]?.toFixed(2)}), ` +
          `load ${os.loadavg()[0]?.toFixed(1)}${SPIN ? `, ${spinners.length} spinners` : ''}`,
      );
      await tab.close();
    } finally {
      await engine.quit();
    }
  }
} finally {
  for (const s of spinners) s.kill('SIGKILL');
  await server.stop();
}
