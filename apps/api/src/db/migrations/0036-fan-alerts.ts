import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Alerts for what a viewer follows (issue 33).
 * - notification_settings: what a viewer wants to hear about and how; no row means the defaults
 *   (both alerts, by email), since following a team is the viewer asking to hear of it.
 * - fan_alert_games: a game whose alert of a kind was planned, so the scan plans it once.
 * - fan_alerts: one row per viewer, game and kind (the unique key is the "at most one alert per
 *   viewer per game" rule, whatever number of follows lead there). A row turns 'sent' in the same
 *   transaction that writes its mail to the outbox, so a worker killed mid-way neither loses nor
 *   doubles one.
 * - mail_outbox.headers: the dev outbox keeps List-Unsubscribe and friends, as SMTP carries them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table notification_settings (
      user_id integer primary key references users(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      live boolean not null default true,
      tomorrow boolean not null default true,
      email boolean not null default true,
      updated_at timestamptz not null default now()
    );
    create table fan_alert_games (
      event_id integer not null references events(id) on delete cascade,
      kind text not null check (kind in ('live', 'tomorrow')),
      channel_id integer not null references channels(id) on delete cascade,
      planned_at timestamptz not null default now(),
      primary key (event_id, kind)
    );
    create table fan_alerts (
      id bigserial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      event_id integer not null references events(id) on delete cascade,
      kind text not null check (kind in ('live', 'tomorrow')),
      follows text[] not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'skipped')),
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (user_id, event_id, kind)
    );
    create index fan_alerts_pending on fan_alerts (id) where status = 'pending';
    create index favorites_target on favorites (channel_id, favoritable_type, favoritable_id);
    alter table mail_outbox add column headers jsonb
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table mail_outbox drop column headers;
    drop index if exists favorites_target;
    drop table if exists fan_alerts, fan_alert_games, notification_settings
    `,
  );
}
