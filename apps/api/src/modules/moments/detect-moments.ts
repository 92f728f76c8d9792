import path from 'node:path';
import { text } from 'node:stream/consumers';
import { crowdPeaksOf, PEAK_FINDER_DEFAULTS, type CrowdPeak, type MediaStorage } from '@rudy/media';
import type PgBoss from 'pg-boss';
import type { DB } from '../../db/database.js';
import { sendOnce } from '../../jobs/send-once.js';
import { QUEUES } from '../media/media-queues.js';
import { createMomentsRepository } from './moments.repository.js';

export interface DetectMomentsJob {
  channelId: number;
  eventId: number;
}

/** The last variant a master playlist lists: our ladders list the smallest last (least to read). */
export function smallestVariant(master: string): string | null {
  const uris = master
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const last = uris.at(-1);
  // A variant beside the master, never a path that climbs out of the game's folder.
  return last && /^[\w-]+\/[\w.-]+\.m3u8$/.test(last) ? last : null;
}

/**
 * The worker's moment detection of a game's replay (issue 35): the crowd's loudness peaks of its
 * smallest rendition replace the previous run's untouched detected moments, and the run is
 * recorded, in one transaction; a repeated delivery of the job does the same work again and
 * ends with the same rows. A replay without audio has no detected moments.
 */
export async function detectMoments(
  deps: { db: DB; storage: MediaStorage },
  job: DetectMomentsJob,
): Promise<{ found: number } | 'skipped'> {
  const video = await createMomentsRepository(deps.db).readyVideo(job.channelId, job.eventId);
  if (!video?.storage_key) return 'skipped';
  const meta = (video.meta ?? {}) as { has_audio?: boolean; duration_seconds?: number };
  const duration = meta.duration_seconds ?? 3 * 3600;
  let result = { peaks: [] as CrowdPeak[], audioSeconds: 0 };
  if (meta.has_audio !== false) {
    const folder = path.posix.dirname(video.storage_key);
    const masterStream = await deps.storage.get(video.storage_key);
    const variant = masterStream ? smallestVariant(await text(masterStream)) : null;
    if (!variant) return 'skipped';
    const dir = await deps.storage.localDir(`${folder}/${path.posix.dirname(variant)}`);
    try {
      result = await crowdPeaksOf(path.join(dir.path, path.posix.basename(variant)), duration);
    } finally {
      await dir.release();
    }
  }
  const found = await deps.db.transaction().execute(async (trx) => {
    const moments = createMomentsRepository(trx);
    const added = await moments.replaceDetected(
      job,
      result.peaks.map((p) => ({ atSeconds: p.t, confidence: p.confidence })),
      PEAK_FINDER_DEFAULTS.spacingSeconds,
    );
    await moments.recordDetection(job, {
      version: video.version,
      audioSeconds: result.audioSeconds,
      found: added,
    });
    return added;
  });
  return { found };
}

/** Ready replays the detector has not run on since they last changed (at most `limit`). */
export function replaysWithoutDetection(db: DB, limit: number) {
  return createMomentsRepository(db).replaysWithoutDetection(limit);
}

/**
 * Queues the detection of a game's replay, once per version of the replay: a request while a
 * detection is queued or running finds it, and one for a replay the detector already ran on
 * (a restart's sweep, a second "replay ready" event: a retried job, a live recording and its
 * stills) queues nothing. Without a ready replay, the job runs and skips.
 */
export function queueMomentDetection(db: DB, boss: PgBoss, job: DetectMomentsJob) {
  return sendOnce(db, boss, QUEUES.detectMoments, job, {
    singletonKey: `moments-${job.eventId}`,
    served: async (trx) => {
      const moments = createMomentsRepository(trx);
      if (!(await moments.readyVideo(job.channelId, job.eventId))) return false;
      return (await moments.undetectedReplay(job.eventId)) === undefined;
    },
  });
}
