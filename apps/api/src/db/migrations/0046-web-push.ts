import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Web Push for fan alerts (issue 33).
 * - notification_settings: the channel is chosen per alert kind (email and/or push) instead of one
 *   email switch for both; the old choices carry over (an alert turned off, or mail turned off,
 *   stays off by mail). Push is off until the viewer asks for it on a device.
 * - push_subscriptions: a browser's PushSubscription, bound to the signed-in viewer. The endpoint
 *   is unique per channel: the same browser signing in as someone else moves to them.
 * - fan_alert_pushes: one delivery of an alert to one subscription. It is leased while a worker
 *   talks to the push service (attempts, next_attempt_at), so a dead worker's delivery is taken
 *   again later and push-service errors (429, 5xx) are retried with a back-off. A subscription the
 *   push service says is gone (404, 410) is deleted with its deliveries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table notification_settings
      add column live_email boolean not null default true,
      add column tomorrow_email boolean not null default true,
      add column live_push boolean not null default false,
      add column tomorrow_push boolean not null default false;
    update notification_settings set live_email = live and email, tomorrow_email = tomorrow and email;
    alter table notification_settings drop column live, drop column tomorrow, drop column email;
    create table push_subscriptions (
      id bigserial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      endpoint text not null,
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null default now(),
      unique (channel_id, endpoint)
    );
    create index push_subscriptions_user on push_subscriptions (user_id);
    create table fan_alert_pushes (
      alert_id bigint not null references fan_alerts(id) on delete cascade,
      subscription_id bigint not null references push_subscriptions(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_status integer,
      sent_at timestamptz,
      primary key (alert_id, subscription_id)
    );
    create index fan_alert_pushes_due on fan_alert_pushes (next_attempt_at) where status = 'pending';
    create index fan_alert_pushes_subscription on fan_alert_pushes (subscription_id)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists fan_alert_pushes, push_subscriptions;
    alter table notification_settings
      add column live boolean not null default true,
      add column tomorrow boolean not null default true,
      add column email boolean not null default true;
    update notification_settings set live = live_email, tomorrow = tomorrow_email,
      email = live_email or tomorrow_email;
    alter table notification_settings drop column live_email, drop column tomorrow_email,
      drop column live_push, drop column tomorrow_push
    `,
  );
}
