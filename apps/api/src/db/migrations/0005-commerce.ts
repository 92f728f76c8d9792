import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Commerce. An order is one payment; its items say what the payment bought (a bundle holds a pass
 * plus 'additional' add-ons), and access is granted from paid, active orders through their items.
 * Subscriptions a user holds are chains of orders (new, then renewals) tied to a user_subscriptions
 * row. Promo codes count their redemptions on the code row (a conditional update takes the row
 * lock, so a single-use code is redeemed once however many buyers race) and keep one redemption row
 * per order. Webhook events are recorded by provider id so a redelivered event is a no-op.
 *
 * The sandbox provider keeps its own ledger: payments carry the moment they settle, so a payment
 * accepted before a restart still settles after it, and what it has to tell the shop goes through an
 * outbox (sandbox_events) that is marked delivered only once handled, as a webhook is. Cards are kept as brand, last four digits and
 * the test behaviour of their number; the number itself is never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table promo_codes (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      code text not null,
      kind text not null check (kind in ('percent', 'amount')),
      percent_off int check (percent_off between 1 and 100),
      amount_off_cents int check (amount_off_cents > 0),
      product_type text check (product_type in ('package', 'subscription')),
      product_ids int[] not null default '{}',
      expires_at timestamptz,
      max_redemptions int check (max_redemptions > 0),
      redemptions int not null default 0 check (redemptions >= 0),
      disabled boolean not null default false,
      created_at timestamptz not null default now(),
      check ((kind = 'percent' and percent_off is not null) or (kind = 'amount' and amount_off_cents is not null)),
      check (max_redemptions is null or redemptions <= max_redemptions)
    );
    create unique index promo_codes_channel_code on promo_codes (channel_id, upper(code));

    create table payment_customers (
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      provider text not null,
      customer_ref text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, provider)
    );

    create table user_subscriptions (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      subscription_id int not null references subscriptions(id) on delete cascade,
      provider text not null,
      provider_ref text,
      payment_method_ref text,
      status text not null default 'incomplete' check (status in ('incomplete', 'trialing', 'active', 'past_due', 'canceled', 'expired')),
      renewal text not null default 'active' check (renewal in ('active', 'cancelled')),
      current_period_end timestamptz,
      trial_end timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index user_subscriptions_provider_ref on user_subscriptions (provider, provider_ref) where provider_ref is not null;
    create unique index user_subscriptions_one_live on user_subscriptions (user_id, subscription_id) where status in ('incomplete', 'trialing', 'active', 'past_due');
    create index user_subscriptions_due on user_subscriptions (current_period_end) where status in ('trialing', 'active', 'past_due');

    alter table orders add column kind text not null default 'purchase' check (kind in ('purchase', 'new_subscription', 'subscription_renewal'));
    alter table orders add column user_subscription_id int references user_subscriptions(id) on delete set null;
    alter table orders add column promo_code_id int references promo_codes(id) on delete set null;
    alter table orders add column discount_cents int not null default 0 check (discount_cents >= 0);
    alter table orders add column payment_method_ref text;
    alter table orders add column card_brand text;
    alter table orders add column card_last4 text;
    alter table orders add column failure_code text;
    alter table orders add column period_start timestamptz;
    alter table orders add column fulfilled_at timestamptz;
    create index orders_pending on orders (created_at) where status = 'created';
    create index orders_active_period on orders (period_end) where status = 'paid' and activity_status = 'active';
    create index orders_user_subscription on orders (user_subscription_id) where user_subscription_id is not null;

    create table order_items (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      order_id int not null references orders(id) on delete cascade,
      item_type text not null check (item_type in ('event', 'package', 'subscription', 'additional')),
      product_type text not null check (product_type in ('package', 'subscription')),
      product_id int not null,
      amount_cents int not null check (amount_cents >= 0),
      unique (order_id, product_type, product_id)
    );
    create index order_items_product on order_items (channel_id, product_type, product_id);

    insert into order_items (channel_id, order_id, item_type, product_type, product_id, amount_cents)
      select channel_id, id, type, case when type = 'subscription' then 'subscription' else 'package' end,
        product_id, amount_cents
      from orders;

    create table promo_redemptions (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      promo_code_id int not null references promo_codes(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      order_id int not null unique references orders(id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (promo_code_id, user_id)
    );

    create table payment_events (
      provider text not null,
      event_id text not null,
      type text not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );

    create table sandbox_cards (
      id text primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      brand text not null,
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month int not null check (exp_month between 1 and 12),
      exp_year int not null,
      behavior text not null,
      created_at timestamptz not null default now()
    );
    create index sandbox_cards_user on sandbox_cards (channel_id, user_id, created_at desc);

    create table sandbox_payments (
      id text primary key,
      channel_id int not null references channels(id) on delete cascade,
      idempotency_key text not null unique,
      amount_cents int not null check (amount_cents >= 0),
      currency text not null,
      card_id text,
      brand text,
      last4 text,
      status text not null check (status in ('requires_action', 'processing', 'succeeded', 'failed', 'refunded')),
      outcome text not null check (outcome in ('succeeded', 'failed')),
      failure_code text,
      settle_at timestamptz,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index sandbox_payments_due on sandbox_payments (settle_at) where status = 'processing';

    create table sandbox_subscriptions (
      id text primary key,
      channel_id int not null references channels(id) on delete cascade,
      card_id text not null,
      amount_cents int not null check (amount_cents >= 0),
      currency text not null,
      period text not null check (period in ('month', 'annual')),
      status text not null check (status in ('trialing', 'active', 'past_due', 'canceled')),
      cancel_at_period_end boolean not null default false,
      current_period_end timestamptz not null,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    create index sandbox_subscriptions_due on sandbox_subscriptions (current_period_end) where status <> 'canceled';

    create table sandbox_events (
      id bigserial primary key,
      channel_id int not null references channels(id) on delete cascade,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
    );
    create index sandbox_events_pending on sandbox_events (id) where delivered_at is null
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists sandbox_events, sandbox_subscriptions, sandbox_payments, sandbox_cards, payment_events, promo_redemptions, order_items;
    drop index if exists orders_user_subscription;
    drop index if exists orders_active_period;
    drop index if exists orders_pending;
    alter table orders drop column if exists fulfilled_at, drop column if exists period_start,
      drop column if exists failure_code, drop column if exists card_last4,
      drop column if exists card_brand, drop column if exists payment_method_ref,
      drop column if exists discount_cents, drop column if exists promo_code_id,
      drop column if exists user_subscription_id, drop column if exists kind;
    drop table if exists user_subscriptions, payment_customers, promo_codes
  `,
  );
}
