import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.js';
import { createBossJobsRepository } from '../../jobs/boss-jobs.repository.js';
import { demoGoals } from '../media/demo-picture.js';
import { CLIP_QUEUES, type ClipJobQueue } from './clips.jobs.js';
import { createClipsRepository } from './clips.repository.js';

/** The demo channel clips this many of its latest finished games (the library's clip rail). */
const DEMO_CLIPPED_GAMES = 4;
const CLIP_SECONDS = 6;
/** A goal is shown from a little before it. */
const LEAD_IN_SECONDS = 3;

/** Whether every one of these channels has its own clips (the demo clips job has nothing to do). */
export async function demoClipsMade(db: DB, channelIds: number[]): Promise<boolean> {
  const repo = createClipsRepository(db);
  for (const channelId of channelIds) {
    if ((await repo.channelClipCount(channelId)) < DEMO_CLIPPED_GAMES) return false;
  }
  return true;
}

/**
 * The channel's own clips of its latest demo games: the goal the synthetic game shows first, a few
 * seconds of it, cut by the ordinary clip job. Without them a fresh demo has no game "with clips"
 * for the library's rail. Channel clips belong to no viewer (user_id null), so no one's clip list
 * or budget shows them. `complete` once the channel has its few clips; until then the caller asks
 * again (the games' recordings are made by other jobs, one after another).
 *
 * The clips and their cut jobs commit in one transaction, the viewer's path (clips.service): a
 * worker killed after an insert left a clip 'processing' for ever with no job to cut it. The
 * transaction holds a lock on the channel's demo clips: a run beside a slow earlier one (its job
 * handed out again by the lease reaper) waits, then sees that run's clips instead of clipping the
 * same games a second time. The caller wakes the cut workers once this has returned.
 */
export async function queueDemoClips(
  db: DB,
  o: {
    channelId: number;
    now: Date;
    /** Length of the synthetic games: where their goals fall. */
    gameSeconds: number;
    queue: Pick<ClipJobQueue, 'enqueue'>;
  },
): Promise<{ queued: number; complete: boolean }> {
  return db.transaction().execute(async (trx) => {
    await createBossJobsRepository(trx).lockKey(CLIP_QUEUES.cut, `demo-clips-${o.channelId}`);
    const repo = createClipsRepository(trx);
    const have = await repo.channelClipCount(o.channelId);
    if (have >= DEMO_CLIPPED_GAMES) return { queued: 0, complete: true };
    const games = await repo.demoGamesToClip(o.channelId, o.now, DEMO_CLIPPED_GAMES - have);
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
      const clipId = await repo.insert(trx, {
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
      await o.queue.enqueue(trx, { channelId: game.channel_id, clipId });
      queued += 1;
    }
    return { queued, complete: have + queued >= DEMO_CLIPPED_GAMES };
  });
}
