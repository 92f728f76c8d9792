import type { DB } from '../../db/database.js';

/** SQL only: every query is scoped by channel_id. */
export function createChannelRepository(db: DB) {
  return {
    /** Whether any channel exists (a fresh database has none until it is seeded). */
    async hasAnyChannel(): Promise<boolean> {
      const row = await db.selectFrom('channels').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },
    async publicOrigin(channelId: number): Promise<string | null> {
      const row = await db
        .selectFrom('channels')
        .select('public_origin')
        .where('id', '=', channelId)
        .executeTakeFirst();
      return row?.public_origin ?? null;
    },
    settings(channelId: number) {
      return db
        .selectFrom('settings')
        .innerJoin('channels', 'channels.id', 'settings.channel_id')
        .select(['settings.data', 'channels.name'])
        .where('settings.channel_id', '=', channelId)
        .executeTakeFirst();
    },
    menu(channelId: number) {
      return db
        .selectFrom('menus')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('location')
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    pages(channelId: number) {
      return db
        .selectFrom('pages')
        .select(['id', 'url', 'kind', 'name', 'show_in_footer'])
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    page(channelId: number, id: number) {
      return db
        .selectFrom('pages')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    colorSettings(channelId: number, clientInterface: string) {
      return db
        .selectFrom('color_settings')
        .select(['name', 'value'])
        .where('channel_id', '=', channelId)
        .where('client_interface', '=', clientInterface)
        .orderBy('name')
        .execute();
    },
    slides(channelId: number, clientInterface: string, type?: string) {
      let q = db
        .selectFrom('slides')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('client_interface', '=', clientInterface);
      if (type) q = q.where('slidable_type', '=', type as 'main');
      return q.orderBy('position').orderBy('id').execute();
    },
    faq(channelId: number) {
      return db
        .selectFrom('faq')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    staticBlocks(channelId: number) {
      return db
        .selectFrom('static_blocks')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id')
        .execute();
    },
    eventCategories(channelId: number) {
      return db
        .selectFrom('event_categories')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },
    locations(channelId: number) {
      return db
        .selectFrom('locations')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    participantGroups(channelId: number) {
      return db
        .selectFrom('participant_groups')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },
    participantGroupProperties(channelId: number) {
      return db
        .selectFrom('participant_group_properties')
        .selectAll()
        .where('channel_id', '=', channelId)
        .orderBy('id')
        .execute();
    },
  };
}
export type ChannelRepository = ReturnType<typeof createChannelRepository>;
