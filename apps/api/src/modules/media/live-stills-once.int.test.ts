import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage } from '@rudy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, createBoss } from '../../jobs/boss.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { TINY_LADDER, makeTinyVod } from '../../test/media-fixtures.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { finishLiveRecording, type RecordingDeps } from './live-recording.js';
import { makeLiveStills, queueLiveStills } from './live-stills.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { eventPrefix } from './media-paths.js';
import { QUEUE_OPTIONS, QUEUES, type LiveStillsJob } from './media-queues.js';

/*
 * Issue 28, "every media job finishes exactly once per request", for a live recording's stills.
 * A recording ends more than once: a publisher that reconnects with the same key resumes the game
 * (the encoder reconnects on its own), and one cut again at once ends it again with nothing new.
 * Each end used to queue the stills again once the first job had completed: the same poster,
 * thumbnails and previews made twice. Real ffmpeg, pg-boss and the recording's real end.
 */

const onServer = Boolean(process.env.DATABASE_URL);
const OWNER = 'ingest-a';

let database: TestDatabase;
let root: string;
let channelId: number;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-live-stills-'));
  const game = await database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('event_utc_ts', '<', sql<Date>`now() - interval '1 day'`)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  eventId = game.id;
}, 60_000);

afterAll(async () => {
  await database?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The stills jobs of this game: how many, and how many completed. */
async function stillsJobs() {
  const { rows } = await sql<{ state: string }>`select state from ${sql.table(`${BOSS_SCHEMA}.job`)}
    where name = ${QUEUES.liveStills} and singleton_key = ${`live-stills-${eventId}`}`.execute(
    database.db,
  );
  return { rows: rows.length, completed: rows.filter((r) => r.state === 'completed').length };
}

describe.skipIf(!onServer)('live stills, once per recording', () => {
  it('a publish resumed and cut again at once queues no second stills job', async () => {
    const storage = createLocalStorage(path.join(root, 'media'));
    const repo = createMediaJobsRepository(database.db);
    const key = `${eventPrefix(channelId, eventId)}/live/master.m3u8`;
    const dir = await storage.liveDir(path.posix.dirname(key));
    // What the encoder left: a short ladder of segments (ENDLIST or not, the end rewrites it).
    const tiny = await makeTinyVod(4);
    fs.cpSync(path.join(tiny.dir, 'vod'), dir, { recursive: true });
    fs.rmSync(tiny.dir, { recursive: true, force: true });

    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    try {
      await boss.createQueue(QUEUES.liveStills, {
        name: QUEUES.liveStills,
        ...QUEUE_OPTIONS[QUEUES.liveStills],
      });
      const asked: (string | null)[] = [];
      const deps: RecordingDeps = {
        repo,
        storage,
        now: () => new Date(),
        log: { info: () => undefined },
        onRecordingEnded: async (job) => {
          asked.push(await queueLiveStills(database.db, boss, job));
        },
      };
      /** The publisher goes on air (a reconnect resumes the same row) and its publish ends. */
      const publishAndEnd = async () => {
        const now = new Date();
        const claim = await repo.claimLive({
          channelId,
          eventId,
          storageKey: key,
          owner: OWNER,
          now,
          until: new Date(now.getTime() + 30_000),
        });
        if (!claim) throw new Error('the game could not be claimed');
        return finishLiveRecording(deps, {
          mediaId: claim.id,
          eventId,
          channelId,
          dir,
          key,
          mirror: null,
          owner: OWNER,
        });
      };

      const seconds = await publishAndEnd();
      expect(seconds).toBeGreaterThan(3);
      expect(asked).toEqual([expect.any(String)]);
      // Asked again while queued (a second end, a worker beside this one): the same job.
      const again: LiveStillsJob = {
        channelId,
        eventId,
        storageKey: key,
        durationSeconds: seconds,
      };
      expect(await queueLiveStills(database.db, boss, again)).toBe(asked[0]);

      // A worker runs it as the handler does.
      const [job] = await boss.fetch<LiveStillsJob>(QUEUES.liveStills);
      if (!job) throw new Error('no stills job fetched');
      expect(job.id).toBe(asked[0]);
      await makeLiveStills({ storage, repo, ladder: TINY_LADDER }, job.data);
      await boss.complete(QUEUES.liveStills, job.id);
      const stills = await database.db
        .selectFrom('event_media')
        .select('kind')
        .where('event_id', '=', eventId)
        .where('status', '=', 'ready')
        .where('kind', 'in', [
          MEDIA_KIND.image,
          MEDIA_KIND.thumbnails,
          MEDIA_KIND.preview,
          MEDIA_KIND.preview_alt,
        ])
        .execute();
      expect(stills).toHaveLength(4);

      // OBS reconnects with the same key and is cut again before a segment: the same recording
      // ends again, and its stills are made already.
      expect(await publishAndEnd()).toBe(seconds);
      expect(asked).toEqual([asked[0], null]);
      expect(await stillsJobs()).toEqual({ rows: 1, completed: 1 });

      // A resumed publish that recorded more is a new request: stills of the longer recording.
      const longer = { ...again, durationSeconds: seconds + 2 };
      await repo.upsertMedia({
        channelId,
        eventId,
        kind: MEDIA_KIND.vod,
        storageKey: key,
        status: 'ready',
        meta: { duration_seconds: longer.durationSeconds },
      });
      expect(await queueLiveStills(database.db, boss, longer)).not.toBeNull();
      expect(await stillsJobs()).toEqual({ rows: 2, completed: 1 });
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 120_000);
});
