import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND, type Playback } from '@rudy/contracts';
import {
  attachVod,
  buyPackage,
  findEvent,
  grantAccess,
  makeTinyVod,
} from '../../test/media-fixtures.js';
import { queryCounter } from '../../test/query-counter.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { signedInUser } from '../../test/test-users.js';

/* GET /api/events/{id}/playback: who may watch what, geo-blocking, live and VOD streams. */

const BLOCKED_IP = '203.0.113.9';
let t: TestContext;
let mediaDir: string;
let fixture: { dir: string; durationSeconds: number };

const queries = queryCounter();
const countryLookup = (ip: string) => (ip === BLOCKED_IP ? 'FR' : 'CA');

async function playback(id: number, apiKey: string, ip?: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/events/${id}/playback`,
    query: { api_key: apiKey },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  return res.json<Playback>();
}

/** The game's media cookie the last playback answer set (as a browser keeps it). */
let cookie = '';
/** A GET of a game's media, with that cookie. */
const media = (url: string) => t.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-playback-'));
  fixture = await makeTinyVod();
  t = await createTestApp(
    { MEDIA_DIR: mediaDir, TRUST_PROXY: 'true' },
    { countryLookup, withDb: queries.attach },
  );
}, 120_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(fixture.dir, { recursive: true, force: true });
});

describe('access types', () => {
  it('free: anyone gets the VOD stream, poster, thumbnails and previews', async () => {
    const id = await findEvent(t, { access: 'free', when: 'past' });
    await attachVod(t, mediaDir, fixture, t.demoChannelId, id);
    const p = await playback(id, await t.apiKey());
    expect(p).toMatchObject({ access: 'granted', event_type: 'finished', stream_state: 'ready' });
    expect(p.stream).toMatchObject({ kind: 'vod', format: 'hls', is_external: false });
    expect(p.stream?.duration_seconds).toBeCloseTo(2, 0);
    expect(p.assets.poster_url).toMatch(/\/assets\/poster\.jpg$/);
    expect(p.assets.thumbnails_vtt_url).toMatch(/\/assets\/thumbs\.vtt$/);
    expect(p.assets.preview_url).toMatch(/\/assets\/preview\.mp4$/);
    expect(p.assets.preview_alt_url).toMatch(/\/assets\/preview-alt\.mp4$/);
    expect(p.can_download).toBe(false);
  });

  it('asks the database once: event, settings, media rows and pre-roll suppressions in one statement', async () => {
    const id = await findEvent(t, { access: 'free', when: 'past' });
    // The game the first test gave a replay (attached here when this test runs alone).
    const stored = await t.database.db
      .selectFrom('event_media')
      .select('id')
      .where('event_id', '=', id)
      .executeTakeFirst();
    if (!stored) await attachVod(t, mediaDir, fixture, t.demoChannelId, id);
    const apiKey = await t.apiKey();
    await playback(id, apiKey); // looks the key up (cached from then on)
    queries.reset();
    const p = await playback(id, apiKey);
    expect(p).toMatchObject({ access: 'granted', stream_state: 'ready' });
    // The demo channel runs pre-rolls: one was chosen, with this viewer's suppressions read.
    expect(p.preroll).not.toBeNull();
    expect(queries.total()).toBe(1);
  });

  it("register: anonymous callers get 'Register to watch' and no stream; signed-in users watch", async () => {
    const id = await findEvent(t, { access: 'register', when: 'past' });
    await attachVod(t, mediaDir, fixture, t.demoChannelId, id);
    const anonymous = await playback(id, await t.apiKey());
    expect(anonymous).toMatchObject({
      access: 'register',
      message: 'Register to watch',
      stream: null,
      preroll: null,
    });
    const user = await signedInUser(t);
    const signedIn = await playback(id, user.apiKey);
    expect(signedIn.access).toBe('granted');
    expect(signedIn.stream?.url).toMatch(/vod\/master\.m3u8$/);
  });

  it('paid and ppv: the buy prompt, never a stream, even with media ready', async () => {
    const user = await signedInUser(t);
    for (const access of ['paid', 'ppv'] as const) {
      const when = access === 'paid' ? 'past' : 'future';
      const id = await findEvent(t, { access, when });
      await attachVod(t, mediaDir, fixture, t.demoChannelId, id);
      const p = await playback(id, user.apiKey);
      expect(p).toMatchObject({ access: 'purchase', stream: null, preroll: null });
      expect(p.single_event_package_id).toEqual(expect.any(Number));
      expect(JSON.stringify(p)).not.toContain('master.m3u8');
    }
  });

  it('paid: a purchase covering the event opens the stream', async () => {
    const id = await findEvent(t, { access: 'paid', when: 'past' });
    const user = await signedInUser(t);
    const event = await t.database.db
      .selectFrom('events')
      .select('single_event_package_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await buyPackage(t, user.userId, event.single_event_package_id!);
    const p = await playback(id, user.apiKey);
    expect(p.access).toBe('granted');
    expect(p.stream?.url).toMatch(/vod\/master\.m3u8$/);
  });

  it("404 for an unknown id or another channel's event", async () => {
    const apiKey = await t.apiKey();
    const foreign = await findEvent(t, {
      access: 'free',
      when: 'past',
      channelId: t.otherChannelId,
    });
    for (const id of [999_999, foreign]) {
      const res = await t.get(`/api/events/${id}/playback`, { api_key: apiKey });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.get('/api/events/1/playback')).statusCode).toBe(401);
  });
});

describe('geo-blocking', () => {
  async function setChannelGeo(blocked: string[]) {
    await t.database.db
      .updateTable('settings')
      .set({
        data: sql`jsonb_set(data, '{geo_blocked_countries}', ${JSON.stringify(blocked)}::jsonb)`,
      })
      .where('channel_id', '=', t.demoChannelId)
      .execute();
  }

  it('gives a blocked country the spec text and no media URL at all', async () => {
    const id = await findEvent(t, { access: 'free', when: 'past' });
    await setChannelGeo(['FR']);
    try {
      const blocked = await playback(id, await t.apiKey(), BLOCKED_IP);
      expect(blocked).toMatchObject({
        access: 'geo_blocked',
        message: "We're sorry, but this content is not available in your region.",
        stream: null,
        preroll: null,
        assets: {
          poster_url: null,
          thumbnails_vtt_url: null,
          preview_url: null,
          preview_alt_url: null,
        },
      });
      const allowed = await playback(id, await t.apiKey(), '198.51.100.7');
      expect(allowed.access).toBe('granted');
    } finally {
      await setChannelGeo([]);
    }
  });

  it("applies an event's own allow list", async () => {
    const id = await findEvent(t, { access: 'free', when: 'past' });
    await t.database.db
      .updateTable('events')
      .set({ geo_allowed_countries: ['CA'] })
      .where('id', '=', id)
      .execute();
    try {
      expect((await playback(id, await t.apiKey(), BLOCKED_IP)).access).toBe('geo_blocked');
      expect((await playback(id, await t.apiKey(), '198.51.100.7')).access).toBe('granted');
    } finally {
      await t.database.db
        .updateTable('events')
        .set({ geo_allowed_countries: null })
        .where('id', '=', id)
        .execute();
    }
  });
});

describe('live and upcoming', () => {
  it('plays our live encoder with DVR info, and says preparing before it runs', async () => {
    const id = await findEvent(t, { access: 'free', when: 'live' });
    const before = await playback(id, await t.apiKey());
    expect(before).toMatchObject({ event_type: 'live', stream: null, stream_state: 'unavailable' });

    await attachVod(t, mediaDir, fixture, t.demoChannelId, id, {
      folder: 'live',
      kind: MEDIA_KIND.live,
      status: 'live',
    });
    const p = await playback(id, await t.apiKey());
    expect(p.stream).toMatchObject({ kind: 'live', duration_seconds: null });
    expect(p.stream?.url).toMatch(/\/live\/master\.m3u8$/);
    expect(p.stream?.dvr.enabled).toBe(true);
    expect(p.stream?.dvr.start_utc_ts).toEqual(expect.any(String));
    // At the game's address, under its cookie, renewed by asking again before it expires.
    expect(p.stream?.url).toBe(`/media/g/${id}/live/master.m3u8`);
    const expiresIn = new Date(p.stream!.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    expect((await media(p.stream!.url)).statusCode).toBe(200);
    expect((await t.get(p.stream!.url)).statusCode).toBe(403);
    // For a receiver (AirPlay, Remote Playback: the URL only, no cookies), the viewer's own
    // address, valid to the end of the game plus the margin.
    expect(p.stream?.device_url).toMatch(
      new RegExp(`^/media/e/${id}/p\\.[^/]+/live/master\\.m3u8$`),
    );
    expect((await t.get(p.stream!.device_url!)).statusCode).toBe(200);
  });

  it('redirects an external live source after the token check', async () => {
    const id = await t.database.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', t.demoChannelId)
      .where('access_type', '=', 'free')
      .where('event_utc_ts', '<=', new Date())
      .where(sql<boolean>`event_utc_ts + duration_minutes * interval '1 minute' > now()`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('event_media')
      .values({
        channel_id: t.demoChannelId,
        event_id: id.id,
        kind: MEDIA_KIND.live,
        url: 'https://cdn.example.test/live/game.m3u8',
        status: 'live',
      })
      .execute();
    const p = await playback(id.id, await t.apiKey());
    expect(p.stream).toMatchObject({ kind: 'live', is_external: true });
    expect(p.stream?.dvr.enabled).toBe(false);
    const res = await media(p.stream!.url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://cdn.example.test/live/game.m3u8');
    expect((await t.get(p.stream!.url)).statusCode).toBe(403);
    expect((await t.get(p.stream!.device_url!)).statusCode).toBe(302);
  });

  it('upcoming events have no stream yet', async () => {
    const id = await findEvent(t, { access: 'free', when: 'future' });
    const p = await playback(id, await t.apiKey());
    expect(p).toMatchObject({ event_type: 'upcoming', stream_state: 'upcoming', stream: null });
  });
});

describe('downloads flag', () => {
  it('is set for users holding the download capability', async () => {
    const id = await findEvent(t, { access: 'free', when: 'past' });
    const user = await signedInUser(t);
    await grantAccess(t, user.userId, ['watch', 'download']);
    expect((await playback(id, user.apiKey)).can_download).toBe(true);
  });
});
