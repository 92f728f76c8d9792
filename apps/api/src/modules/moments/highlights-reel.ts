import fsp from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import { cutReel, reelPieces, type MediaStorage } from '@rudy/media';
import type PgBoss from 'pg-boss';
import type { DB } from '../../db/database.js';
import { sendOnce } from '../../jobs/send-once.js';
import { QUEUES } from '../media/media-queues.js';
import type { I18nText } from '../../db/schema.js';
import { vodItemPrefix } from '../media/media-paths.js';
import { createMomentsRepository } from './moments.repository.js';
import { readyVideo } from './detect-moments.js';

export interface HighlightsReelJob {
  channelId: number;
  eventId: number;
}

/** The library rail reels are listed in, one per channel (made with the channel's first reel). */
export const HIGHLIGHTS_RAIL: I18nText = { en: 'Highlights', fr: 'Temps forts' };

/** The master's best variant: its #EXT-X-STREAM-INF line and its playlist beside the master. */
export function bestVariant(master: string): { info: string; uri: string } | null {
  const lines = master.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  const uri = at >= 0 ? lines.slice(at + 1).find((l) => l && !l.startsWith('#')) : undefined;
  const info = lines[at];
  if (!info || !uri || !/^[\w-]+\/[\w.-]+\.m3u8$/.test(uri)) return null;
  return { info, uri };
}

/** SQL of the reels: each query is bound to a channel. */
export function reelsRepository(db: DB) {
  return {
    one: (channelId: number, eventId: number) =>
      db
        .selectFrom('moment_reels')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .executeTakeFirst(),

    needsApproval: async (channelId: number) =>
      (
        await db
          .selectFrom('channels')
          .select('reels_need_approval')
          .where('id', '=', channelId)
          .executeTakeFirst()
      )?.reels_need_approval ?? false,

    /** The reel's library video is listed: ready, and in the channel's Highlights rail. */
    async publishItem(channelId: number, itemId: number) {
      await db
        .updateTable('vod_media_items')
        .set({ status: 'ready', published_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('channel_id', '=', channelId)
        .where('id', '=', itemId)
        .execute();
      let rail = await db
        .selectFrom('vod_media_rails')
        .select('id')
        .where('channel_id', '=', channelId)
        .where(sql<boolean>`title->>'en' = ${HIGHLIGHTS_RAIL.en}`)
        .orderBy('id')
        .executeTakeFirst();
      rail ??= await db
        .insertInto('vod_media_rails')
        .values({ channel_id: channelId, title: JSON.stringify(HIGHLIGHTS_RAIL), position: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('vod_media_rail_items')
        .values({ channel_id: channelId, rail_id: rail.id, item_id: itemId })
        .onConflict((oc) => oc.columns(['rail_id', 'item_id']).doNothing())
        .execute();
    },
  };
}

/**
 * Claims the game's reel: its row and its (unlisted) library video, made once. A row already
 * past 'cutting' is a reel already made (or a game without moments): nothing to do.
 */
async function claim(db: DB, job: HighlightsReelJob, title: I18nText) {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('moment_reels')
      .values({ event_id: job.eventId, channel_id: job.channelId })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('moment_reels')
      .selectAll()
      .where('event_id', '=', job.eventId)
      .where('channel_id', '=', job.channelId)
      .forUpdate()
      .executeTakeFirst();
    if (row?.status !== 'cutting') return null;
    if (row.vod_item_id !== null) return row.vod_item_id;
    const item = await trx
      .insertInto('vod_media_items')
      .values({
        channel_id: job.channelId,
        title: JSON.stringify(title),
        published_at: sql<Date>`now()`,
        status: 'processing',
        meta: JSON.stringify({ reel_event_id: job.eventId }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('moment_reels')
      .set({ vod_item_id: item.id })
      .where('event_id', '=', job.eventId)
      .execute();
    return item.id;
  });
}

/**
 * Queues the game's reel, once per game: a request while its job is queued or running finds it,
 * and one for a game whose reel is made (or found empty) queues nothing.
 */
export function queueHighlightsReel(db: DB, boss: PgBoss, job: HighlightsReelJob) {
  return sendOnce(db, boss, QUEUES.highlightsReel, job, {
    singletonKey: `reel-${job.eventId}`,
    served: async (trx) => {
      const row = await reelsRepository(trx).one(job.channelId, job.eventId);
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
  const video = await readyVideo(deps.db, job.channelId, job.eventId);
  if (!video?.storage_key) return 'skipped';
  const game = await deps.db
    .selectFrom('events')
    .select('name')
    .where('channel_id', '=', job.channelId)
    .where('id', '=', job.eventId)
    .executeTakeFirst();
  if (!game) return 'skipped';
  const meta = (video.meta ?? {}) as { has_audio?: boolean; duration_seconds?: number };
  const moments = await createMomentsRepository(deps.db).list(job.channelId, job.eventId);
  const pieces = reelPieces(moments, meta.duration_seconds ?? Number.POSITIVE_INFINITY);
  const reels = reelsRepository(deps.db);
  if (pieces.length === 0) {
    await deps.db
      .insertInto('moment_reels')
      .values({ event_id: job.eventId, channel_id: job.channelId, status: 'empty' })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    return { status: (await reels.one(job.channelId, job.eventId))?.status ?? 'empty', pieces: 0 };
  }
  const master = await deps.storage.get(video.storage_key);
  const variant = master ? bestVariant(await text(master)) : null;
  if (!variant) return 'skipped';
  const itemId = await claim(deps.db, job, reelTitle(game.name));
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
    const scoped = reelsRepository(trx);
    const next = (await scoped.needsApproval(job.channelId)) ? 'pending' : 'published';
    const done = await trx
      .updateTable('moment_reels')
      .set({
        status: next,
        moments: pieces.length,
        duration_seconds: seconds,
        updated_at: sql<Date>`now()`,
      })
      .where('event_id', '=', job.eventId)
      .where('status', '=', 'cutting')
      .returning('status')
      .executeTakeFirst();
    if (!done) return null;
    await trx
      .updateTable('vod_media_items')
      .set({ storage_key: `${prefix}/vod/master.m3u8`, duration_seconds: seconds })
      .where('id', '=', itemId)
      .execute();
    await trx
      .insertInto('vod_media_assets')
      .values({
        channel_id: job.channelId,
        item_id: itemId,
        kind: MEDIA_KIND.image,
        storage_key: `${prefix}/assets/poster.jpg`,
        meta: '{}',
      })
      .onConflict((oc) => oc.columns(['item_id', 'kind']).doNothing())
      .execute();
    if (next === 'published') await scoped.publishItem(job.channelId, itemId);
    return next;
  });
  return { status: status ?? 'skipped', pieces: pieces.length };
}
