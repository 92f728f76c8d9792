import type PgBoss from 'pg-boss';
import type { MediaStorage, Rendition } from '@rudy/media';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { seedDemoLibrary } from '../../db/seed/demo-library.js';
import { startJobLoop, type JobHold } from '../../jobs/job-loop.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { sendOnce } from '../../jobs/send-once.js';
import { createClipJobQueue } from '../clips/clips.jobs.js';
import { demoClipsMade, queueDemoClips } from '../clips/demo-clips.js';
import { createBossJobsRepository } from '../../jobs/boss-jobs.repository.js';
import { demoMediaChannelIds } from '../media/demo-media.js';
import { QUEUES } from '../media/media-queues.js';
import { makePendingDemoLibrary } from './demo-library.js';
import { createVodJobsRepository } from './vod-jobs.repository.js';

export const VOD_QUEUES = {
  /** The demo channels' library videos: render and package every pending demo item. */
  demoLibrary: 'vod.demo-library',
  /** The demo channels' own clips of their latest games (the library's "games with clips"). */
  demoClips: 'vod.demo-clips',
} as const;

interface DemoLibraryJob {
  channelIds: number[];
}
interface DemoClipsJob {
  channelIds: number[];
  attempt: number;
}

/**
 * The demo games' recordings are made by other jobs: look again this often while one of the
 * channels' demo games is still queued or rendering (however long a busy machine takes: a fresh
 * start under load took 26 minutes), and this many times in all once none is (a recording made
 * elsewhere, such as a live game's that ended).
 */
const DEMO_CLIPS_WAIT_S = 20;
export const DEMO_CLIPS_ATTEMPTS = 45;

/** 'stately': queuing at every start-up never piles up duplicates. */
export const VOD_QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  [VOD_QUEUES.demoLibrary]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 900,
  },
  [VOD_QUEUES.demoClips]: {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 30,
    expireInSeconds: 120,
  },
};

/**
 * The library side of the worker: handlers, then the demo channels' library at start-up (rows
 * first, for demo databases seeded before the library existed, then the videos and the clips).
 * The jobs run in leased loops like the media jobs (`hold`): a job of a killed worker is handed
 * back by the lease reaper instead of waiting for its queue's expiry, and the expiry never cuts a
 * render that is still running (pg-boss's work() started a second run beside it).
 */
export async function registerVodJobs(
  boss: PgBoss,
  o: {
    config: Config;
    db: DB;
    storage: MediaStorage;
    runner: JobRunner;
    now: () => Date;
    /** The media jobs' lease (registerMediaJobs). */
    hold?: JobHold;
    /** Tests use a tiny ladder. */
    ladder?: readonly Rendition[];
  },
) {
  const { log } = o.runner;
  const hold = o.hold ? { hold: o.hold } : {};
  const clipJobs = createClipJobQueue();
  const loops = [
    startJobLoop<DemoLibraryJob>(boss, VOD_QUEUES.demoLibrary, {
      pollingIntervalSeconds: 2,
      log,
      ...hold,
      handler: o.runner.each((job) =>
        makePendingDemoLibrary(
          {
            db: o.db,
            storage: o.storage,
            log,
            ...(o.ladder ? { ladder: o.ladder } : {}),
          },
          job.channelIds,
        ),
      ),
    }),
    startJobLoop<DemoClipsJob>(boss, VOD_QUEUES.demoClips, {
      pollingIntervalSeconds: 2,
      log,
      ...hold,
      handler: o.runner.each(async (job) => {
        let queued = 0;
        let complete = true;
        for (const channelId of job.channelIds) {
          const result = await queueDemoClips(o.db, {
            channelId,
            now: o.now(),
            gameSeconds: o.config.DEMO_GAME_SECONDS,
            queue: clipJobs,
          });
          queued += result.queued;
          complete &&= result.complete;
        }
        if (queued > 0) clipJobs.wake();
        // Games still without a recording (other jobs make them): look again later, not forever.
        // A count alone gave up for good while the games were still being rendered (the clips
        // then waited for the next worker start). Beside this running job (stately admits one
        // queued), not through sendOnce, which would find this very job.
        const lookAgain =
          !complete &&
          (job.attempt < DEMO_CLIPS_ATTEMPTS ||
            (await createBossJobsRepository(o.db).openForChannels(
              QUEUES.demoGame,
              job.channelIds,
            )));
        if (lookAgain) {
          await boss.send(
            VOD_QUEUES.demoClips,
            { ...job, attempt: job.attempt + 1 },
            { singletonKey: 'demo-clips', startAfter: DEMO_CLIPS_WAIT_S },
          );
        }
        return { queued };
      }),
    }),
  ];

  const channelIds = await demoMediaChannelIds(o.db, o.config.DEMO_MEDIA_CHANNELS);
  for (const channelId of channelIds) await seedDemoLibrary(o.db, channelId, o.now());
  await enqueueDemoLibrary(boss, o.db, channelIds);
  return {
    /** No job is fetched any more; false when some still run after `ms`. */
    async stopJobs(ms: number): Promise<boolean> {
      return (await Promise.all(loops.map((loop) => loop.stop(ms)))).every(Boolean);
    },
  };
}

/**
 * The demo library's jobs at a worker's start, once per request: a start while a job is queued,
 * waiting for a retry or running (its worker killed: the reaper hands it back) finds it, and one
 * after the library is made, or the channels have their clips, queues nothing. pg-boss's
 * 'stately' policy alone queued a second job beside a running one, and one more at every start
 * once the first had completed.
 */
export async function enqueueDemoLibrary(boss: PgBoss, db: DB, channelIds: number[]) {
  if (channelIds.length === 0) return;
  await sendOnce(
    db,
    boss,
    VOD_QUEUES.demoLibrary,
    { channelIds },
    {
      singletonKey: 'demo-library',
      served: async (trx) =>
        (await createVodJobsRepository(trx).pendingDemoItems(channelIds)).length === 0,
    },
  );
  await sendOnce(
    db,
    boss,
    VOD_QUEUES.demoClips,
    { channelIds, attempt: 0 },
    { singletonKey: 'demo-clips', served: (trx) => demoClipsMade(trx, channelIds) },
  );
}
