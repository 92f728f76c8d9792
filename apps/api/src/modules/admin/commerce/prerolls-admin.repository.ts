import type { DB } from '../../../db/database.js';
import { channelRows } from '../channel-rows.repository.js';
import { createProductsAdminRepository } from './products-admin.repository.js';

/** SQL only: the channel's pre-rolls, switched off ones too. */
export function createPrerollsAdminRepository(db: DB) {
  return {
    list: (channelId: number) =>
      db
        .selectFrom('prerolls')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id')
        .execute(),
    ...channelRows(db, 'prerolls'),
    ownLocations: (channelId: number, ids: number[]) =>
      createProductsAdminRepository(db).ownIds('locations', channelId, ids),
    ownSports: (channelId: number, ids: number[]) =>
      createProductsAdminRepository(db).ownIds('event_categories', channelId, ids),
  };
}
