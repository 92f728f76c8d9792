import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The operator console's audit log: who changed what, when, and a before/after of the fields that
 * changed. Written in the same transaction as the change it records, so a change without its row
 * (or a row without its change) cannot exist. Append-only: the console never updates or deletes
 * rows. The actor is kept by id and by e-mail, so the row still says who it was if the account
 * goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table admin_audit_log (
      id bigserial primary key,
      channel_id int not null references channels(id) on delete cascade,
      actor_user_id int references users(id) on delete set null,
      actor_email text not null,
      action text not null check (action in ('create', 'update', 'delete')),
      entity text not null,
      entity_id int,
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    );
    create index admin_audit_log_recent on admin_audit_log (channel_id, id desc)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists admin_audit_log
    `,
  );
}
