import type { FavoritableType } from '@rudy/contracts';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/database.js';

const TARGET_TABLE = {
  participant: 'participants',
  participant_group: 'participant_groups',
  event_category: 'event_categories',
  favorite_event: 'events',
  event_location: 'locations',
} as const;

/** SQL only. Favourites are a user's; every query names both the channel and the user. */
export function createFavoritesRepository(db: DB) {
  // Each favourite joined to the one row it points at, for its name and picture.
  const withTargets = (channelId: number, userId: number) =>
    db
      .selectFrom('favorites as f')
      .leftJoin('participants as p', (j) =>
        j
          .on('f.favoritable_type', '=', 'participant')
          .onRef('p.id', '=', 'f.favoritable_id')
          .onRef('p.channel_id', '=', 'f.channel_id'),
      )
      .leftJoin('participant_groups as g', (j) =>
        j
          .on('f.favoritable_type', '=', 'participant_group')
          .onRef('g.id', '=', 'f.favoritable_id')
          .onRef('g.channel_id', '=', 'f.channel_id'),
      )
      .leftJoin('event_categories as c', (j) =>
        j
          .on('f.favoritable_type', '=', 'event_category')
          .onRef('c.id', '=', 'f.favoritable_id')
          .onRef('c.channel_id', '=', 'f.channel_id'),
      )
      // An unpublished game is the console's alone: its favourite is hidden like a deleted one.
      .leftJoin('events as e', (j) =>
        j
          .on('f.favoritable_type', '=', 'favorite_event')
          .onRef('e.id', '=', 'f.favoritable_id')
          .onRef('e.channel_id', '=', 'f.channel_id')
          .on('e.published', '=', true),
      )
      .leftJoin('locations as l', (j) =>
        j
          .on('f.favoritable_type', '=', 'event_location')
          .onRef('l.id', '=', 'f.favoritable_id')
          .onRef('l.channel_id', '=', 'f.channel_id'),
      )
      .select([
        'f.id',
        'f.favoritable_type',
        'f.favoritable_id',
        'f.created_at',
        'p.name as team_name',
        'p.short_name as team_short_name',
        'p.logo_url as team_logo',
        'g.name as group_name',
        'g.image_url as group_image',
        'c.name as category_name',
        'c.image_url as category_image',
        'e.name as game_name',
        'e.image_url as game_image',
        'l.name as rink_name',
      ])
      // A game's teams, for its 'away @ home' name (empty for every other favourite).
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('event_participants as ep')
            .innerJoin('participants as gp', 'gp.id', 'ep.participant_id')
            .select(['gp.short_name', 'ep.is_home'])
            .whereRef('ep.event_id', '=', 'e.id')
            .orderBy('ep.is_home')
            .orderBy('gp.id'),
        ).as('game_teams'),
      )
      .where('f.channel_id', '=', channelId)
      .where('f.user_id', '=', userId);

  return {
    list(channelId: number, userId: number) {
      return withTargets(channelId, userId).orderBy('f.id').execute();
    },
    find(channelId: number, userId: number, id: number) {
      return withTargets(channelId, userId).where('f.id', '=', id).executeTakeFirst();
    },
    /** Whether the id names a row of that kind in the channel (a game: a published one). */
    async targetExists(channelId: number, type: FavoritableType, id: number): Promise<boolean> {
      const row =
        type === 'favorite_event'
          ? await db
              .selectFrom('events')
              .select('id')
              .where('channel_id', '=', channelId)
              .where('id', '=', id)
              .where('published', '=', true)
              .executeTakeFirst()
          : await db
              .selectFrom(TARGET_TABLE[type])
              .select('id')
              .where('channel_id', '=', channelId)
              .where('id', '=', id)
              .executeTakeFirst();
      return row !== undefined;
    },
    /** Inserts unless the same favourite exists (unique per user, type and id); returns its id. */
    async add(channelId: number, userId: number, type: FavoritableType, targetId: number) {
      const inserted = await db
        .insertInto('favorites')
        .values({
          channel_id: channelId,
          user_id: userId,
          favoritable_type: type,
          favoritable_id: targetId,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'favoritable_type', 'favoritable_id']).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const existing = await db
        .selectFrom('favorites')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('favoritable_type', '=', type)
        .where('favoritable_id', '=', targetId)
        .executeTakeFirstOrThrow();
      return existing.id;
    },
    async remove(channelId: number, userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('favorites')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;
export type FavoriteRow = Awaited<ReturnType<FavoritesRepository['list']>>[number];
