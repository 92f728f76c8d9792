import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { DB } from '../../db/database.js';
import { sendOnce } from '../../jobs/send-once.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { QUEUES, type LiveStillsJob } from './media-queues.js';
import { publishStills, type PackageDeps } from './package-media.js';

/**
 * Queues the stills of an ended live recording, once per recording as it ended: a request while
 * its job is queued or running finds it, and one for a recording whose stills were made for the
 * length it ended with (recorded on its VOD row) queues nothing. A recording ends more than once: a publisher that reconnects with the
 * same key resumes the game and ends it again (with nothing new after a cut at the very end), and
 * workers side by side each finish a recording whose encoder died. A resumed recording that got
 * longer is a new request: its stills are made again.
 */
export function queueLiveStills(db: DB, boss: PgBoss, job: LiveStillsJob) {
  return sendOnce(db, boss, QUEUES.liveStills, job, {
    singletonKey: `live-stills-${job.eventId}`,
    served: async (trx) => {
      const repo = createMediaJobsRepository(trx);
      const made = await repo.recordingStillsSeconds(job.eventId, job.storageKey);
      return made === job.durationSeconds;
    },
  });
}

/** The job: poster, thumbnails and previews from the recording's top and bottom renditions. */
export async function makeLiveStills(deps: PackageDeps, job: LiveStillsJob): Promise<void> {
  const dir = await deps.storage.localDir(path.posix.dirname(job.storageKey));
  try {
    await publishStills(deps, job, {
      best: path.join(dir.path, 'v0/index.m3u8'),
      small: path.join(dir.path, 'v1/index.m3u8'),
      smallKeyframesFrequent: true,
      durationSeconds: job.durationSeconds,
    });
  } finally {
    await dir.release();
  }
  await deps.repo.markRecordingStills(job.eventId, job.storageKey, job.durationSeconds);
}
