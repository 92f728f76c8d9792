import type { DB } from '../../../db/database.js';

/** SQL only: what the commerce forms choose from. */
export function createCommerceOptionsRepository(db: DB) {
  return {
    async options(channelId: number) {
      const [categories, teams, locations, packages, plans] = await Promise.all([
        db
          .selectFrom('event_categories')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('participants')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('locations')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('packages')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .where('scope', '!=', 'single')
          .orderBy('position')
          .execute(),
        db
          .selectFrom('subscriptions')
          .select(['id', 'name'])
          .where('channel_id', '=', channelId)
          .orderBy('position')
          .execute(),
      ]);
      return { categories, teams, locations, packages, plans };
    },
  };
}
