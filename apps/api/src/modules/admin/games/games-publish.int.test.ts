import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminGame, AdminGameOptions, AdminGamesPage, AuditList } from '@rudy/contracts';
import { adminTestApp, expectAdminOnly, otherChannelAdmin } from '../../../test/admin-test-kit.js';

/* Unpublishing a game: gone from every viewer's view (listings, search, event page, playback), kept in the console. */

// The listings cache is on, as in production: hiding a game must still show at once.
const app = adminTestApp({ CATALOGUE_CACHE_MS: '60000' });
let game: AdminGame;

/** A game made through the console, between the demo's first two teams. */
async function createGame(fields: {
  name_en: string;
  starts_at: string;
  access_type: 'free' | 'paid';
  price_cents: number | null;
}): Promise<AdminGame> {
  const { t, admin } = app;
  const options = (
    await t.get('/api/admin/games/options', { api_key: admin.apiKey })
  ).json<AdminGameOptions>();
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/games',
    payload: {
      api_key: admin.apiKey,
      name_fr: '',
      time_zone: 'America/Toronto',
      duration_minutes: 120,
      home_team_id: options.teams[0]!.id,
      away_team_id: options.teams[1]!.id,
      event_category_id: null,
      location_id: null,
      ...fields,
    },
  });
  return res.json<AdminGame>();
}

beforeAll(async () => {
  game = await createGame({
    name_en: 'Hidden Cup',
    starts_at: '2030-02-01T19:00',
    access_type: 'free',
    price_cents: null,
  });
});

const publish = (published: unknown, key = app.admin.apiKey, id = game.id) =>
  app.t.inject({
    method: 'POST',
    url: `/api/admin/games/${id}/publish`,
    payload: { api_key: key, published },
  });

describe('publishing a game', () => {
  it('only the channel’s admin may, with a boolean', async () => {
    const { t, admin } = app;
    await expectAdminOnly(t, [(key) => publish(false, key)]);
    const other = await otherChannelAdmin(t);
    expect((await publish(false, other.apiKey)).statusCode).toBe(404);
    expect((await publish('no')).statusCode).toBe(400);
    expect((await publish(false, admin.apiKey, 2147483647)).statusCode).toBe(404);
    expect(game.published).toBe(true);
  });

  it('hides it from viewers at once (cached listings too), keeps it in the console, and shows it again', async () => {
    const { t, admin } = app;
    const viewerKey = await t.apiKey();
    const listed = async (query: Record<string, string>) =>
      (await t.get('/api/events', { api_key: viewerKey, limit: '100', ...query }))
        .json<{ data: { id: number }[] }>()
        .data.some((e) => e.id === game.id);
    const upcoming = { type: 'upcoming' };
    const search = { search: 'Hidden Cup' };
    expect(await listed(upcoming)).toBe(true); // warms the listings cache
    expect(await listed(search)).toBe(true);
    expect((await t.get(`/api/events/${game.id}`, { api_key: viewerKey })).statusCode).toBe(200);

    const hidden = await publish(false);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<AdminGame>().published).toBe(false);
    expect(await listed(upcoming)).toBe(false);
    expect(await listed(search)).toBe(false);
    expect((await t.get(`/api/events/${game.id}`, { api_key: viewerKey })).statusCode).toBe(404);
    expect(
      (await t.get(`/api/events/${game.id}/playback`, { api_key: viewerKey })).statusCode,
    ).toBe(404);
    const inConsole = (
      await t.get('/api/admin/games', { api_key: admin.apiKey, when: 'upcoming', limit: '100' })
    ).json<AdminGamesPage>();
    expect(inConsole.data.find((g) => g.id === game.id)?.published).toBe(false);

    expect((await publish(true)).json<AdminGame>().published).toBe(true);
    expect(await listed(upcoming)).toBe(true);
    expect((await t.get(`/api/events/${game.id}`, { api_key: viewerKey })).statusCode).toBe(200);

    const rows = (await t.get('/api/admin/audit', { api_key: admin.apiKey, entity: 'game' }))
      .json<AuditList>()
      .data.filter((r) => r.entity_id === game.id);
    expect(rows.slice(0, 2).map((r) => [r.action, r.before, r.after])).toEqual([
      ['update', { published: false }, { published: true }],
      ['update', { published: true }, { published: false }],
    ]);
  });
});

describe('a hidden paid game', () => {
  it('is not sold, by its event or by its single-game package, until it is published again', async () => {
    const { t, admin } = app;
    const paid = await createGame({
      name_en: 'Hidden Final',
      starts_at: '2030-03-01T19:00',
      access_type: 'paid',
      price_cents: 999,
    });
    const viewerKey = await t.apiKey();
    const { single_event_package_id: packageId } = await t.database.db
      .selectFrom('events')
      .select('single_event_package_id')
      .where('id', '=', paid.id)
      .executeTakeFirstOrThrow();
    if (packageId === null) throw new Error('a paid game is sold as its own package');
    const preview = (choice: Record<string, number>) =>
      t.inject({
        method: 'POST',
        url: '/api/stripe/invoice-preview',
        payload: { api_key: viewerKey, ...choice },
      });
    expect((await preview({ event_id: paid.id })).statusCode).toBe(200);
    expect((await preview({ single_event_package_id: packageId })).statusCode).toBe(200);

    expect((await publish(false, admin.apiKey, paid.id)).statusCode).toBe(200);
    expect((await preview({ event_id: paid.id })).statusCode).toBe(404);
    expect((await preview({ single_event_package_id: packageId })).statusCode).toBe(404);
    expect((await preview({ package_id: packageId })).statusCode).toBe(404);

    expect((await publish(true, admin.apiKey, paid.id)).statusCode).toBe(200);
    expect((await preview({ event_id: paid.id })).json<{ total_cents: number }>().total_cents).toBe(
      999,
    );
  });
});
