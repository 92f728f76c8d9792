import path from 'node:path';
import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
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
 * A game's ready replay: its master playlist's key, when the row last changed, its length.
 * `version` is that change's time as PostgreSQL wrote it (microseconds; a Date keeps only
 * milliseconds, and a detection recorded with it looked older than the replay it ran on).
 */
export function readyVideo(db: DB, channelId: number, eventId: number) {
  return db
    .selectFrom('event_media')
    .select(['storage_key', 'updated_at', 'meta', sql<string>`updated_at::text`.as('version')])
    .where('channel_id', '=', channelId)
    .where('event_id', '=', eventId)
    .where('kind', '=', MEDIA_KIND.vod)
    .where('status', '=', 'ready')
    .where('storage_key', 'is not', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
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
  const video = await readyVideo(deps.db, job.channelId, job.eventId);
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
    const added = await createMomentsRepository(trx).replaceDetected(
      job,
      result.peaks.map((p) => ({ atSeconds: p.t, confidence: p.confidence })),
      PEAK_FINDER_DEFAULTS.spacingSeconds,
    );
    await trx
      .insertInto('moment_detections')
      .values({
        event_id: job.eventId,
        channel_id: job.channelId,
        video_updated_at: sql<Date>`${video.version}::timestamptz`,
        audio_seconds: result.audioSeconds,
        found: added,
      })
      .onConflict((oc) =>
        oc.column('event_id').doUpdateSet({
          video_updated_at: sql<Date>`${video.version}::timestamptz`,
          audio_seconds: result.audioSeconds,
          found: added,
          detected_at: sql<Date>`now()`,
        }),
      )
      .execute();
    return added;
  });
  return { found };
}

/** Ready replays the detector has not run on since they last changed. */
function undetectedReplays(db: DB) {
  return db
    .selectFrom('event_media as m')
    .where('m.kind', '=', MEDIA_KIND.vod)
    .where('m.status', '=', 'ready')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('moment_detections as d')
            .select('d.event_id')
            .whereRef('d.event_id', '=', 'm.event_id')
            .whereRef('d.video_updated_at', '>=', 'm.updated_at'),
        ),
      ),
    );
}

/** Ready replays the detector has not run on since they last changed (at most `limit`). */
export async function replaysWithoutDetection(db: DB, limit: number) {
  return undetectedReplays(db)
    .select(['m.channel_id as channelId', 'm.event_id as eventId'])
    .orderBy('m.updated_at', 'desc')
    .limit(limit)
    .execute();
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
      const ready = await readyVideo(trx, job.channelId, job.eventId);
      if (!ready) return false;
      const undetected = await undetectedReplays(trx)
        .select('m.id')
        .where('m.event_id', '=', job.eventId)
        .executeTakeFirst();
      return undetected === undefined;
    },
  });
}
