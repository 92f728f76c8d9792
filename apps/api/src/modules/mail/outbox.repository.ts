import type { DB } from '../../db/database.js';

/** SQL only: the dev outbox's mails, always within one channel. */
export function createOutboxRepository(db: DB) {
  return {
    async insert(m: {
      channelId: number;
      to: string;
      subject: string;
      html: string;
      text: string;
      headers?: Record<string, string>;
    }) {
      await db
        .insertInto('mail_outbox')
        .values({
          channel_id: m.channelId,
          to_address: m.to,
          subject: m.subject,
          html: m.html,
          text_body: m.text,
          headers: m.headers ? JSON.stringify(m.headers) : null,
        })
        .execute();
    },

    /** The newest mails of a channel, optionally to one address (any case). */
    list(channelId: number, to: string | undefined, limit: number) {
      let q = db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'created_at'])
        .where('channel_id', '=', channelId);
      if (to) q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to.toLowerCase()));
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    find(channelId: number, id: number) {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
