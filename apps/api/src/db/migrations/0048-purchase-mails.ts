import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The mail a paying viewer expects (issue 33 item 2), and the fees revenue reports (issue 34).
 * - order_items.fee_cents: the service fee inside each line's amount, so a receipt and the revenue
 *   export show it as charged, whatever the product's fee is today. Lines written before this
 *   migration take their product's current fee (capped at the line), the best knowledge left.
 * - purchase_mails: one row per mail owed (a receipt of an order, a trial's reminder, a failed
 *   renewal, a cancellation, a refund), written in the transaction that records what happened, so
 *   a crash after the commit cannot lose it; the unique key (the order, or the subscription and
 *   its period) means a replayed webhook or a double click cannot owe it twice. A job sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table order_items add column fee_cents integer not null default 0 check (fee_cents >= 0);
    update order_items i set fee_cents = least(i.amount_cents, p.service_fee_cents)
      from packages p where i.product_type = 'package' and p.id = i.product_id;
    update order_items i set fee_cents = least(i.amount_cents, s.service_fee_cents)
      from subscriptions s where i.product_type = 'subscription' and s.id = i.product_id;
    create table purchase_mails (
      id bigserial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      kind text not null
        check (kind in ('receipt', 'trial_reminder', 'payment_failed', 'cancellation', 'refund')),
      dedupe_key text not null,
      order_id integer references orders(id) on delete cascade,
      user_subscription_id integer references user_subscriptions(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'sent', 'skipped')),
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (channel_id, dedupe_key)
    );
    create index purchase_mails_pending on purchase_mails (id) where status = 'pending';
    create index user_subscriptions_trialing on user_subscriptions (trial_end)
      where status = 'trialing'
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index if exists user_subscriptions_trialing;
    drop table if exists purchase_mails;
    alter table order_items drop column if exists fee_cents
    `,
  );
}
