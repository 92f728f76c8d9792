import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminReel,
  AdminReelList,
  AuditEntry,
  ReelSettings,
  VodMediaItemsPage,
} from '@rudy/contracts';
import { createLocalStorage, parseMediaPlaylist } from '@rudy/media';
import type PgBoss from 'pg-boss';
import { createBoss } from '../../jobs/boss.js';
import { sendOnce } from '../../jobs/send-once.js';
import { attachVod, findEvent, makeCrowdVod } from '../../test/media-fixtures.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';
import { createTestApp, OTHER_CHANNEL_KEY, type TestContext } from '../../test/test-app.js';
import { adminUser } from '../../test/test-users.js';
import { expectAdminOnly, otherChannelAdmin, type Admin } from '../../test/admin-test-kit.js';
import { until } from '../../test/until.js';
import { QUEUE_OPTIONS, QUEUES } from '../media/media-queues.js';
import { detectMoments } from './detect-moments.js';
import { makeHighlightsReel, type HighlightsReelJob } from './highlights-reel.js';

/*
 * Highlights reels end to end (issue 35): a replay with three planted roars gets its moments
 * detected, then the pg-boss reel job cuts them into one library video, once per game whatever
 * the deliveries; the channel's setting makes later reels wait for the console's Approve or
 * Discard, audited, and other channels' admins get 404.
 */

const ROARS = [
  { atSeconds: 9, seconds: 3, gainDb: 16 },
  { atSeconds: 24, seconds: 2.5, gainDb: 18 },
  { atSeconds: 38, seconds: 3, gainDb: 16 },
];

let t: TestContext;
let admin: Admin;
let boss: PgBoss;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };
let games: number[];
let runs = 0;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-reels-'));
  fixture = await makeCrowdVod({ seconds: 46, roars: ROARS, seed: 11 });
  // The library's listings are cached for seconds in production; here each call reads afresh.
  t = await createTestApp({
    MEDIA_DIR: mediaDir,
    DEMO_MEDIA_CHANNELS: '',
    CATALOGUE_CACHE_MS: '0',
  });
  admin = await adminUser(t);
  games = [
    await findEvent(t, { access: 'free', when: 'past' }),
    await findEvent(t, { access: 'register', when: 'past' }),
    await findEvent(t, { access: 'paid', when: 'past' }),
  ];
  const storage = createLocalStorage(mediaDir);
  for (const game of games) {
    await attachVod(t, mediaDir, fixture, t.demoChannelId, game);
    await detectMoments(
      { db: t.database.db, storage },
      { channelId: t.demoChannelId, eventId: game },
    );
  }

  boss = createBoss(t.database, undefined, ignoreQueueErrors);
  await boss.start();
  await boss.createQueue(QUEUES.highlightsReel, {
    name: QUEUES.highlightsReel,
    ...QUEUE_OPTIONS[QUEUES.highlightsReel],
  });
  await boss.work<HighlightsReelJob>(
    QUEUES.highlightsReel,
    { pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) {
        await makeHighlightsReel({ db: t.database.db, storage }, job.data);
        runs += 1;
      }
    },
  );
}, 180_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

/** Queues the game's reel as the worker does after detection, and waits for the job's run. */
async function runReel(game: number, again = false) {
  const before = runs;
  const job = { channelId: t.demoChannelId, eventId: game };
  // Again: a second job beside the first one's key (as a re-detected replay would queue).
  if (again) await boss.send(QUEUES.highlightsReel, job);
  else
    await sendOnce(t.database.db, boss, QUEUES.highlightsReel, job, {
      singletonKey: `reel-${game}`,
    });
  await until(
    () => runs,
    (n) => n > before,
    60_000,
  );
  return reelRow(game);
}
const reelRow = (game: number) =>
  t.database.db
    .selectFrom('moment_reels')
    .selectAll()
    .where('event_id', '=', game)
    .executeTakeFirstOrThrow();

const reelItems = (game: number) =>
  t.database.db
    .selectFrom('vod_media_items')
    .select(['id', 'status', 'storage_key', 'duration_seconds'])
    .where('channel_id', '=', t.demoChannelId)
    .where(sql<boolean>`meta->>'reel_event_id' = ${String(game)}`)
    .execute();

async function highlightsRail() {
  const res = await t.get('/api/vod-media-rails', { api_key: await t.apiKey() });
  expect(res.statusCode, res.body).toBe(200);
  const rails = res.json<{ title: string; vod_media_items: { id: number }[] }[]>();
  return rails.find((r) => r.title === 'Highlights')?.vod_media_items.map((i) => i.id) ?? [];
}

/** The viewers' Highlights listing (the home page's rail): the ids it lists for the key. */
async function highlightsListing(apiKey?: string) {
  const res = await t.get('/api/vod-media-items', {
    api_key: apiKey ?? (await t.apiKey()),
    highlights: '1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VodMediaItemsPage>().data.map((i) => i.id);
}

const adminCall = (method: 'POST' | 'PATCH' | 'GET', url: string, key: string, body?: object) =>
  t.inject({ method, url, headers: { 'x-api-key': key }, ...(body ? { payload: body } : {}) });

describe('highlights reels', () => {
  it('cuts the top moments into one library video, once, listed in the Highlights rail', async () => {
    const [game] = games as [number];
    const reel = await runReel(game);
    expect(reel).toMatchObject({ status: 'published', moments: 3 });
    // A second job and a repeated delivery find the reel made: still one video.
    await runReel(game, true);
    await makeHighlightsReel(
      { db: t.database.db, storage: createLocalStorage(mediaDir) },
      { channelId: t.demoChannelId, eventId: game },
    );
    const items = await reelItems(game);
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({ id: reel.vod_item_id, status: 'ready' });
    // Three pieces of 10 s (6 s before each roar, 4 s after), within a keyframe's play.
    expect(Number(item.duration_seconds)).toBeGreaterThan(27);
    expect(Number(item.duration_seconds)).toBeLessThan(33);
    const master = fs.readFileSync(path.join(mediaDir, item.storage_key!), 'utf8');
    // The replay's best rendition, as its own master lists it first.
    const replay = fs.readFileSync(path.join(fixture.dir, 'vod/master.m3u8'), 'utf8');
    expect(master).toContain(replay.split('\n').find((l) => l.startsWith('#EXT-X-STREAM-INF')));
    const index = path.join(path.dirname(path.join(mediaDir, item.storage_key!)), 'v0/index.m3u8');
    const playlist = parseMediaPlaylist(fs.readFileSync(index, 'utf8'));
    expect(playlist.endList).toBe(true);
    expect(playlist.segments.filter((s) => s.discontinuity).length).toBeGreaterThanOrEqual(2);
    for (const s of playlist.segments) {
      expect(fs.existsSync(path.join(path.dirname(index), s.uri)), s.uri).toBe(true);
    }
    expect(await highlightsRail()).toContain(item.id);
    // The viewers' Highlights listing has it, and only reels: another published video is not one.
    const other = await t.database.db
      .selectFrom('vod_media_items')
      .select('id')
      .where('channel_id', '=', t.demoChannelId)
      .where('id', '!=', item.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('vod_media_items')
      .set({ status: 'ready' })
      .where('id', '=', other.id)
      .execute();
    const library = await t.get('/api/vod-media-items', { api_key: await t.apiKey() });
    expect(library.json<VodMediaItemsPage>().data.map((i) => i.id)).toEqual(
      expect.arrayContaining([item.id, other.id]),
    );
    expect(await highlightsListing()).toEqual([item.id]);
    const off = await t.get('/api/vod-media-items', { api_key: await t.apiKey(), highlights: '0' });
    expect(off.json<VodMediaItemsPage>().meta.total).toBe(
      library.json<VodMediaItemsPage>().meta.total,
    );
    // Another channel's key never sees this channel's reels.
    expect(await highlightsListing(await t.apiKey(OTHER_CHANNEL_KEY))).toEqual([]);
  }, 120_000);

  it('waits for approval when the channel asks, and Approve or Discard decide, audited', async () => {
    const [, approved, discarded] = games as [number, number, number];
    const set = await adminCall('PATCH', '/api/admin/reel-settings', admin.apiKey, {
      reels_need_approval: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ReelSettings>()).toEqual({ reels_need_approval: true });

    for (const game of [approved, discarded]) {
      expect(await runReel(game)).toMatchObject({ status: 'pending' });
    }
    const pending = await adminCall('GET', '/api/admin/reels', admin.apiKey);
    expect(
      pending
        .json<AdminReelList>()
        .reels.map((r) => r.event_id)
        .sort(),
    ).toEqual([approved, discarded].sort());
    const waiting = (await reelItems(approved))[0]!;
    expect(waiting.status).toBe('processing');
    expect(await highlightsRail()).not.toContain(waiting.id);
    // The reel's row decides, not its video's: even a video made ready by hand is no highlight
    // while its reel waits.
    await t.database.db
      .updateTable('vod_media_items')
      .set({ status: 'ready' })
      .where('id', '=', waiting.id)
      .execute();
    expect(await highlightsListing()).not.toContain(waiting.id);

    const yes = await adminCall('POST', `/api/admin/games/${approved}/reel/approve`, admin.apiKey);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<AdminReel>()).toMatchObject({ status: 'published', vod_item_id: waiting.id });
    // A double click: the same reel, no second audit row.
    const again = await adminCall(
      'POST',
      `/api/admin/games/${approved}/reel/approve`,
      admin.apiKey,
    );
    expect(again.json<AdminReel>().status).toBe('published');
    expect(await highlightsRail()).toContain(waiting.id);
    expect(await highlightsListing()).toContain(waiting.id);

    const gone = (await reelItems(discarded))[0]!;
    const no = await adminCall('POST', `/api/admin/games/${discarded}/reel/discard`, admin.apiKey);
    expect(no.json<AdminReel>()).toMatchObject({ status: 'discarded', vod_item_id: null });
    expect(await reelItems(discarded)).toEqual([]);
    expect(await highlightsListing()).not.toContain(gone.id);
    expect(fs.existsSync(path.join(mediaDir, `c${t.demoChannelId}/vod-media/${gone.id}`))).toBe(
      false,
    );
    // Decided already the other way: a conflict, never a second video.
    const late = await adminCall(
      'POST',
      `/api/admin/games/${discarded}/reel/approve`,
      admin.apiKey,
    );
    expect(late.statusCode).toBe(409);
    expect(
      (await adminCall('GET', '/api/admin/reels', admin.apiKey)).json<AdminReelList>(),
    ).toEqual({ reels: [] });

    const audit = await t.get('/api/admin/audit', {
      api_key: admin.apiKey,
      entity: 'highlights_reel',
    });
    const entries = audit.json<{ data: AuditEntry[] }>().data;
    expect(entries).toHaveLength(3);
  }, 120_000);

  it('refuses other channels, viewers and bad input', async () => {
    const [, approved] = games as [number, number];
    await expectAdminOnly(t, [
      (key) => t.get('/api/admin/reels', { api_key: key }),
      (key) => adminCall('PATCH', '/api/admin/reel-settings', key, { reels_need_approval: false }),
    ]);
    const other = await otherChannelAdmin(t);
    for (const decision of ['approve', 'discard']) {
      const res = await adminCall(
        'POST',
        `/api/admin/games/${approved}/reel/${decision}`,
        other.apiKey,
      );
      expect(res.statusCode).toBe(404);
    }
    const theirs = await adminCall('GET', '/api/admin/reels', other.apiKey);
    expect(theirs.json<AdminReelList>()).toEqual({ reels: [] });
    const bad = await adminCall('PATCH', '/api/admin/reel-settings', admin.apiKey, {
      reels_need_approval: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    const word = await adminCall('POST', `/api/admin/games/${approved}/reel/maybe`, admin.apiKey);
    expect(word.statusCode).toBe(400);
  });
});
