import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The console's people (issue 17). A blocked viewer keeps their account, purchases and history,
 * but none of their keys resolves while `blocked_at` is set (keys.repository reads it), so their
 * sessions stop at once and come back if they are unblocked. An admin invitation is a single-use,
 * expiring token kept only as its SHA-256 (the mail holds the token itself): accepting it stamps
 * `accepted_at` once, and a withdrawn one is stamped `withdrawn_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table users add column blocked_at timestamptz;
    create table admin_invitations (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      email text not null,
      token_hash bytea not null unique,
      invited_by_email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by int references users(id) on delete set null,
      withdrawn_at timestamptz
    );
    create index admin_invitations_channel on admin_invitations (channel_id, id desc)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists admin_invitations;
    alter table users drop column if exists blocked_at
    `,
  );
}
