import type { NotificationSettings } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

/**
 * What a viewer without a row gets: following a team is asking to hear about it, by mail; push
 * waits until the viewer turns it on for a device.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  live: { email: true, push: false },
  tomorrow: { email: true, push: false },
};

type Columns = {
  live_email: boolean;
  tomorrow_email: boolean;
  live_push: boolean;
  tomorrow_push: boolean;
};
const toColumns = (s: NotificationSettings): Columns => ({
  live_email: s.live.email,
  tomorrow_email: s.tomorrow.email,
  live_push: s.live.push,
  tomorrow_push: s.tomorrow.push,
});
const fromColumns = (c: Columns): NotificationSettings => ({
  live: { email: c.live_email, push: c.live_push },
  tomorrow: { email: c.tomorrow_email, push: c.tomorrow_push },
});

/** SQL only: a viewer's alert choices, always within their channel. */
export function createNotificationSettingsRepository(db: DB) {
  return {
    async get(channelId: number, userId: number): Promise<NotificationSettings> {
      const row = await db
        .selectFrom('notification_settings')
        .select(['live_email', 'tomorrow_email', 'live_push', 'tomorrow_push'])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? fromColumns(row) : DEFAULT_NOTIFICATION_SETTINGS;
    },
    async set(channelId: number, userId: number, settings: NotificationSettings) {
      const columns = toColumns(settings);
      await db
        .insertInto('notification_settings')
        .values({ ...columns, channel_id: channelId, user_id: userId })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ ...columns, updated_at: new Date() }),
        )
        .execute();
    },
    /** RFC 8058 one-click: no more alert mail of any kind, nor announcements; push stays as chosen. */
    async stopMail(channelId: number, userId: number) {
      const off = { live_email: false, tomorrow_email: false, announcements_email: false };
      await db
        .insertInto('notification_settings')
        .values({
          ...toColumns(DEFAULT_NOTIFICATION_SETTINGS),
          ...off,
          channel_id: channelId,
          user_id: userId,
        })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...off, updated_at: new Date() }))
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
