import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_KIND,
  type AdminBranding,
  type AdminGame,
  type AdminGameOptions,
  type AdminMediaSubjects,
  type Event,
} from '@rudy/contracts';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { adminUser } from '../../../test/test-users.js';

/*
 * Issue 34, games that show their state: each game's video state in the console's list, the name
 * the operator typed is what viewers see, media times carry the game's zone, and the channel's
 * time zone is set (from a known zone) with the branding.
 */

let t: TestContext;
let admin: { apiKey: string };
let options: AdminGameOptions;

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  admin = await adminUser(t);
  options = (await t.get('/api/admin/games/options', { api_key: admin.apiKey })).json();
});
afterAll(() => t?.close());

const newGame = async (name_en: string) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/games',
    payload: {
      api_key: admin.apiKey,
      name_en,
      name_fr: '',
      starts_at: '2030-03-01T19:00',
      time_zone: 'America/Toronto',
      duration_minutes: 120,
      home_team_id: options.teams[0]!.id,
      away_team_id: options.teams[1]!.id,
      event_category_id: null,
      location_id: null,
      access_type: 'free',
      price_cents: null,
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<AdminGame>();
};

const media = (eventId: number, kind: number, status: string, storageKey: string | null = null) =>
  t.database.db
    .insertInto('event_media')
    .values({
      channel_id: t.demoChannelId,
      event_id: eventId,
      kind,
      status: status as 'ready',
      storage_key: storageKey,
    })
    .execute();

const stateOf = async (id: number) =>
  (await t.get(`/api/admin/games/${id}`, { api_key: admin.apiKey })).json<AdminGame>().video_state;

describe('a game’s name', () => {
  it('is what the operator typed, for viewers too (not rebuilt from the teams)', async () => {
    const g = await newGame('Lynx @ Wolves — Walk Special');
    const viewer = await t.apiKey();
    const event = (await t.get(`/api/events/${g.id}`, { api_key: viewer })).json<Event>();
    expect(event.name).toBe('Lynx @ Wolves — Walk Special');
  });
});

describe('a game’s video state', () => {
  it('goes none → processing → ready, failed on an error, live while on air', async () => {
    const a = await newGame('State A');
    expect(a.video_state).toBe('none');
    await media(a.id, MEDIA_KIND.vod, 'processing');
    expect(await stateOf(a.id)).toBe('processing');
    await t.database.db
      .updateTable('event_media')
      .set({ status: 'ready' })
      .where('event_id', '=', a.id)
      .execute();
    expect(await stateOf(a.id)).toBe('ready');

    const b = await newGame('State B');
    await media(b.id, MEDIA_KIND.vod, 'error');
    expect(await stateOf(b.id)).toBe('failed');
    await media(b.id, MEDIA_KIND.live, 'live', 'live/b');
    expect(await stateOf(b.id)).toBe('live');

    const c = await newGame('State C');
    await media(c.id, MEDIA_KIND.live, 'ended', 'live/c');
    expect(await stateOf(c.id)).toBe('ready');

    const page = (await t.get('/api/admin/games', { api_key: admin.apiKey, limit: '100' })).json<{
      data: AdminGame[];
    }>();
    expect(page.data.find((g) => g.id === b.id)?.video_state).toBe('live');
  });
});

describe('times and zones', () => {
  it('media subjects carry the game’s own time zone', async () => {
    const g = await newGame('Zoned');
    const subjects = (
      await t.get('/api/admin/media', { api_key: admin.apiKey })
    ).json<AdminMediaSubjects>();
    expect(subjects.games.find((s) => s.id === g.id)?.time_zone).toBe('America/Toronto');
  });

  it('the channel’s time zone is saved with the branding, and a made-up zone is refused', async () => {
    const before = (
      await t.get('/api/admin/branding', { api_key: admin.apiKey })
    ).json<AdminBranding>();
    const patch = (time_zone: string) =>
      t.inject({
        method: 'PATCH',
        url: '/api/admin/branding',
        payload: {
          api_key: admin.apiKey,
          channel_name: before.channel_name,
          logo_url: before.logo_url,
          colors: before.colors,
          time_zone,
        },
      });
    const bad = await patch('Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors.time_zone).toBe(
      'Unknown time zone',
    );
    expect((await patch('America/Vancouver')).statusCode).toBe(200);
    const o = (
      await t.get('/api/admin/games/options', { api_key: admin.apiKey })
    ).json<AdminGameOptions>();
    expect(o.time_zone).toBe('America/Vancouver');
  });
});
