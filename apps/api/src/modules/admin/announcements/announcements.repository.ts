import { sql } from 'kysely';
import type { AdminAnnouncementDraft, AnnouncementSegment } from '@rudy/contracts';
import type { I18nText } from '../../../db/column-types.js';
import type { DB } from '../../../db/database.js';
import { itemProductId, itemProductType } from '../../commerce/orders/order-products.js';

/**
 * The viewers of a segment who may get an announcement now: the channel's, not blocked, with a
 * verified address, not unsubscribed (the one-click link of any of the channel's mails).
 */
function audience(
  channelId: number,
  segment: AnnouncementSegment,
  targetId: number | null,
  now: Date,
) {
  const member =
    segment === 'team'
      ? sql`exists (select 1 from favorites f where f.user_id = u.id and f.channel_id = ${channelId}
          and f.favoritable_type = 'participant' and f.favoritable_id = ${targetId})`
      : segment === 'pass'
        ? sql`exists (select 1 from orders o left join order_items i on i.order_id = o.id
            where o.channel_id = ${channelId} and o.user_id = u.id and o.status = 'paid'
              and o.activity_status = 'active' and (o.period_end is null or o.period_end > ${now})
              and ${itemProductType} = 'package' and ${itemProductId} = ${targetId})`
        : sql`u.newsletter`;
  return sql`select u.id from users u
    left join notification_settings s on s.user_id = u.id
    where u.channel_id = ${channelId} and u.blocked_at is null and u.email_verified_at is not null
      and coalesce(s.announcements_email, true) and ${member}`;
}

export interface PendingAnnouncementMail {
  announcement_id: number;
  user_id: number;
  channel_id: number;
  email: string;
  first_name: string;
  language: string;
  subject: I18nText;
  body: I18nText;
  may_mail: boolean;
}

/** SQL only: announcements and their recipients, always within the caller's channel. */
export function createAnnouncementsRepository(db: DB) {
  return {
    /** Whether the segment's team or pass is the channel's. */
    async targetExists(channelId: number, segment: AnnouncementSegment, targetId: number) {
      const table = segment === 'team' ? 'participants' : 'packages';
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('channel_id', '=', channelId)
        .where('id', '=', targetId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async countAudience(
      channelId: number,
      segment: AnnouncementSegment,
      targetId: number | null,
      now: Date,
    ) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from (${audience(
        channelId,
        segment,
        targetId,
        now,
      )}) a`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async byRequest(channelId: number, requestId: string) {
      const row = await db
        .selectFrom('announcements')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row?.id;
    },

    /** The announcement and one pending recipient per viewer of its segment; returns its id and how many. */
    async insert(
      o: { channelId: number; userId: number; requestId: string; draft: AdminAnnouncementDraft },
      now: Date,
    ) {
      const { draft } = o;
      const row = await db
        .insertInto('announcements')
        .values({
          channel_id: o.channelId,
          request_id: o.requestId,
          segment: draft.segment,
          target_id: draft.segment === 'opted_in' ? null : draft.target_id,
          subject: JSON.stringify({ en: draft.subject_en, fr: draft.subject_fr }),
          body: JSON.stringify({ en: draft.body_en, fr: draft.body_fr }),
          created_by: o.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const result = await sql`
        insert into announcement_recipients (announcement_id, user_id, channel_id)
        select ${row.id}, a.id, ${o.channelId} from (${audience(
          o.channelId,
          draft.segment,
          draft.segment === 'opted_in' ? null : draft.target_id,
          now,
        )}) a
        on conflict do nothing`.execute(db);
      return { id: row.id, recipients: Number(result.numAffectedRows ?? 0n) };
    },

    async list(channelId: number, id?: number) {
      let q = db
        .selectFrom('announcements as a')
        .select((eb) => [
          'a.id',
          'a.segment',
          'a.target_id',
          'a.subject',
          'a.created_at',
          eb
            .selectFrom('announcement_recipients as r')
            .whereRef('r.announcement_id', '=', 'a.id')
            .select(sql<string>`count(*)`.as('n'))
            .as('recipients'),
          eb
            .selectFrom('announcement_recipients as r')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.status', '=', 'sent')
            .select(sql<string>`count(*)`.as('n'))
            .as('sent'),
          eb
            .selectFrom('announcement_recipients as r')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.status', '=', 'pending')
            .select(sql<string>`count(*)`.as('n'))
            .as('pending'),
        ])
        .where('a.channel_id', '=', channelId)
        .orderBy('a.id', 'desc')
        .limit(100);
      if (id !== undefined) q = q.where('a.id', '=', id);
      const rows = await q.execute();
      return rows.map((r) => ({
        id: r.id,
        segment: r.segment,
        target_id: r.target_id,
        subject_en: r.subject.en ?? '',
        subject_fr: r.subject.fr ?? '',
        created_at: r.created_at.toISOString(),
        recipients: Number(r.recipients ?? 0),
        sent: Number(r.sent ?? 0),
        pending: Number(r.pending ?? 0),
      }));
    },

    /** Channels with announcement mail still to send. */
    async pendingChannelIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('announcement_recipients')
        .select('channel_id')
        .distinct()
        .where('status', '=', 'pending')
        .execute();
      return rows.map((r) => r.channel_id);
    },

    /**
     * Up to `limit` pending recipients, locked for the caller's transaction (other workers skip
     * them). The viewer's standing is read again: one who unsubscribed since gets nothing.
     */
    async claimPending(trx: DB, limit: number) {
      const { rows } = await sql<PendingAnnouncementMail>`
        select r.announcement_id, r.user_id, r.channel_id, u.email, u.first_name, u.language,
          a.subject, a.body,
          (u.blocked_at is null and u.email_verified_at is not null
            and coalesce(s.announcements_email, true)) as may_mail
        from (select * from announcement_recipients where status = 'pending'
              order by announcement_id, user_id limit ${limit} for update skip locked) r
        join users u on u.id = r.user_id
        join announcements a on a.id = r.announcement_id
        left join notification_settings s on s.user_id = r.user_id
        order by r.announcement_id, r.user_id`.execute(trx);
      return rows;
    },

    async settle(
      trx: DB,
      row: Pick<PendingAnnouncementMail, 'announcement_id' | 'user_id'>,
      status: 'sent' | 'skipped',
      now: Date,
    ) {
      await trx
        .updateTable('announcement_recipients')
        .set({ status, sent_at: status === 'sent' ? now : null })
        .where('announcement_id', '=', row.announcement_id)
        .where('user_id', '=', row.user_id)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}
