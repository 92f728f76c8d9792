import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Accounts: server secrets (generated once, so the embedded default needs no configuration), the dev
 * mail outbox, one-time codes (social sign-in hand-over) and OAuth states bound to a browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    );

    create table mail_outbox (
      id serial primary key,
      channel_id int references channels(id) on delete cascade,
      to_address text not null,
      subject text not null,
      html text not null,
      text_body text not null,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_to on mail_outbox (lower(to_address), created_at desc);

    create table auth_codes (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      api_key_id bigint not null references api_keys(id) on delete cascade,
      code_hash bytea not null unique,
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table oauth_states (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      api_key_id bigint not null references api_keys(id) on delete cascade,
      provider text not null,
      state text not null unique,
      browser_binding_hash bytea not null,
      code_verifier text not null,
      nonce text not null,
      return_to text,
      expires_at timestamptz not null,
      used_at timestamptz
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists oauth_states, auth_codes, mail_outbox, app_secrets
  `,
  );
}
