import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage, crowdAudioGraph, spawnFfmpeg } from '@rudy/media';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { startLiveMoments } from './live-moments.js';

/*
 * Key moments while live (issue 35): a live game this worker encodes (its row's lease names this
 * process) gets a detector that follows the growing playlist and stores a roar as it ends.
 */

let database: TestDatabase;
let mediaDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-moments-'));
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('live key moments', () => {
  it('stores a roar of a live game while the game is still being encoded', async () => {
    const { channelId } = await seedDemoChannel(database.db);
    const game = await database.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    const prefix = `c${channelId}/e${game.id}/live`;
    const dir = path.join(mediaDir, prefix);
    fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"\nv0/index.m3u8\n',
    );
    // The "encoder": crowd noise at real time, roaring 7 s in, into a growing EVENT playlist.
    const encoder = spawnFfmpeg([
      '-re',
      '-f',
      'lavfi',
      '-i',
      // A lavfi input is the graph's one unlabelled output.
      crowdAudioGraph({ bursts: [{ atSeconds: 7, seconds: 3, gainDb: 16 }] }).replace('[aout]', ''),
      '-t',
      '40',
      '-c:a',
      'aac',
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_playlist_type',
      'event',
      '-hls_segment_filename',
      path.join(dir, 'v0/seg_%05d.ts'),
      path.join(dir, 'v0/index.m3u8'),
    ]);
    await until(() => fs.existsSync(path.join(dir, 'v0/index.m3u8')), Boolean, 10_000);
    await database.db
      .insertInto('event_media')
      .values({
        channel_id: channelId,
        event_id: game.id,
        kind: MEDIA_KIND.live,
        storage_key: `${prefix}/master.m3u8`,
        status: 'live',
        started_at: new Date(),
        lease_owner: `worker-${process.pid}-test`,
        lease_until: new Date(Date.now() + 60_000),
      })
      .execute();
    const silent = { info: () => undefined, error: () => undefined };
    const live = startLiveMoments({
      db: database.db,
      storage: createLocalStorage(mediaDir),
      log: silent,
    });
    try {
      const moments = () =>
        database.db
          .selectFrom('moments')
          .select(['at_seconds', 'kind'])
          .where('event_id', '=', game.id)
          .execute();
      const found = await until(moments, (rows) => rows.length > 0, 40_000);
      expect(found).toHaveLength(1);
      expect(found[0]?.kind).toBe('detected');
      expect(Math.abs((found[0]?.at_seconds ?? -99) - 7)).toBeLessThanOrEqual(2);
      // Found while the encoder still runs: live, not after the whistle.
      expect(live.count()).toBe(1);
    } finally {
      await live.stop();
      await encoder.stop(1_000);
    }
  }, 90_000);
});
