import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventSchema,
  EventsPageSchema,
  HomepageEventsSchema,
  MEDIA_KIND,
  type Playback,
} from '@rudy/contracts';
import { eventPrefix } from '../media/media-paths.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/*
 * stream_state on listed events: a finished game whose replay is still being packaged (or has no
 * media) is not offered as playable, and every listing agrees with what /playback would answer.
 */

let t: TestContext;
let key: string;
/** The four most recent finished free games of the demo channel, newest first. */
let games: [number, number, number, number];

beforeAll(async () => {
  // No listing cache: each call reads the media rows as they are now.
  t = await createTestApp({ CATALOGUE_CACHE_MS: '0' });
  key = await t.apiKey();
  const rows = await t.database.db
    .selectFrom('events')
    .select(['id', 'event_utc_ts', 'duration_minutes'])
    .where('channel_id', '=', t.demoChannelId)
    .where('access_type', '=', 'free')
    .orderBy('event_utc_ts', 'desc')
    .execute();
  const finished = rows
    .filter((r) => new Date(r.event_utc_ts).getTime() + r.duration_minutes * 60_000 < Date.now())
    .map((r) => r.id);
  expect(finished.length).toBeGreaterThanOrEqual(4);
  games = finished.slice(0, 4) as typeof games;
});
afterAll(() => t.close());

async function addMedia(
  eventId: number,
  kind: number,
  status: 'pending' | 'ready' | 'ended',
): Promise<void> {
  const folder = kind === MEDIA_KIND.vod ? 'vod' : 'live';
  await t.database.db
    .insertInto('event_media')
    .values({
      channel_id: t.demoChannelId,
      event_id: eventId,
      kind,
      status,
      storage_key: `${eventPrefix(t.demoChannelId, eventId)}/${folder}/master.m3u8`,
    })
    .execute();
}

async function listedStates(): Promise<Map<number, string>> {
  const res = await t.get('/api/events', {
    api_key: key,
    type: 'finished',
    sort_direction: 'desc',
    limit: '100',
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = EventsPageSchema.parse(res.json());
  return new Map(page.data.map((e) => [e.id, e.stream_state]));
}

async function playbackState(id: number): Promise<string> {
  const res = await t.get(`/api/events/${id}/playback`, { api_key: key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Playback>().stream_state;
}

describe('stream_state of listed events', () => {
  it('is unavailable for a finished game with no media, upcoming before the game', async () => {
    const [a] = games;
    expect((await listedStates()).get(a)).toBe('unavailable');
    const upcoming = EventsPageSchema.parse(
      (await t.get('/api/events', { api_key: key, type: 'upcoming', limit: '5' })).json(),
    );
    expect(upcoming.data.length).toBeGreaterThan(0);
    expect(upcoming.data.every((e) => e.stream_state === 'upcoming')).toBe(true);
  });

  it('says preparing while a replay is packaged and ready once it is, as /playback does', async () => {
    const [ready, pending, none, recorded] = games;
    await addMedia(ready, MEDIA_KIND.vod, 'ready');
    await addMedia(pending, MEDIA_KIND.vod, 'pending');
    // A live recording that ended plays as the replay until its VOD is made.
    await addMedia(recorded, MEDIA_KIND.live, 'ended');
    await addMedia(recorded, MEDIA_KIND.vod, 'pending');

    const expected = new Map([
      [ready, 'ready'],
      [pending, 'preparing'],
      [none, 'unavailable'],
      [recorded, 'ready'],
    ]);
    const listed = await listedStates();
    const homepage = HomepageEventsSchema.parse(
      (await t.get('/api/events-for-homepage', { api_key: key })).json(),
    );
    const inRail = new Map(homepage.recent.map((e) => [e.id, e.stream_state]));
    for (const [id, state] of expected) {
      expect(listed.get(id), `game ${id} in /events`).toBe(state);
      const one = EventSchema.parse((await t.get(`/api/events/${id}`, { api_key: key })).json());
      expect(one.stream_state, `game ${id} in /events/${id}`).toBe(state);
      if (inRail.has(id)) expect(inRail.get(id), `game ${id} on the home page`).toBe(state);
      // The card and the player never disagree: /playback answers the same for a free game.
      expect(await playbackState(id), `game ${id} in /playback`).toBe(state);
    }
    expect([...expected.keys()].some((id) => inRail.has(id))).toBe(true);

    // The worker finishes packaging: the next listing offers the replay.
    await t.database.db
      .updateTable('event_media')
      .set({ status: 'ready' })
      .where('event_id', '=', pending)
      .execute();
    expect((await listedStates()).get(pending)).toBe('ready');
  });

  it("ignores another channel's rows and media kinds other than live and VOD", async () => {
    const [, , none] = games;
    // A poster (kind 1) is no video.
    await addMedia(none, MEDIA_KIND.image, 'ready');
    expect((await listedStates()).get(none)).toBe('unavailable');
    const other = await t.apiKey('other-league');
    const res = await t.get('/api/events', { api_key: other, type: 'finished', limit: '100' });
    const page = EventsPageSchema.parse(res.json());
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((e) => e.stream_state === 'unavailable')).toBe(true);
  });
});
