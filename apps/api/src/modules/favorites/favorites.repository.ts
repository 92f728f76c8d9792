import type { FavoritableType } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

const TARGET_TABLE = {
  participant: 'participants',
  participant_group: 'participant_groups',
  event_category: 'event_categories',
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
      ])
      .where('f.channel_id', '=', channelId)
      .where('f.user_id', '=', userId);

  return {
    list(channelId: number, userId: number) {
      return withTargets(channelId, userId).orderBy('f.id').execute();
    },
    find(channelId: number, userId: number, id: number) {
      return withTargets(channelId, userId).where('f.id', '=', id).executeTakeFirst();
    },
    async targetExists(channelId: number, type: FavoritableType, id: number): Promise<boolean> {
      const row = await db
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
