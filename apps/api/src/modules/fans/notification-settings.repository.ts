import type { NotificationSettings } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

/** What a viewer without a row gets: following a team is asking to hear about it. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  live: true,
  tomorrow: true,
  email: true,
};

/** SQL only: a viewer's alert choices, always within their channel. */
export function createNotificationSettingsRepository(db: DB) {
  return {
    async get(channelId: number, userId: number): Promise<NotificationSettings> {
      const row = await db
        .selectFrom('notification_settings')
        .select(['live', 'tomorrow', 'email'])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ?? DEFAULT_NOTIFICATION_SETTINGS;
    },
    async set(channelId: number, userId: number, patch: Partial<NotificationSettings>) {
      await db
        .insertInto('notification_settings')
        .values({
          ...DEFAULT_NOTIFICATION_SETTINGS,
          ...patch,
          channel_id: channelId,
          user_id: userId,
        })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: new Date() }))
        .execute();
    },
    /** The language of a channel's user (the unsubscribe page speaks it); undefined: no such user. */
    async userLanguage(channelId: number, userId: number) {
      const row = await db
        .selectFrom('users')
        .select('language')
        .where('channel_id', '=', channelId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.language;
    },
  };
}
export type NotificationSettingsRepository = ReturnType<
  typeof createNotificationSettingsRepository
>;
