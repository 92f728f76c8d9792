import type PgBoss from 'pg-boss';
import type { MediaStorage, Rendition } from '@rudy/media';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { seedDemoLibrary } from '../../db/seed/demo-library.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { localWakeup } from '../../jobs/local-wakeup.js';
import { CLIP_QUEUES } from '../clips/clips.jobs.js';
import { queueDemoClips } from '../clips/demo-clips.js';
import { demoMediaChannelIds } from '../media/demo-media.js';
import { makePendingDemoLibrary } from './demo-library.js';

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

/** The demo games' recordings are made by other jobs: look again this often, this many times. */
const DEMO_CLIPS_WAIT_S = 20;
const DEMO_CLIPS_ATTEMPTS = 45;

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
 */
export async function registerVodJobs(
  boss: PgBoss,
  o: {
    config: Config;
    db: DB;
    storage: MediaStorage;
    runner: JobRunner;
    now: () => Date;
    /** Tests use a tiny ladder. */
    ladder?: readonly Rendition[];
  },
) {
  await boss.work<DemoLibraryJob>(
    VOD_QUEUES.demoLibrary,
    { pollingIntervalSeconds: 2 },
    o.runner.each((job) =>
      makePendingDemoLibrary(
        {
          db: o.db,
          storage: o.storage,
          log: o.runner.log,
          ...(o.ladder ? { ladder: o.ladder } : {}),
        },
        job.channelIds,
      ),
    ),
  );

  await boss.work<DemoClipsJob>(
    VOD_QUEUES.demoClips,
    { pollingIntervalSeconds: 2 },
    o.runner.each(async (job) => {
      let queued = 0;
      let complete = true;
      for (const channelId of job.channelIds) {
        const result = await queueDemoClips(o.db, {
          channelId,
          now: o.now(),
          gameSeconds: o.config.DEMO_GAME_SECONDS,
          send: (clip) => boss.send(CLIP_QUEUES.cut, clip),
        });
        queued += result.queued;
        complete &&= result.complete;
      }
      if (queued > 0) localWakeup.queued(CLIP_QUEUES.cut);
      // Games still without a recording (other jobs make them): look again later, not forever.
      if (!complete && job.attempt < DEMO_CLIPS_ATTEMPTS) {
        await boss.send(
          VOD_QUEUES.demoClips,
          { ...job, attempt: job.attempt + 1 },
          { singletonKey: 'demo-clips', startAfter: DEMO_CLIPS_WAIT_S },
        );
      }
      return { queued };
    }),
  );

  const channelIds = await demoMediaChannelIds(o.db, o.config.DEMO_MEDIA_CHANNELS);
  if (channelIds.length === 0) return;
  for (const channelId of channelIds) await seedDemoLibrary(o.db, channelId, o.now());
  await boss.send(VOD_QUEUES.demoLibrary, { channelIds }, { singletonKey: 'demo-library' });
  await boss.send(VOD_QUEUES.demoClips, { channelIds, attempt: 0 }, { singletonKey: 'demo-clips' });
}
