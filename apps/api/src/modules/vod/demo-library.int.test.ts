import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VodMediaItemDetail, VodMediaItemsPage } from '@rudy/contracts';
import { createLocalStorage, parseMasterPlaylist, probe } from '@rudy/media';
import { seedDemoLibrary } from '../../db/seed/demo-library.js';
import { attachVod, findEvent, makeTinyVod } from '../../test/media-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queueDemoClips } from '../clips/demo-clips.js';
import { demoGoals } from '../media/demo-picture.js';
import { makeDemoLibrary } from './demo-library.js';
import { createVodJobsRepository } from './vod-jobs.repository.js';

/*
 * The demo library as the worker makes it: recipes rendered by ffmpeg and packaged through the
 * media pipeline into published items; and the channel's own clips of its latest games.
 */

let t: TestContext;
let mediaDir: string;
const silent = { error: () => undefined };

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-demo-library-'));
  t = await createTestApp({ MEDIA_DIR: mediaDir, CATALOGUE_CACHE_MS: '0' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo library', () => {
  it('is seeded once per channel', async () => {
    expect(await seedDemoLibrary(t.database.db, t.demoChannelId, new Date())).toBe(false);
  });

  it('renders a game and a studio recipe and publishes them with their stills', async () => {
    const repo = createVodJobsRepository(t.database.db);
    const pending = await repo.pendingDemoItems([t.demoChannelId]);
    expect(pending).toHaveLength(9);
    const game = pending.find((p) => (p.meta.demo as { kind: string }).kind === 'game');
    const studio = pending.find((p) => (p.meta.demo as { kind: string }).kind === 'studio');
    if (!game || !studio) throw new Error('the demo has both kinds of recipe');
    // Two seconds each keeps the test quick; the recipe's length is all that differs.
    for (const item of [game, studio]) {
      await t.database.db
        .updateTable('vod_media_items')
        // Free to watch here: the stream is what this test plays.
        .set({ meta: sql`jsonb_set(meta, '{demo,seconds}', '2')`, requires_access: false })
        .where('id', '=', item.id)
        .execute();
    }
    const storage = createLocalStorage(mediaDir);
    const items = (await repo.pendingDemoItems([t.demoChannelId])).filter(
      (p) => p.id === game.id || p.id === studio.id,
    );
    expect(await makeDemoLibrary({ repo, storage, log: silent }, items)).toBe(2);
    expect(await repo.pendingDemoItems([t.demoChannelId])).toHaveLength(7);

    const key = await t.apiKey();
    const page = await t.get('/api/vod-media-items', { api_key: key });
    const listed = page.json<VodMediaItemsPage>().data;
    expect(listed.map((i) => i.id).sort()).toEqual([game.id, studio.id].sort());
    for (const item of listed) {
      expect(item.duration_seconds).toBeCloseTo(2, 0);
      expect(item.assets.map((a) => a.type)).toEqual(['image', 'preview', 'preview_alt']);
      const detail = (
        await t.get(`/api/vod-media-items/${item.id}`, { api_key: key })
      ).json<VodMediaItemDetail>();
      const master = await t.get(detail.stream?.url ?? '');
      expect(master.statusCode).toBe(200);
      // 640×360 fits the ladder's 360p rung, which copies the source: one encode per video.
      const variants = parseMasterPlaylist(master.body);
      expect(variants.map((v) => v.resolution?.height)).toEqual([360]);
      const poster = await probe(
        path.join(mediaDir, `c${t.demoChannelId}/vod-media/${item.id}/assets/poster.jpg`),
      );
      expect(poster.video?.width).toBe(640);
    }
  });

  it('marks an item whose recipe cannot be read as failed and goes on', async () => {
    const repo = createVodJobsRepository(t.database.db);
    const [item] = await repo.pendingDemoItems([t.demoChannelId]);
    if (!item) throw new Error('pending items remain');
    const made = await makeDemoLibrary(
      { repo, storage: createLocalStorage(mediaDir), log: silent },
      [{ ...item, meta: { demo: { kind: 'unknown' } } }],
    );
    expect(made).toBe(0);
    const row = await t.database.db
      .selectFrom('vod_media_items')
      .select('status')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('error');
  });
});

describe('demo clips', () => {
  it('clips the first goal of the latest games that have a recording, once', async () => {
    const fixture = await makeTinyVod(8);
    try {
      const gameId = await findEvent(t, { access: 'free', when: 'past' });
      const sent: { channelId: number; clipId: number }[] = [];
      const run = () =>
        queueDemoClips(t.database.db, {
          channelId: t.demoChannelId,
          now: new Date(),
          gameSeconds: 8,
          // The jobs themselves: demo-clips.int.test.ts.
          queue: { enqueue: (_trx, clip) => Promise.resolve(void sent.push(clip)) },
        });
      // No game has its recording yet: nothing to clip, ask again later.
      expect(await run()).toEqual({ queued: 0, complete: false });

      await attachVod(t, mediaDir, fixture, t.demoChannelId, gameId);
      expect(await run()).toEqual({ queued: 1, complete: false });
      expect(await run()).toEqual({ queued: 0, complete: false });
      const clip = await t.database.db
        .selectFrom('clips')
        .selectAll()
        .where('id', '=', sent[0]?.clipId ?? 0)
        .executeTakeFirstOrThrow();
      const firstGoal = Math.min(
        ...demoGoals(gameId, 8)
          .map((g) => g.atSeconds)
          .filter((s) => s + 1 < fixture.durationSeconds),
      );
      expect(clip).toMatchObject({
        user_id: null,
        event_id: gameId,
        status: 'processing',
        tags: ['Goal'],
        source_key: `c${t.demoChannelId}/e${gameId}/vod/v0/index.m3u8`,
      });
      expect(Number(clip.start_time)).toBe(Math.max(0, firstGoal - 3));
      expect(Number(clip.duration)).toBeLessThanOrEqual(6);
    } finally {
      fs.rmSync(fixture.dir, { recursive: true, force: true });
    }
  });
});
