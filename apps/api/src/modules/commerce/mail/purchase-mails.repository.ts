import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { PurchaseMailKind } from '../../../db/schema.js';

/** A mail owed: the order it is about, or the subscription (trial reminder, cancellation). */
export type OwedMail = {
  channelId: number;
  userId: number;
  kind: PurchaseMailKind;
} & ({ orderId: number; chainId?: number | null } | { orderId?: null; chainId: number; at: Date });

/** The key that makes a mail owed once: per order, or per subscription and period end. */
export function dedupeKey(m: OwedMail): string {
  if (m.orderId != null) return `${m.kind}:order:${m.orderId}`;
  return `${m.kind}:subscription:${m.chainId}:${m.at.toISOString()}`;
}

/** A claimed mail with the viewer it goes to. */
export interface ClaimedMail {
  id: string;
  kind: PurchaseMailKind;
  channel_id: number;
  user_id: number;
  order_id: number | null;
  user_subscription_id: number | null;
  email: string;
  first_name: string;
  language: string;
  blocked: boolean;
}

/** SQL only: the purchase mails owed and sent. */
export function createPurchaseMailsRepository(db: DB) {
  return {
    /** Records a mail owed, inside the caller's transaction; owing it again changes nothing. */
    async owe(m: OwedMail): Promise<void> {
      await db
        .insertInto('purchase_mails')
        .values({
          channel_id: m.channelId,
          user_id: m.userId,
          kind: m.kind,
          dedupe_key: dedupeKey(m),
          order_id: m.orderId ?? null,
          user_subscription_id: m.chainId ?? null,
        })
        .onConflict((oc) => oc.columns(['channel_id', 'dedupe_key']).doNothing())
        .execute();
    },

    /**
     * Owes the reminder of every trial that ends within `lead` and still renews (a viewer who
     * cancelled is charged nothing, so is told nothing). Keyed by the trial's end: a trial moved
     * to another date would be reminded again, once.
     */
    async oweTrialReminders(now: Date, leadMs: number): Promise<number> {
      const result = await sql`
        insert into purchase_mails (channel_id, user_id, kind, dedupe_key, user_subscription_id)
        select s.channel_id, s.user_id, 'trial_reminder',
          'trial_reminder:subscription:' || s.id || ':' ||
            to_char(s.trial_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          s.id
        from user_subscriptions s
        where s.status = 'trialing' and s.renewal = 'active'
          and s.trial_end > ${now} and s.trial_end <= ${new Date(now.getTime() + leadMs)}
        on conflict (channel_id, dedupe_key) do nothing`.execute(db);
      return Number(result.numAffectedRows ?? 0n);
    },

    /** Channels with mail still to send (their brandings are read before a batch). */
    async pendingChannelIds(): Promise<number[]> {
      const rows = await db
        .selectFrom('purchase_mails')
        .select('channel_id')
        .distinct()
        .where('status', '=', 'pending')
        .execute();
      return rows.map((r) => r.channel_id);
    },

    /** Up to `limit` pending mails, locked for the caller's transaction (other workers skip them). */
    async claimPending(trx: DB, limit: number): Promise<ClaimedMail[]> {
      const { rows } = await sql<ClaimedMail>`
        select m.id, m.kind, m.channel_id, m.user_id, m.order_id, m.user_subscription_id,
          u.email, u.first_name, u.language, (u.blocked_at is not null) as blocked
        from (select * from purchase_mails where status = 'pending' order by id limit ${limit}
              for update skip locked) m
        join users u on u.id = m.user_id
        order by m.id`.execute(trx);
      return rows;
    },

    async finish(trx: DB, sent: readonly string[], skipped: readonly string[], now: Date) {
      if (sent.length > 0) {
        await trx
          .updateTable('purchase_mails')
          .set({ status: 'sent', sent_at: now })
          .where('id', 'in', sent)
          .execute();
      }
      if (skipped.length > 0) {
        await trx
          .updateTable('purchase_mails')
          .set({ status: 'skipped' })
          .where('id', 'in', skipped)
          .execute();
      }
    },
  };
}
