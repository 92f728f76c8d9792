import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  createPeakFinder,
  measureLoudness,
  PEAK_FINDER_DEFAULTS,
  type CrowdPeak,
  type FfmpegProcess,
  type MediaStorage,
} from '@rudy/media';
import type { DB } from '../../db/database.js';
import type { WorkerLog } from '../../jobs/job-runner.js';
import { smallestVariant } from './detect-moments.js';
import { createMomentsRepository, type MomentsRepository } from './moments.repository.js';

/** How often the worker looks for live games it encodes that have no detector yet. */
const LOOK_EVERY_MS = 5_000;

type LiveRow = Awaited<ReturnType<MomentsRepository['liveGamesLeasedBy']>>[number];

/**
 * Key moments while a game is live (issue 35): one ffmpeg per live game this worker encodes
 * follows its smallest rendition's playlist as it grows (audio decoded only, a fraction of a
 * percent of a core), and each crowd peak is stored as soon as it ends, a few seconds after the
 * roar began. The replay's detection after the game replaces these with its own run. A detector
 * that stops (ffmpeg stalled or died) is started again on the next look; it reads the recording
 * from its start, and a moment already stored near the same time is not added twice.
 */
export function startLiveMoments(deps: { db: DB; storage: MediaStorage; log: WorkerLog }) {
  const running = new Map<number, FfmpegProcess>();
  let stopped = false;

  async function add(row: LiveRow, peak: CrowdPeak) {
    await deps.db.transaction().execute(async (trx) => {
      const moments = createMomentsRepository(trx);
      // Two detectors of one game (a restart meeting the old one's last moment) add it once.
      await moments.lockGame(row.event_id);
      await moments.addDetected(
        { channelId: row.channel_id, eventId: row.event_id },
        { atSeconds: peak.t, confidence: peak.confidence },
        PEAK_FINDER_DEFAULTS.spacingSeconds,
      );
    });
  }

  async function start(row: LiveRow) {
    if (!row.storage_key) return;
    const dir = await deps.storage.liveDir(path.posix.dirname(row.storage_key));
    const master = await fsp
      .readFile(path.join(dir, path.posix.basename(row.storage_key)), 'utf8')
      .catch(() => null);
    const variant = master ? smallestVariant(master) : null;
    if (!variant || running.has(row.id) || stopped) return;
    const playlist = path.join(dir, variant);
    if (!(await fsp.stat(playlist).catch(() => null))) return;
    // Settled as soon as each roar ends: live, nothing waits for a louder one to follow.
    const finder = createPeakFinder({ spacingSeconds: 0 });
    const run = measureLoudness(
      playlist,
      (sample) => {
        for (const peak of finder.push(sample)) {
          add(row, peak).catch((error: unknown) =>
            deps.log.error({ err: error, eventId: row.event_id }, 'live moment not stored'),
          );
        }
      },
      { live: true, stallMs: 60_000 },
    );
    running.set(row.id, run);
    run.exited
      .catch((error: unknown) =>
        deps.log.info({ err: error, eventId: row.event_id }, 'live moment detector stopped'),
      )
      .finally(() => running.delete(row.id));
  }

  async function look() {
    const rows = await createMomentsRepository(deps.db).liveGamesLeasedBy(process.pid);
    const live = new Set(rows.map((r) => r.id));
    for (const [id, run] of running) if (!live.has(id)) void run.stop(1_000);
    for (const row of rows) if (!running.has(row.id)) await start(row);
  }

  const timer = setInterval(() => {
    look().catch((error: unknown) =>
      deps.log.error({ err: error }, 'live moment detectors not checked'),
    );
  }, LOOK_EVERY_MS);
  timer.unref();

  return {
    /** How many games have a detector now (tests, logs). */
    count: () => running.size,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...running.values()].map((run) => run.stop(1_000)));
    },
  };
}
