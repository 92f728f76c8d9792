import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Announcements (issue 34): an operator's mail to a segment of the channel's viewers.
 * - announcements: what was written (subject and body in English and French) and to whom (a
 *   team's followers, a pass's holders, or the viewers who opted in to the newsletter). The
 *   console's request_id is unique per channel: a double submit makes one announcement.
 * - announcement_recipients: one row per announcement and viewer (the primary key is the "exactly
 *   once" rule), written in the announcement's transaction. A row turns 'sent' in the transaction
 *   that hands its mail over, so a worker killed mid-way leaves the rest pending for the next pass.
 * - notification_settings.announcements_email: the one-click unsubscribe turns it off with the
 *   alert mails; announcements honour it when they are written and again when they are sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table announcements (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      request_id text not null,
      segment text not null check (segment in ('team', 'pass', 'opted_in')),
      target_id integer,
      subject jsonb not null,
      body jsonb not null,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      unique (channel_id, request_id)
    );
    create table announcement_recipients (
      announcement_id integer not null references announcements(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      channel_id integer not null references channels(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'sent', 'skipped')),
      sent_at timestamptz,
      primary key (announcement_id, user_id)
    );
    create index announcement_recipients_pending on announcement_recipients (announcement_id)
      where status = 'pending';
    alter table notification_settings
      add column announcements_email boolean not null default true
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table notification_settings drop column announcements_email;
    drop table if exists announcement_recipients, announcements
    `,
  );
}
