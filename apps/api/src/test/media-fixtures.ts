import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import {
  makeStills,
  packageVod,
  renderCrowdClip,
  renderSyntheticGame,
  type Rendition,
} from '@rudy/media';
import { eventPrefix } from '../modules/media/media-paths.js';
import type { TestContext } from './test-app.js';

/** What the fixtures need of a test app (the benchmarks give the same from their own server). */
export type Fixture = Pick<TestContext, 'database' | 'demoChannelId'>;

/** Two small renditions: what the fixtures package, for tests that package or cut their own. */
export const TINY_LADDER: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 250, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 100, audioKbps: 64 },
];

/**
 * A real VOD (two renditions, poster, thumbnails, previews; 2 s unless asked, 2 s segments) made
 * once per test file with ffmpeg, then copied under any event's prefix: the API tests serve, remux
 * and cut real media.
 */
export async function makeTinyVod(seconds = 2): Promise<{ dir: string; durationSeconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-fixture-'));
  const source = path.join(dir, 'source.mp4');
  await renderSyntheticGame({
    output: source,
    durationSeconds: seconds,
    videoKbps: 250,
    picture: {
      width: 320,
      height: 180,
      fps: 25,
      home: { code: 'HOM', color: '#1d4f91' },
      away: { code: 'AWY', color: '#c8102e' },
      goals: [],
      clockOffsetSeconds: 0,
    },
  });
  const pkg = await packageVod({
    input: source,
    outputDir: path.join(dir, 'vod'),
    ladder: TINY_LADDER,
    segmentSeconds: 2,
    keyframeSeconds: 1,
    sourceHasFixedGop: true,
  });
  await makeStills({
    input: path.join(dir, 'vod/v0/index.m3u8'),
    smallInput: path.join(dir, 'vod/v1/index.m3u8'),
    smallInputKeyframesFrequent: true,
    outputDir: path.join(dir, 'assets'),
    durationSeconds: pkg.durationSeconds,
  });
  fs.rmSync(source);
  return { dir, durationSeconds: pkg.durationSeconds };
}

/** The small ladder of the moment detector's tests: its audio is what they measure. */
const CROWD_LADDER: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 150, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 80, audioKbps: 64 },
];

/**
 * A VOD of a crowd with planted roars (4 s segments, no stills: an empty assets folder) for the
 * moment detector's tests, in a folder of its own (`dir`, the caller removes it).
 */
export async function makeCrowdVod(clip: {
  seconds: number;
  roars: { atSeconds: number; seconds: number; gainDb: number }[];
  seed: number;
}): Promise<{ dir: string; durationSeconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-crowd-fixture-'));
  const source = path.join(dir, 'source.mp4');
  await renderCrowdClip({
    output: source,
    durationSeconds: clip.seconds,
    bursts: clip.roars,
    seed: clip.seed,
    video: { width: 160, height: 90, fps: 5 },
  });
  const pkg = await packageVod({
    input: source,
    outputDir: path.join(dir, 'vod'),
    ladder: CROWD_LADDER,
    segmentSeconds: 4,
    keyframeSeconds: 2,
    sourceHasFixedGop: true,
  });
  fs.mkdirSync(path.join(dir, 'assets'));
  return { dir, durationSeconds: pkg.durationSeconds };
}

/** Copies the fixture under the event's prefix in mediaDir and records its media rows as ready. */
export async function attachVod(
  t: Fixture,
  mediaDir: string,
  fixture: { dir: string; durationSeconds: number },
  channelId: number,
  eventId: number,
  opts: { folder?: 'vod' | 'live'; kind?: number; status?: 'ready' | 'live' | 'ended' } = {},
): Promise<void> {
  const prefix = eventPrefix(channelId, eventId);
  const folder = opts.folder ?? 'vod';
  fs.cpSync(path.join(fixture.dir, 'vod'), path.join(mediaDir, prefix, folder), {
    recursive: true,
  });
  fs.cpSync(path.join(fixture.dir, 'assets'), path.join(mediaDir, prefix, 'assets'), {
    recursive: true,
  });
  const row = (kind: number, key: string, meta: Record<string, unknown> = {}) => ({
    channel_id: channelId,
    event_id: eventId,
    kind,
    storage_key: `${prefix}/${key}`,
    status: kind === (opts.kind ?? MEDIA_KIND.vod) ? (opts.status ?? 'ready') : ('ready' as const),
    started_at: new Date(),
    meta: JSON.stringify(meta),
  });
  await t.database.db
    .insertInto('event_media')
    .values([
      row(opts.kind ?? MEDIA_KIND.vod, `${folder}/master.m3u8`, {
        duration_seconds: fixture.durationSeconds,
      }),
      row(MEDIA_KIND.image, 'assets/poster.jpg'),
      row(MEDIA_KIND.thumbnails, 'assets/thumbs.vtt'),
      row(MEDIA_KIND.preview, 'assets/preview.mp4'),
      row(MEDIA_KIND.preview_alt, 'assets/preview-alt.mp4'),
    ])
    .execute();
}

/** Gives a user an active, paid order of a package granting these accesses (and feature counts). */
export async function grantAccess(
  t: Fixture,
  userId: number,
  accesses: string[],
  featureCounts: Record<string, number> = {},
  channelId = t.demoChannelId,
): Promise<void> {
  const pkg = await t.database.db
    .insertInto('packages')
    .values({
      channel_id: channelId,
      name: JSON.stringify({ en: 'Test pass' }),
      base_price_cents: 100,
      currency: 'CAD',
      accesses,
      feature_counts: JSON.stringify(featureCounts),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await buyPackage(t, userId, pkg.id, channelId);
}

/** A paid, active order of an existing package (e.g. an event's single-game package). */
export async function buyPackage(
  t: Fixture,
  userId: number,
  packageId: number,
  channelId = t.demoChannelId,
): Promise<void> {
  const db = t.database.db;
  const pkg = { id: packageId };
  const order = await db
    .insertInto('orders')
    .values({
      channel_id: channelId,
      user_id: userId,
      type: 'package',
      product_id: pkg.id,
      status: 'paid',
      activity_status: 'active',
      amount_cents: 100,
      currency: 'CAD',
      provider: 'test',
      idempotency_key: `test-${userId}-${pkg.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values({
      channel_id: channelId,
      order_id: order.id,
      item_type: 'package',
      product_type: 'package',
      product_id: pkg.id,
      amount_cents: 100,
    })
    .execute();
}

/** Seeded events of a channel by access type and place in time. */
export async function findEvent(
  t: Fixture,
  opts: {
    access: 'free' | 'register' | 'paid' | 'ppv';
    when: 'past' | 'live' | 'future';
    channelId?: number;
  },
): Promise<number> {
  const channelId = opts.channelId ?? t.demoChannelId;
  const now = new Date();
  const rows = await t.database.db
    .selectFrom('events')
    .select(['id', 'event_utc_ts', 'duration_minutes'])
    .where('channel_id', '=', channelId)
    .where('access_type', '=', opts.access)
    .orderBy('event_utc_ts', 'desc')
    .execute();
  const found = rows.find((r) => {
    const start = new Date(r.event_utc_ts).getTime();
    const end = start + r.duration_minutes * 60_000;
    if (opts.when === 'past') return end < now.getTime();
    if (opts.when === 'live') return start <= now.getTime() && now.getTime() < end;
    return start > now.getTime();
  });
  if (!found) throw new Error(`no ${opts.when} ${opts.access} event in channel ${channelId}`);
  return found.id;
}
