import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage } from '@rudy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { seedDemoLibrary } from '../../db/seed/demo-library.js';
import { BOSS_SCHEMA, createBoss } from '../../jobs/boss.js';
import { createQueues } from '../../jobs/create-queues.js';
import { createJobRunner } from '../../jobs/job-runner.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { CLIP_QUEUE_OPTIONS } from '../clips/clips.jobs.js';
import {
  QUEUE_OPTIONS as MEDIA_QUEUE_OPTIONS,
  QUEUES as MEDIA_QUEUES,
} from '../media/media-queues.js';
import { DEMO_CLIPS_ATTEMPTS, registerVodJobs, VOD_QUEUE_OPTIONS, VOD_QUEUES } from './vod.jobs.js';

/*
 * The demo channel's own clips wait for its games' recordings, which the demo-game jobs render
 * (issue 28: on a busy machine a fresh start took 26 minutes). The clips' job looked again every
 * 20 s for 45 looks and then gave up for good: the chaos run's "demo clips chain stops after 45
 * attempts" while replays were still being rendered, and the clips then waited for the next
 * worker start. It now looks again while a demo game of the channel is still queued or rendering,
 * and stops once none is and its looks are spent.
 */

const silentLog = { info: () => undefined, error: () => undefined };

let database: TestDatabase;
let boss: PgBoss;
let channelId = 0;
let gameId = 0;
let root: string;
let vod: Awaited<ReturnType<typeof registerVodJobs>> | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-demo-clips-wait-'));
  // The library is made already: only the clips' job runs here.
  await seedDemoLibrary(database.db, channelId, new Date());
  await database.db
    .updateTable('vod_media_items')
    .set({ status: 'ready' })
    .where(sql<boolean>`meta ? 'demo'`)
    .execute();
  boss = createBoss(database, database.url, ignoreQueueErrors);
  await boss.start();
  await createQueues(
    boss,
    { ...MEDIA_QUEUE_OPTIONS, ...CLIP_QUEUE_OPTIONS, ...VOD_QUEUE_OPTIONS },
    silentLog,
  );
  const game = await database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where(sql<boolean>`event_utc_ts + make_interval(mins => duration_minutes) <= now()`)
    .orderBy('event_utc_ts', 'desc')
    .executeTakeFirstOrThrow();
  gameId = game.id;
}, 60_000);

afterAll(async () => {
  await vod?.stopJobs(10_000);
  await boss?.stop({ graceful: false, wait: true });
  await database?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The clips' jobs: each one's look (attempt) and state. */
async function looks() {
  const { rows } = await sql<{ attempt: number; state: string }>`select
      (data->>'attempt')::int as attempt, state
    from ${sql.table(`${BOSS_SCHEMA}.job`)} where name = ${VOD_QUEUES.demoClips}
    order by 1`.execute(database.db);
  return rows;
}
const open = (rows: { state: string }[]) =>
  rows.filter((r) => !['completed', 'failed', 'cancelled'].includes(r.state));
/** Time passes for the queued look: it is due now instead of in 20 s. */
const dueNow = () =>
  sql`update ${sql.table(`${BOSS_SCHEMA}.job`)} set start_after = now()
    where name = ${VOD_QUEUES.demoClips} and state = 'created'`.execute(database.db);

describe('the demo clips, waiting for the games’ recordings', () => {
  it('keeps looking past its last look while a demo game is still being rendered, then stops', async () => {
    // The game's render is queued (no worker of this test renders it: a busy machine's queue).
    const render = await boss.send(
      MEDIA_QUEUES.demoGame,
      { channelId, eventId: gameId },
      { singletonKey: `demo-${gameId}` },
    );
    expect(render).toBeTruthy();
    // The clips' job at its last look, as 15 minutes of looks leave it.
    await boss.send(
      VOD_QUEUES.demoClips,
      { channelIds: [channelId], attempt: DEMO_CLIPS_ATTEMPTS },
      { singletonKey: 'demo-clips' },
    );
    vod = await registerVodJobs(boss, {
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
      db: database.db,
      storage: createLocalStorage(path.join(root, 'media')),
      runner: createJobRunner(silentLog),
      now: () => new Date(),
    });

    // That look finds no recording: it looks again, since the game is still on its way.
    const after = await until(
      looks,
      (rows) => rows.some((r) => r.state === 'completed') && open(rows).length === 1,
      30_000,
    );
    expect(after.map((r) => r.attempt)).toEqual([DEMO_CLIPS_ATTEMPTS, DEMO_CLIPS_ATTEMPTS + 1]);

    // The render finishes (its recording is the game's VOD): the next look clips it.
    await database.db
      .insertInto('event_media')
      .values({
        channel_id: channelId,
        event_id: gameId,
        kind: MEDIA_KIND.vod,
        storage_key: `c${channelId}/e${gameId}/vod/master.m3u8`,
        status: 'ready',
        started_at: new Date(),
        meta: JSON.stringify({ duration_seconds: 30 }),
      })
      .execute();
    await boss.deleteJob(MEDIA_QUEUES.demoGame, render ?? '');
    await dueNow();
    const clips = () =>
      database.db
        .selectFrom('clips')
        .select('event_id')
        .where('channel_id', '=', channelId)
        .execute();
    expect(await until(clips, (c) => c.length === 1, 30_000)).toEqual([{ event_id: gameId }]);

    // Nothing more on its way and its looks spent: the job stops looking.
    const last = await until(looks, (rows) => open(rows).length === 0 && rows.length === 2, 30_000);
    expect(open(last)).toEqual([]);
    expect(last).toHaveLength(2);
  }, 120_000);
});
