import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import type { LiveMirror, MediaStorage } from '@rudy/media';
import { testBucket } from '@rudy/media/s3-bucket.test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { keepOneGameLive } from '../../test/one-live-game.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { finishLiveRecording, leaseFence, openLiveRecording } from './live-recording.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { eventPrefix } from './media-paths.js';

/*
 * Issue 28 with the live recording in object storage (issue 29): a worker whose encoder lease was
 * taken over, and that has not noticed yet, still has its encoder's files and its mirror. Its last
 * uploads (the stop's final pass, the end of the game) used to put its shorter playlist over the
 * one the new owner continues in the bucket, and end the live row the new owner holds. Its writes
 * are fenced by the lease: the new owner's playlist and row stay as they are.
 */

const LEASE_MS = 8_000;
const s3 = testBucket('live', 'rudy-live-fence-');
let database: TestDatabase;
let channelId = 0;
let eventId = 0;

beforeAll(async () => {
  await s3.start();
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  eventId = await keepOneGameLive(database.db, channelId);
}, 60_000);

afterAll(async () => {
  await database?.close();
  await s3.close();
});

/** A machine: its own disk, the shared bucket. */
const machine = (name: string) => s3.storage(name);

const playlist = (names: string[]) =>
  ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0']
    .concat(names.flatMap((n) => ['#EXTINF:1.000000,', n]))
    .join('\n') + '\n';

/** What an encoder writes: its segments, then the playlist listing them, and the master. */
function encode(dir: string, names: string[], by: string) {
  fs.mkdirSync(path.join(dir, 'v0'), { recursive: true });
  for (const n of names) {
    const file = path.join(dir, 'v0', n);
    if (!fs.existsSync(file)) fs.writeFileSync(file, `${n} by ${by}`);
  }
  fs.writeFileSync(path.join(dir, 'v0', 'index.m3u8'), playlist(names));
  fs.writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\nv0/index.m3u8\n');
}

const log = { info: () => undefined, error: () => undefined };

describe('a live encoder whose lease was taken over', () => {
  it('writes nothing more to the bucket, and leaves the recording to its new owner', async () => {
    const repo = createMediaJobsRepository(database.db);
    const key = `${eventPrefix(channelId, eventId)}/live/master.m3u8`;
    const prefix = path.posix.dirname(key);
    const bucket = machine('probe').objects;
    if (!bucket) throw new Error('no bucket');
    const now = () => new Date();

    // Worker A encodes the game on its machine.
    const start = now();
    const a = await repo.claimLive({
      channelId,
      eventId,
      storageKey: key,
      owner: 'worker-a',
      now: start,
      until: new Date(start.getTime() + LEASE_MS),
    });
    if (!a) throw new Error('worker A could not claim the game');
    /** The end of the game as an owner's encoder comes to it: its disk, its mirror. */
    const finish = (
      owner: string,
      storage: MediaStorage,
      rec: { dir: string; mirror: LiveMirror | null },
    ) =>
      finishLiveRecording(
        { repo, storage, now, onRecordingEnded: () => Promise.resolve(), log },
        { mediaId: a.id, eventId, channelId, dir: rec.dir, key, mirror: rec.mirror, owner },
      );
    const atA = machine('a');
    const fenceA = leaseFence(repo, { mediaId: a.id, owner: 'worker-a', leaseMs: LEASE_MS, now });
    const recA = await openLiveRecording(atA, key, log, fenceA);
    encode(recA.dir, ['seg_00000.ts', 'seg_00001.ts'], 'a');
    await recA.mirror?.sync();
    expect(await bucket.getText(`${prefix}/v0/index.m3u8`)).toBe(
      playlist(['seg_00000.ts', 'seg_00001.ts']),
    );

    // A stalls past its lease (a busy machine, a cut to the database); B claims the lapsed lease
    // on another machine and continues the playlist from the bucket.
    const later = new Date(start.getTime() + LEASE_MS + 1_000);
    const b = await repo.claimLive({
      channelId,
      eventId,
      storageKey: key,
      owner: 'worker-b',
      now: later,
      until: new Date(later.getTime() + 10 * LEASE_MS),
    });
    expect(b?.id).toBe(a.id);
    const atB = machine('b');
    const fenceB = leaseFence(repo, { mediaId: a.id, owner: 'worker-b', leaseMs: LEASE_MS, now });
    const recB = await openLiveRecording(atB, key, log, fenceB);
    const theirs = ['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts', 'seg_00003.ts'];
    encode(recB.dir, theirs, 'b');
    await recB.mirror?.sync();
    expect(await bucket.getText(`${prefix}/v0/index.m3u8`)).toBe(playlist(theirs));

    // A's encoder wrote one more segment of its own before it was stopped; its mirror's last
    // pass, its DVR pruning and the end of its game come after.
    encode(recA.dir, ['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts'], 'a');
    await recA.mirror?.stop();
    await recA.mirror?.forget(['v0/seg_00000.ts']);
    const ended = await finish('worker-a', atA, recA);
    expect(ended).toBe(0);

    // The bucket holds B's playlist and B's segments; the row is B's, still on; no VOD yet.
    expect(await bucket.getText(`${prefix}/v0/index.m3u8`)).toBe(playlist(theirs));
    expect(await bucket.getText(`${prefix}/v0/seg_00002.ts`)).toBe('seg_00002.ts by b');
    expect(await bucket.list(`${prefix}/v0/`)).toContain(`${prefix}/v0/seg_00000.ts`);
    const row = await database.db
      .selectFrom('event_media')
      .select(['status', 'lease_owner'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', lease_owner: 'worker-b' });
    const vod = await database.db
      .selectFrom('event_media')
      .select('id')
      .where('event_id', '=', eventId)
      .where('kind', '=', MEDIA_KIND.vod)
      .where('storage_key', '=', key)
      .executeTakeFirst();
    expect(vod).toBeUndefined();

    // B, the owner, still writes; and finishes the recording at the game's end.
    encode(recB.dir, [...theirs, 'seg_00004.ts'], 'b');
    await recB.mirror?.sync();
    expect(await bucket.getText(`${prefix}/v0/index.m3u8`)).toBe(
      playlist([...theirs, 'seg_00004.ts']),
    );
    const seconds = await finish('worker-b', atB, recB);
    expect(seconds).toBeGreaterThan(4);
    expect(await bucket.getText(`${prefix}/v0/index.m3u8`)).toContain('#EXT-X-ENDLIST');
  }, 60_000);
});
