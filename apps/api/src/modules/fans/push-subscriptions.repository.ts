import type { DB } from '../../db/database.js';

/** SQL only: browsers' push subscriptions, each bound to one viewer of one channel. */
export function createPushSubscriptionsRepository(db: DB) {
  return {
    /**
     * Keeps a subscription for the viewer; the same endpoint posted again (a double click, a page
     * reload) updates its keys, and one another viewer of the channel had (the same browser, now
     * signed in as someone else) moves to this one.
     */
    async save(
      channelId: number,
      userId: number,
      s: { endpoint: string; p256dh: string; auth: string },
    ) {
      await db
        .insertInto('push_subscriptions')
        .values({ channel_id: channelId, user_id: userId, ...s })
        .onConflict((oc) =>
          oc
            .columns(['channel_id', 'endpoint'])
            .doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }),
        )
        .execute();
    },
    /** Removes the viewer's own subscription of that endpoint; nothing when there is none. */
    async remove(channelId: number, userId: number, endpoint: string) {
      await db
        .deleteFrom('push_subscriptions')
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute();
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
