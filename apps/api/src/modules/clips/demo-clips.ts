import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { demoGoals } from '../media/demo-picture.js';
import { createClipsRepository } from './clips.repository.js';

/** The demo channel clips this many of its latest finished games (the library's clip rail). */
const DEMO_CLIPPED_GAMES = 4;
const CLIP_SECONDS = 6;
/** A goal is shown from a little before it. */
const LEAD_IN_SECONDS = 3;

interface GameToClip {
  id: number;
  channel_id: number;
  vod_key: string;
  duration_seconds: number;
  has_audio: boolean;
  away: string | null;
  home: string | null;
}

/** SQL: finished games with a ready VOD and no clip yet, newest first. */
function gamesToClip(db: DB, channelId: number, now: Date, limit: number): Promise<GameToClip[]> {
  const side = (isHome: boolean) => sql<string | null>`(
    select p.short_name from event_participants ep join participants p on p.id = ep.participant_id
    where ep.event_id = e.id and ep.is_home = ${isHome} limit 1)`;
  return db
    .selectFrom('events as e')
    .innerJoin('event_media as m', (j) =>
      j
        .onRef('m.event_id', '=', 'e.id')
        .on('m.kind', '=', MEDIA_KIND.vod)
        .on('m.status', '=', 'ready')
        .on('m.storage_key', 'is not', null),
    )
    .select([
      'e.id',
      'e.channel_id',
      sql<string>`m.storage_key`.as('vod_key'),
      sql<number>`coalesce((m.meta->>'duration_seconds')::float8, 0)`.as('duration_seconds'),
      sql<boolean>`coalesce((m.meta->>'has_audio')::boolean, true)`.as('has_audio'),
      side(false).as('away'),
      side(true).as('home'),
    ])
    .where('e.channel_id', '=', channelId)
    .where(sql<boolean>`e.event_utc_ts + make_interval(mins => e.duration_minutes) <= ${now}`)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('clips as c').select('c.id').whereRef('c.event_id', '=', 'e.id')),
      ),
    )
    .orderBy('e.event_utc_ts', 'desc')
    .limit(limit)
    .execute();
}

/** The channel's own clips (made here), of any status. */
async function channelClipCount(db: DB, channelId: number): Promise<number> {
  const row = await db
    .selectFrom('clips')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('channel_id', '=', channelId)
    .where('user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The channel's own clips of its latest demo games: the goal the synthetic game shows first, a few
 * seconds of it, cut by the ordinary clip job. Without them a fresh demo has no game "with clips"
 * for the library's rail. Channel clips belong to no viewer (user_id null), so no one's clip list
 * or budget shows them. `complete` once the channel has its few clips; until then the caller asks
 * again (the games' recordings are made by other jobs, one after another).
 */
export async function queueDemoClips(
  db: DB,
  o: {
    channelId: number;
    now: Date;
    /** Length of the synthetic games: where their goals fall. */
    gameSeconds: number;
    send: (clip: { channelId: number; clipId: number }) => Promise<unknown>;
  },
): Promise<{ queued: number; complete: boolean }> {
  const repo = createClipsRepository(db);
  const have = await channelClipCount(db, o.channelId);
  if (have >= DEMO_CLIPPED_GAMES) return { queued: 0, complete: true };
  const games = await gamesToClip(db, o.channelId, o.now, DEMO_CLIPPED_GAMES - have);
  let queued = 0;
  for (const game of games) {
    const goal = demoGoals(game.id, o.gameSeconds)
      .map((g) => g.atSeconds)
      .filter((at) => at + 1 < game.duration_seconds)
      .sort((a, b) => a - b)[0];
    const start = Math.max(0, (goal ?? 0) - LEAD_IN_SECONDS);
    const duration = Math.min(CLIP_SECONDS, game.duration_seconds - start);
    if (duration < 1) continue;
    const name = game.away && game.home ? `Goal: ${game.away} @ ${game.home}` : 'Goal';
    const clipId = await repo.insert(db, {
      channelId: game.channel_id,
      userId: null,
      eventId: game.id,
      eventMediaId: null,
      shareUuid: randomUUID(),
      name,
      startTime: start,
      duration,
      tags: ['Goal'],
      sourceKey: `${path.posix.dirname(game.vod_key)}/v0/index.m3u8`,
      hasAudio: game.has_audio,
    });
    await o.send({ channelId: game.channel_id, clipId });
    queued += 1;
  }
  return { queued, complete: have + queued >= DEMO_CLIPPED_GAMES };
}
