import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { MEDIA_KIND } from '@rudy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOSS_SCHEMA, createBoss } from '../../jobs/boss.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { until } from '../../test/until.js';
import { killGroup, startWorkerProcess } from '../../test/worker-process.js';
import { eventPrefix } from '../media/media-paths.js';
import { QUEUES } from '../media/media-queues.js';
import { queueMomentDetection } from './detect-moments.js';

/*
 * Issue 28, "every media job finishes exactly once per request", for the key-moments detector
 * (issue 35). The chaos run saw each game's detection completed 2 or 3 times: every worker start
 * sweeps the replays the detector has not run on, and a detection recorded its replay's version
 * with a Date's milliseconds, older than the row's microseconds, so each restart queued every
 * replay again; and a second "replay ready" for a replay already detected queued a second job.
 * Real worker processes on PostgreSQL: the start-up sweep is the worker's own.
 */

const onServer = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
let channelId: number;
let eventId: number;
let dataDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-detect-once-'));
  const game = await database.db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('event_utc_ts', '<', sql<Date>`now() - interval '1 day'`)
    .orderBy('id')
    .executeTakeFirst();
  if (!game) throw new Error('the demo channel has no past game');
  eventId = game.id;
  // A ready replay without audio: its detection reads no file and finds nothing, its reel is
  // empty; what is counted is the jobs. Microseconds in its version, as now() writes them.
  await database.db
    .insertInto('event_media')
    .values({
      channel_id: channelId,
      event_id: eventId,
      kind: MEDIA_KIND.vod,
      storage_key: `${eventPrefix(channelId, eventId)}/vod/master.m3u8`,
      status: 'ready',
      meta: JSON.stringify({ has_audio: false, duration_seconds: 60 }),
      updated_at: sql<Date>`'2026-01-01 10:00:00.123456+00'::timestamptz`,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  for (const w of workers) killGroup(w);
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess(
    {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      DEMO_MEDIA_CHANNELS: '',
      COMMERCE_JOB_INTERVAL_MS: '0',
    },
    { detached: true },
  );
  workers.push(child);
  return child;
}

/** The jobs of a queue for this game's key: how many, and how many completed. */
async function jobsOf(queue: string, key: string) {
  const { rows } = await sql<{ state: string }>`select state from ${sql.table(`${BOSS_SCHEMA}.job`)}
    where name = ${queue} and singleton_key = ${key}`.execute(database.db);
  return { rows: rows.length, completed: rows.filter((r) => r.state === 'completed').length };
}
const detections = () => jobsOf(QUEUES.detectMoments, `moments-${eventId}`);
const reels = () => jobsOf(QUEUES.highlightsReel, `reel-${eventId}`);

describe.skipIf(!onServer)('moment detection, once per replay', () => {
  it('a restarted worker and a second "replay ready" queue no second detection or reel', async () => {
    const first = await startWorker();
    // Its start-up sweep found the replay: one detection, then the game's (empty) reel.
    expect(await until(detections, (j) => j.completed === 1, 60_000)).toEqual({
      rows: 1,
      completed: 1,
    });
    expect(await until(reels, (j) => j.completed === 1, 60_000)).toEqual({
      rows: 1,
      completed: 1,
    });
    const recorded = await database.db
      .selectFrom('moment_detections')
      .select(sql<string>`video_updated_at::text`.as('version'))
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(recorded.version).toMatch(/10:00:00\.123456/);

    // kill -9 and a new start: its sweep has run once it says it runs.
    killGroup(first);
    await startWorker();
    expect(await detections()).toEqual({ rows: 1, completed: 1 });

    // The replay announced ready again (a retried packaging job, a recording and its stills).
    const boss = createBoss(database, database.url, ignoreQueueErrors);
    await boss.start();
    try {
      expect(await queueMomentDetection(database.db, boss, { channelId, eventId })).toBeNull();
      expect(await detections()).toEqual({ rows: 1, completed: 1 });

      // A new version of the replay (an operator's upload replaced it) is a new request: detected
      // once more, and its reel, made already, is not made again.
      await database.db
        .updateTable('event_media')
        .set({ updated_at: sql<Date>`now()` })
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.vod)
        .execute();
      expect(await queueMomentDetection(database.db, boss, { channelId, eventId })).not.toBeNull();
      expect(await queueMomentDetection(database.db, boss, { channelId, eventId })).not.toBeNull();
      expect(await until(detections, (j) => j.completed === 2, 60_000)).toEqual({
        rows: 2,
        completed: 2,
      });
      expect(await queueMomentDetection(database.db, boss, { channelId, eventId })).toBeNull();
      expect(await reels()).toEqual({ rows: 1, completed: 1 });
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 180_000);
});
