import { MEDIA_KIND } from '@rudy/contracts';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { BOSS_SCHEMA, createBoss } from '../../jobs/boss.js';
import { createQueues } from '../../jobs/create-queues.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { CLIP_QUEUE_OPTIONS, CLIP_QUEUES, createClipJobQueue } from './clips.jobs.js';
import { queueDemoClips } from './demo-clips.js';

/*
 * Issue 28, "clips and jobs are never lost or doubled", for the demo channel's own clips: each
 * clip row and its cut job commit together (a worker killed between them left a clip
 * 'processing' for ever), and a run beside a slow one (a job handed out again by the lease
 * reaper) clips each game once.
 */

const onServer = Boolean(process.env.DATABASE_URL);
let database: TestDatabase;
let boss: PgBoss;
let channelId: number;
let games: number[];
const silentLog = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  // pg-boss's tables and the clip queues, as a worker's start makes them.
  boss = createBoss(database, database.url, ignoreQueueErrors);
  await boss.start();
  await createQueues(boss, CLIP_QUEUE_OPTIONS, silentLog);
  // Two finished games with a recording (only the rows are read: nothing is cut here).
  const past = await database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where(sql<boolean>`event_utc_ts + make_interval(mins => duration_minutes) <= now()`)
    .orderBy('event_utc_ts', 'desc')
    .limit(2)
    .execute();
  games = past.map((g) => g.id);
  expect(games).toHaveLength(2);
  await database.db
    .insertInto('event_media')
    .values(
      games.map((eventId) => ({
        channel_id: channelId,
        event_id: eventId,
        kind: MEDIA_KIND.vod,
        storage_key: `c${channelId}/e${eventId}/vod/master.m3u8`,
        status: 'ready' as const,
        started_at: new Date(),
        meta: JSON.stringify({ duration_seconds: 30 }),
      })),
    )
    .execute();
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await database?.close();
});

beforeEach(async () => {
  await database.db.deleteFrom('clips').where('channel_id', '=', channelId).execute();
  await sql`delete from ${sql.table(`${BOSS_SCHEMA}.job`)} where name = ${CLIP_QUEUES.cut}`.execute(
    database.db,
  );
});

/** The channel's clips (their games) and the clips its cut jobs are for. */
async function clipsAndJobs() {
  const clips = await database.db
    .selectFrom('clips')
    .select(['id', 'event_id', 'status'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  const { rows } = await sql<{ clip_id: number }>`select (data->>'clipId')::int as clip_id
    from ${sql.table(`${BOSS_SCHEMA}.job`)}
    where name = ${CLIP_QUEUES.cut} and (data->>'channelId')::int = ${channelId}
    order by 1`.execute(database.db);
  return { clips, jobFor: rows.map((r) => r.clip_id) };
}

/** Sessions of this database waiting for an advisory lock. */
async function advisoryLockWaits(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
    where locktype = 'advisory' and not granted
      and database = (select oid from pg_database where datname = current_database())`.execute(
    database.db,
  );
  return rows[0]?.n ?? 0;
}

const run = (queue: Parameters<typeof queueDemoClips>[1]['queue']) =>
  queueDemoClips(database.db, { channelId, now: new Date(), gameSeconds: 30, queue });

describe('demo clips and their cut jobs', () => {
  it.each(['before', 'after'] as const)(
    'a worker killed %s a clip’s job is written, before the commit, leaves neither the clip nor its job',
    async (when) => {
      const real = createClipJobQueue();
      const dying = {
        async enqueue(...args: Parameters<typeof real.enqueue>) {
          if (when === 'after') await real.enqueue(...args);
          throw new Error('worker killed');
        },
      };
      await expect(run(dying)).rejects.toThrow('worker killed');
      expect(await clipsAndJobs()).toEqual({ clips: [], jobFor: [] });

      // The next attempt (the job's retry) clips the games as if nothing had happened.
      expect(await run(real)).toEqual({ queued: 2, complete: false });
      const after = await clipsAndJobs();
      expect(after.clips.map((c) => c.event_id).sort()).toEqual([...games].sort());
      expect(after.clips.every((c) => c.status === 'processing')).toBe(true);
      expect(after.jobFor).toEqual(after.clips.map((c) => c.id));
    },
  );

  // PGlite is one connection of one process: runs there take turns.
  it.skipIf(!onServer)(
    'a run beside a slow one (its job handed out again) clips no game a second time',
    async () => {
      const real = createClipJobQueue();
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The first run stalls after its first clip is queued, before its transaction commits.
      const first = run({
        async enqueue(...args: Parameters<typeof real.enqueue>) {
          await real.enqueue(...args);
          entered();
          await gate;
        },
      });
      await inside;
      let secondQueued = false;
      const second = run({
        async enqueue(...args: Parameters<typeof real.enqueue>) {
          secondQueued = true;
          await real.enqueue(...args);
        },
      });
      // The second run either clips the same games (what doubled them) or waits for the first.
      const blocked = await until(
        async () => secondQueued || (await advisoryLockWaits()) > 0,
        Boolean,
        10_000,
      );
      release();
      expect(blocked).toBe(true);
      const results = await Promise.all([first, second]);
      expect(results.map((r) => r.queued)).toEqual([2, 0]);
      const { clips, jobFor } = await clipsAndJobs();
      expect(clips.map((c) => c.event_id).sort()).toEqual([...games].sort());
      expect(jobFor).toEqual(clips.map((c) => c.id));
      // Every game has its clip: a later attempt finds nothing more to do.
      expect(await run(real)).toEqual({ queued: 0, complete: false });
      expect((await clipsAndJobs()).jobFor).toEqual(jobFor);
    },
  );
});
