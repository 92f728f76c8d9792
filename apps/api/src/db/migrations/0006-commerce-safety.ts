import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Commerce safety.
 *
 * One open order per buyer and purchase: `product_key` names what a checkout order buys (its type
 * and the sorted ids of its items: `package:3`, `package:3+7` for a bundle, `event:12`,
 * `subscription:2`), and a partial unique index allows one 'created' order per user and key, so a
 * repeated or concurrent buy finds the order already open instead of charging again. Renewals are
 * never 'created' and carry no key. Older duplicates still open keep a null key (outside the
 * index): they settle or are abandoned by the reconciliation job as before.
 *
 * One free trial per person: `trial_claims` keeps, per channel, the hash of the normalised email
 * and the card fingerprint of every trial given. They outlive the account (user_id is set null on
 * deletion), so a deleted and re-registered account, or a second account on the same card, gets no
 * second trial. Sandbox cards get a fingerprint derived from their number, as Stripe's are.
 */

/** The claim of an email (an SQL text expression), as trial-claims.ts computes it. */
export function emailClaimSql(email: string): string {
  const e = `lower(trim(${email}))`;
  const domain = `regexp_replace(${e}, '^.*@', '')`;
  const local = `regexp_replace(regexp_replace(${e}, '@[^@]*$', ''), '\\+.*$', '')`;
  const normalised = `case when ${domain} in ('gmail.com', 'googlemail.com')
    then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end`;
  return `encode(sha256(convert_to(${normalised}, 'UTF8')), 'hex')`;
}

/** A sandbox card's fingerprint (an SQL text expression), as sandbox-cards.ts computes it. */
export function sandboxFingerprintSql(digits: string): string {
  return `'sbx_' || left(encode(sha256(convert_to('sandbox-card:' || ${digits}, 'UTF8')), 'hex'), 24)`;
}

/** The sandbox's test numbers (each with its own last four digits) as stored cards know them. */
const SANDBOX_NUMBERS = [
  '4242424242424242',
  '5555555555554444',
  '378282246310005',
  '4000000000000002',
  '4000000000009995',
  '4000002500003155',
  '4000000000000341',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table orders add column product_key text;
    update orders o set product_key = o.type || ':' || coalesce(
        (select string_agg(i.product_id::text, '+' order by i.product_id)
           from order_items i where i.order_id = o.id),
        o.product_id::text)
      where o.kind in ('purchase', 'new_subscription');
    update orders o set product_key = null
      where o.status = 'created' and exists (
        select 1 from orders n
        where n.status = 'created' and n.channel_id = o.channel_id and n.user_id = o.user_id
          and n.product_key = o.product_key and n.id > o.id);
    create unique index orders_one_open on orders (channel_id, user_id, product_key) where status = 'created';

    create table trial_claims (
      channel_id int not null references channels(id) on delete cascade,
      kind text not null check (kind in ('email', 'card')),
      value text not null,
      user_id int references users(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (channel_id, kind, value)
    );
    create index trial_claims_user on trial_claims (user_id) where user_id is not null;
    insert into trial_claims (channel_id, kind, value, user_id)
      select channel_id, 'email', ${emailClaimSql('email')}, id from users where trial_period_used
      on conflict do nothing;

    alter table sandbox_cards add column fingerprint text;
    update sandbox_cards c
      set fingerprint = ${sandboxFingerprintSql('t.n')}
      from (values ${SANDBOX_NUMBERS.map((n) => `('${n}')`).join(', ')}) as t(n)
      where right(t.n, 4) = c.last4
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table sandbox_cards drop column if exists fingerprint;
    drop table if exists trial_claims;
    drop index if exists orders_one_open;
    alter table orders drop column if exists product_key
  `,
  );
}
