import fsp from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { cutReel, reelPieces, type MediaStorage } from '@rudy/media';
import type PgBoss from 'pg-boss';
import type { DB } from '../../db/database.js';
import { sendOnce } from '../../jobs/send-once.js';
import { QUEUES } from '../media/media-queues.js';
import type { I18nText } from '../../db/schema.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { createMomentsRepository } from './moments.repository.js';
import { createReelsRepository } from './reels.repository.js';

export interface HighlightsReelJob {
  channelId: number;
  eventId: number;
}

/** The master's best variant: its #EXT-X-STREAM-INF line and its playlist beside the master. */
export function bestVariant(master: string): { info: string; uri: string } | null {
  const lines = master.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  const uri = at >= 0 ? lines.slice(at + 1).find((l) => l && !l.startsWith('#')) : undefined;
  const info = lines[at];
  if (!info || !uri || !/^[\w-]+\/[\w.-]+\.m3u8$/.test(uri)) return null;
  return { info, uri };
}

/**
 * Queues the game's reel, once per game: a request while its job is queued or running finds it,
 * and one for a game whose reel is made (or found empty) queues nothing.
 */
export function queueHighlightsReel(db: DB, boss: PgBoss, job: HighlightsReelJob) {
  return sendOnce(db, boss, QUEUES.highlightsReel, job, {
    singletonKey: `reel-${job.eventId}`,
    served: async (trx) => {
      const row = await createReelsRepository(trx).one(job.channelId, job.eventId);
      return row !== undefined && row.status !== 'cutting';
    },
  });
}

const reelTitle = (name: I18nText): I18nText => ({
  en: `Highlights: ${name.en ?? name.fr ?? ''}`.trim(),
  fr: `Temps forts : ${name.fr ?? name.en ?? ''}`.trim(),
});

/**
 * The worker's highlights reel of a game (issue 35), once per game: its top moments' pieces cut
 * from the replay's best rendition with the clip cutter (segments inside a piece are linked
 * unchanged, only the frames up to a keyframe at a piece's edges are re-encoded), joined with a
 * discontinuity between pieces into one library video. It is listed in the Highlights rail at
 * once, or waits for the console's approval when the channel asks for it. A repeated delivery
 * cuts again into the same folder and ends with the same rows; a finished reel is never redone.
 */
export async function makeHighlightsReel(
  deps: { db: DB; storage: MediaStorage },
  job: HighlightsReelJob,
): Promise<{ status: string; pieces: number } | 'skipped'> {
  const moments = createMomentsRepository(deps.db);
  const video = await moments.readyVideo(job.channelId, job.eventId);
  if (!video?.storage_key) return 'skipped';
  const game = await moments.game(job.channelId, job.eventId);
  if (!game) return 'skipped';
  const meta = (video.meta ?? {}) as { has_audio?: boolean; duration_seconds?: number };
  const pieces = reelPieces(
    await moments.list(job.channelId, job.eventId),
    meta.duration_seconds ?? Number.POSITIVE_INFINITY,
  );
  const reels = createReelsRepository(deps.db);
  if (pieces.length === 0) {
    await reels.markEmpty(job.channelId, job.eventId);
    return { status: (await reels.one(job.channelId, job.eventId))?.status ?? 'empty', pieces: 0 };
  }
  const master = await deps.storage.get(video.storage_key);
  const variant = master ? bestVariant(await text(master)) : null;
  if (!variant) return 'skipped';
  const itemId = await deps.db
    .transaction()
    .execute((trx) =>
      createReelsRepository(trx).claim(job.channelId, job.eventId, reelTitle(game.name)),
    );
  if (itemId === null) {
    return { status: (await reels.one(job.channelId, job.eventId))?.status ?? '', pieces: 0 };
  }

  const folder = path.posix.dirname(video.storage_key);
  const source = await deps.storage.localDir(`${folder}/${path.posix.dirname(variant.uri)}`);
  const work = await deps.storage.workDir(`reel-${job.eventId}`);
  let seconds = 0;
  try {
    const reel = await cutReel({
      playlist: path.join(source.path, path.posix.basename(variant.uri)),
      pieces,
      outputDir: work,
      hasAudio: meta.has_audio !== false,
      variantInfo: variant.info,
    });
    seconds = reel.durationSeconds;
    await deps.storage.importDir(vodItemPrefix(job.channelId, itemId), work);
  } finally {
    await source.release();
    await fsp.rm(work, { recursive: true, force: true });
  }

  const prefix = vodItemPrefix(job.channelId, itemId);
  const status = await deps.db.transaction().execute(async (trx) => {
    const scoped = createReelsRepository(trx);
    const next = (await scoped.needsApproval(job.channelId)) ? 'pending' : 'published';
    const done = await scoped.finish(
      { ...job, itemId, prefix },
      { status: next, moments: pieces.length, seconds },
    );
    if (done === null) return null;
    if (next === 'published') await scoped.publishItem(job.channelId, itemId);
    return next;
  });
  return { status: status ?? 'skipped', pieces: pieces.length };
}
