import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage } from '@rudy/media';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { createTestDatabase } from '../../test/test-database.js';
import { finishLiveRecording } from './live-recording.js';
import { createLiveSupervisor } from './live-supervisor.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';

/*
 * DEMO_RECORDING_RETENTION_HOURS on a real database: the demo's synthetic recordings are deleted
 * (rows and files) once expired and the game queued for its rendered VOD; a real game's recording
 * (RTMP ingest, same channel, same age) is never touched, nor a synthetic one still kept.
 */

const HOUR = 3_600_000;
const silent = { info: () => undefined, error: () => undefined };
let database: DatabaseHandle;
let channelId: number;
let mediaDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-retention-'));
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A finished game's live recording on disk: one rendition of a few 1 s segments. */
function writeRecording(eventId: number) {
  const dir = path.join(mediaDir, `c${channelId}/e${eventId}/live`);
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n');
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:1', '#EXT-X-PLAYLIST-TYPE:EVENT'];
  for (let i = 0; i < 5; i += 1) {
    lines.push('#EXTINF:1.000000,', `seg_${i}.ts`);
    fs.writeFileSync(path.join(dir, 'v0', `seg_${i}.ts`), 'ts');
  }
  fs.writeFileSync(path.join(dir, 'v0/index.m3u8'), `${lines.join('\n')}\n`);
  return dir;
}

async function finishedGames(count: number) {
  const rows = await database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('event_utc_ts', '<', new Date(Date.now() - 3 * 86_400_000))
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => r.id);
}

describe('demo recording retention', () => {
  it('expires the synthetic recordings past it, and nothing else', async () => {
    const storage = createLocalStorage(mediaDir);
    const repo = createMediaJobsRepository(database.db);
    const [oldDemo, recentDemo, realGame] = await finishedGames(3);
    if (oldDemo === undefined || recentDemo === undefined || realGame === undefined) {
      throw new Error('the demo season has fewer finished games');
    }
    // Far from every demo game (the season is a few weeks around today): nothing is live then, so
    // the supervisor's tick has nothing to encode.
    const far = Date.now() + 400 * 24 * HOUR;
    let clock = new Date(far - 30 * HOUR);
    const deps = {
      repo,
      storage,
      now: () => clock,
      onRecordingEnded: () => Promise.resolve(),
      log: silent,
    };
    // Each recording ends as the live supervisor (synthetic) or the RTMP ingest ends it.
    const end = async (eventId: number, synthetic: boolean) => {
      const key = `c${channelId}/e${eventId}/live/master.m3u8`;
      const row = await repo.claimLive({
        channelId,
        eventId,
        storageKey: key,
        owner: 'test',
        now: clock,
        until: clock,
      });
      await finishLiveRecording(deps, {
        mediaId: row!.id,
        eventId,
        channelId,
        dir: writeRecording(eventId),
        key,
        synthetic,
      });
    };
    await end(oldDemo, true);
    await end(realGame, false);
    clock = new Date(far - 2 * HOUR);
    await end(recentDemo, true);

    clock = new Date(far);
    const expired: number[] = [];
    const supervisor = createLiveSupervisor({
      ...deps,
      channelIds: [channelId],
      recordingRetentionMs: 24 * HOUR,
      onRecordingExpired: (game) => {
        expired.push(game.eventId);
        return Promise.resolve();
      },
    });
    await supervisor.tick();

    expect(expired).toEqual([oldDemo]);
    const rows = await database.db
      .selectFrom('event_media')
      .select(['event_id', 'kind', 'status'])
      .where('event_id', 'in', [oldDemo, recentDemo, realGame])
      .where('kind', 'in', [MEDIA_KIND.live, MEDIA_KIND.vod])
      .orderBy('event_id')
      .orderBy('kind')
      .execute();
    expect(rows.filter((r) => r.event_id === oldDemo)).toEqual([]);
    expect(rows.filter((r) => r.event_id === recentDemo)).toHaveLength(2);
    expect(rows.filter((r) => r.event_id === realGame)).toHaveLength(2);
    const liveDir = (id: number) => path.join(mediaDir, `c${channelId}/e${id}/live`);
    expect(fs.existsSync(liveDir(oldDemo))).toBe(false);
    expect(fs.existsSync(path.join(liveDir(recentDemo), 'v0/seg_0.ts'))).toBe(true);
    expect(fs.existsSync(path.join(liveDir(realGame), 'v0/seg_0.ts'))).toBe(true);
    await supervisor.stop();
  });
});
