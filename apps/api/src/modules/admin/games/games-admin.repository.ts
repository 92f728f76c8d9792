import { MEDIA_KIND } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
// When a game is over, exactly as the listings decide it.
import { endTs } from '../../events/events.where.js';
import { channelRows } from '../channel-rows.repository.js';

export type GameWindow = 'upcoming' | 'past';

/** SQL only: the channel's games (events) as the console edits them, with their single-game price. */
export function createGamesAdminRepository(db: DB) {
  const games = (channelId: number) =>
    db
      .selectFrom('events as e')
      .leftJoin('packages as p', (j) =>
        j.onRef('p.id', '=', 'e.single_event_package_id').on('p.channel_id', '=', channelId),
      )
      .select((eb) => [
        'e.id',
        'e.name',
        'e.event_utc_ts',
        'e.time_zone',
        'e.duration_minutes',
        'e.event_category_id',
        'e.location_id',
        'e.access_type',
        'e.published',
        'e.geo_allowed_countries',
        'e.geo_blocked_countries',
        'e.preroll_mode',
        'e.preroll_id',
        'e.series_id',
        'e.series_detached',
        'p.base_price_cents as price_cents',
        // What its video state is decided from (video-state.ts).
        eb
          .exists(
            eb
              .selectFrom('event_media as l')
              .select('l.id')
              .whereRef('l.event_id', '=', 'e.id')
              .where('l.kind', '=', MEDIA_KIND.live)
              .where('l.status', '=', 'live'),
          )
          .as('is_live'),
        eb
          .exists(
            eb
              .selectFrom('event_media as r')
              .select('r.id')
              .whereRef('r.event_id', '=', 'e.id')
              .where('r.kind', '=', MEDIA_KIND.live)
              .where('r.status', '=', 'ended')
              .where('r.storage_key', 'is not', null),
          )
          .as('has_recording'),
        eb
          .selectFrom('event_media as v')
          .select('v.status')
          .whereRef('v.event_id', '=', 'e.id')
          .where('v.kind', '=', MEDIA_KIND.vod)
          .orderBy('v.updated_at', 'desc')
          .limit(1)
          .as('vod_status'),
        eb
          .selectFrom('media_uploads as u')
          .select('u.status')
          .whereRef('u.event_id', '=', 'e.id')
          .where('u.channel_id', '=', channelId)
          .orderBy('u.created_at', 'desc')
          .limit(1)
          .as('upload_status'),
        eb
          .selectFrom('event_participants as h')
          .select('h.participant_id')
          .whereRef('h.event_id', '=', 'e.id')
          .where('h.is_home', '=', true)
          .limit(1)
          .as('home_team_id'),
        eb
          .selectFrom('event_participants as a')
          .select('a.participant_id')
          .whereRef('a.event_id', '=', 'e.id')
          .where('a.is_home', '=', false)
          .limit(1)
          .as('away_team_id'),
        eb
          .exists(
            eb
              .selectFrom('order_items as oi')
              .innerJoin('packages as sold', 'sold.id', 'oi.product_id')
              .select('oi.id')
              .where('oi.channel_id', '=', channelId)
              .where('oi.product_type', '=', 'package')
              .whereRef('sold.event_id', '=', 'e.id'),
          )
          .as('has_orders'),
      ])
      .where('e.channel_id', '=', channelId);

  const events = channelRows(db, 'events');
  const packages = channelRows(db, 'packages');

  return {
    async page(channelId: number, when: GameWindow, now: Date, offset: number, limit: number) {
      const op = when === 'upcoming' ? '>' : '<=';
      const rows = await games(channelId)
        .where(endTs, op, now)
        .orderBy('e.event_utc_ts', when === 'upcoming' ? 'asc' : 'desc')
        .orderBy('e.id')
        .offset(offset)
        .limit(limit)
        .execute();
      const { n } = await db
        .selectFrom('events as e')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('e.channel_id', '=', channelId)
        .where(endTs, op, now)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    byId: (channelId: number, id: number) =>
      games(channelId).where('e.id', '=', id).executeTakeFirst(),

    async hasClips(channelId: number, id: number): Promise<boolean> {
      const row = await db
        .selectFrom('clips')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('event_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async countTeams(channelId: number, ids: number[]): Promise<number> {
      const { n } = await db
        .selectFrom('participants')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('channel_id', '=', channelId)
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    categoryExists: (channelId: number, id: number) =>
      channelRows(db, 'event_categories').exists(channelId, id),
    locationExists: (channelId: number, id: number) =>
      channelRows(db, 'locations').exists(channelId, id),
    prerollExists: (channelId: number, id: number) =>
      channelRows(db, 'prerolls').exists(channelId, id),

    insertEvent: events.insert,
    updateEvent: events.update,
    deleteEvent: events.delete,

    async setTeams(channelId: number, eventId: number, home: number, away: number) {
      await db
        .deleteFrom('event_participants')
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .execute();
      await db
        .insertInto('event_participants')
        .values([
          { channel_id: channelId, event_id: eventId, participant_id: home, is_home: true },
          { channel_id: channelId, event_id: eventId, participant_id: away, is_home: false },
        ])
        .execute();
    },

    /** The game's own single-game package, enabled or not (kept for its orders when not for sale). */
    singlePackage: (channelId: number, eventId: number) =>
      db
        .selectFrom('packages')
        .select(['id', 'disabled'])
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .where('scope', '=', 'single')
        .orderBy('id')
        .executeTakeFirst(),

    insertPackage: packages.insert,
    updatePackage: packages.update,

    /** What the game form chooses from. */
    async options(channelId: number) {
      const [teams, categories, locations, prerolls] = await Promise.all([
        db
          .selectFrom('participants')
          .select(['id', 'name', 'short_name'])
          .where('channel_id', '=', channelId)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('event_categories')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('locations')
          .select(['id', 'name', 'time_zone'])
          .where('channel_id', '=', channelId)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('prerolls')
          .select(['id', 'url', 'weight'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
      ]);
      return { teams, categories, locations, prerolls };
    },
  };
}
export type GamesAdminRepository = ReturnType<typeof createGamesAdminRepository>;
export type GameRow = NonNullable<Awaited<ReturnType<GamesAdminRepository['byId']>>>;
