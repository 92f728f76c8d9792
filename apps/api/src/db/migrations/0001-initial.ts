import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The whole schema of spec section 3. Every row that belongs to a channel carries channel_id, and
 * child tables repeat it so that every query can filter by channel without a join.
 * Translatable texts are jsonb objects keyed by locale ({"en": "...", "fr": "..."}).
 * Money is stored in cents (integers), never floats.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table channels (
      id serial primary key,
      key text not null unique,
      name text not null,
      hosts text[] not null default '{}',
      created_at timestamptz not null default now()
    );

    create table users (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      email text not null,
      first_name text not null,
      last_name text not null,
      password_hash text,
      newsletter boolean not null default false,
      email_verified_at timestamptz,
      trial_period_used boolean not null default false,
      temporary_password boolean not null default false,
      language text not null default 'en',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_channel_email on users (channel_id, lower(email));

    create table user_identities (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      provider text not null,
      subject text not null,
      created_at timestamptz not null default now(),
      unique (channel_id, provider, subject)
    );

    create table api_keys (
      id bigserial primary key,
      channel_id int not null references channels(id) on delete cascade,
      key_hash bytea not null unique,
      user_id int references users(id) on delete set null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index api_keys_user on api_keys (user_id) where user_id is not null;

    create table settings (
      channel_id int primary key references channels(id) on delete cascade,
      data jsonb not null
    );

    create table menus (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      title jsonb not null,
      url text not null,
      location text not null check (location in ('header', 'footer')),
      position int not null default 0,
      is_external boolean not null default false
    );
    create index menus_channel on menus (channel_id, location, position);

    create table pages (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      url text not null,
      kind text not null default 'custom',
      name jsonb not null,
      content jsonb not null,
      position int not null default 0,
      show_in_footer boolean not null default true,
      updated_at timestamptz not null default now(),
      unique (channel_id, url)
    );

    create table slides (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      client_interface text not null default 'web',
      slidable_type text not null check (slidable_type in ('category', 'participant', 'group', 'main')),
      slidable_id int,
      title jsonb not null,
      subtitle jsonb,
      image_url text not null,
      link_url text,
      position int not null default 0
    );
    create index slides_channel on slides (channel_id, client_interface, position);

    create table color_settings (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      client_interface text not null default 'web',
      name text not null,
      value text not null,
      unique (channel_id, client_interface, name)
    );

    create table faq (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      question jsonb not null,
      answer jsonb not null,
      position int not null default 0
    );

    create table static_blocks (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      alias text not null,
      title jsonb not null,
      content jsonb not null,
      unique (channel_id, alias)
    );

    create table event_categories (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name jsonb not null,
      alias text not null,
      image_url text,
      position int not null default 0,
      unique (channel_id, alias)
    );

    create table locations (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name text not null,
      address text,
      city text,
      time_zone text not null
    );

    create table participant_groups (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name text not null,
      alias text not null,
      image_url text,
      unique (channel_id, alias)
    );

    create table participant_group_properties (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name text not null check (name in ('gender', 'sport', 'division', 'league')),
      label jsonb not null,
      "values" text[] not null default '{}',
      unique (channel_id, name)
    );

    create table participants (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name text not null,
      short_name text not null,
      alias text not null,
      logo_url text,
      color text not null default '#444444',
      parent_id int references participants(id) on delete set null,
      participant_group_id int references participant_groups(id) on delete set null,
      gender text check (gender in ('men', 'women', 'not identified')),
      sport text,
      division text,
      league text,
      unique (channel_id, alias)
    );
    create index participants_group on participants (channel_id, participant_group_id);

    create table events (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name jsonb not null,
      description jsonb,
      event_category_id int references event_categories(id) on delete set null,
      location_id int references locations(id) on delete set null,
      event_utc_ts timestamptz not null,
      duration_minutes int not null default 120 check (duration_minutes > 0),
      time_zone text not null,
      access_type text not null default 'free' check (access_type in ('free', 'paid', 'register', 'ppv')),
      home_participant_id int references participants(id) on delete set null,
      image_url text,
      single_event_package_id int,
      geo_allowed_countries text[],
      geo_blocked_countries text[],
      created_at timestamptz not null default now()
    );
    create index events_channel_time on events (channel_id, event_utc_ts);
    create index events_channel_category_time on events (channel_id, event_category_id, event_utc_ts);
    create index events_channel_location_time on events (channel_id, location_id, event_utc_ts);

    create table event_participants (
      channel_id int not null references channels(id) on delete cascade,
      event_id int not null references events(id) on delete cascade,
      participant_id int not null references participants(id) on delete cascade,
      is_home boolean not null default false,
      primary key (event_id, participant_id)
    );
    create index event_participants_participant on event_participants (channel_id, participant_id, event_id);

    create table event_media (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      event_id int not null references events(id) on delete cascade,
      kind smallint not null check (kind between 1 and 8),
      url text,
      storage_key text,
      status text not null default 'ready' check (status in ('pending', 'processing', 'ready', 'live', 'ended', 'error')),
      started_at timestamptz,
      ended_at timestamptz,
      meta jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    create index event_media_event on event_media (channel_id, event_id, kind);

    create table packages (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name jsonb not null,
      description jsonb,
      base_price_cents int not null check (base_price_cents >= 0),
      service_fee_cents int not null default 0 check (service_fee_cents >= 0),
      currency text not null check (currency in ('USD', 'CAD')),
      image_url text,
      scope text not null default 'category' check (scope in ('single', 'category')),
      is_team_pass boolean not null default false,
      pass_type text not null default 'regular' check (pass_type in ('regular', 'addon')),
      accesses text[] not null default '{watch}',
      feature_counts jsonb not null default '{}',
      event_id int references events(id) on delete cascade,
      is_basic boolean not null default false,
      disabled boolean not null default false,
      position int not null default 0
    );
    alter table events add constraint events_single_package
      foreign key (single_event_package_id) references packages(id) on delete set null;

    create table package_event_categories (
      channel_id int not null references channels(id) on delete cascade,
      package_id int not null references packages(id) on delete cascade,
      event_category_id int not null references event_categories(id) on delete cascade,
      primary key (package_id, event_category_id)
    );

    create table package_participants (
      channel_id int not null references channels(id) on delete cascade,
      package_id int not null references packages(id) on delete cascade,
      participant_id int not null references participants(id) on delete cascade,
      primary key (package_id, participant_id)
    );

    create table subscriptions (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      name jsonb not null,
      description jsonb,
      base_price_cents int not null check (base_price_cents >= 0),
      service_fee_cents int not null default 0 check (service_fee_cents >= 0),
      currency text not null check (currency in ('USD', 'CAD')),
      image_url text,
      period text not null check (period in ('annual', 'month')),
      trial_period_days int not null default 0 check (trial_period_days >= 0),
      accesses text[] not null default '{watch}',
      feature_counts jsonb not null default '{}',
      disabled boolean not null default false,
      position int not null default 0
    );

    create table orders (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int references users(id) on delete set null,
      type text not null check (type in ('event', 'package', 'subscription')),
      product_id int not null,
      status text not null default 'created' check (status in ('created', 'failed', 'paid', 'refunded')),
      activity_status text not null default 'inactive' check (activity_status in ('active', 'inactive', 'expired', 'canceled')),
      renewal text check (renewal in ('active', 'cancelled')),
      amount_cents int not null check (amount_cents >= 0),
      currency text not null check (currency in ('USD', 'CAD')),
      provider text not null,
      provider_ref text,
      idempotency_key text not null,
      period_end timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (channel_id, idempotency_key)
    );
    create index orders_user on orders (channel_id, user_id, created_at desc);
    create unique index orders_provider_ref on orders (provider, provider_ref) where provider_ref is not null;

    create table clips (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int references users(id) on delete cascade,
      event_id int not null references events(id) on delete cascade,
      event_media_id int references event_media(id) on delete set null,
      share_uuid uuid not null unique,
      name text not null,
      start_time numeric(10, 3) not null check (start_time >= 0),
      duration numeric(10, 3) not null check (duration > 0),
      tags text[] not null default '{}',
      status text not null default 'processing' check (status in ('processing', 'success', 'error')),
      storage_key text,
      created_at timestamptz not null default now()
    );
    create index clips_user on clips (channel_id, user_id, created_at desc);
    create index clips_event on clips (channel_id, event_id);

    create table favorites (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      favoritable_type text not null check (favoritable_type in ('participant', 'participant_group', 'event_category')),
      favoritable_id int not null,
      created_at timestamptz not null default now(),
      unique (user_id, favoritable_type, favoritable_id)
    );

    create table prerolls (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      url text not null,
      location_id int references locations(id) on delete set null,
      event_categories int[] not null default '{}',
      for_vod boolean not null default true,
      for_live boolean not null default true,
      weight int not null default 1 check (weight > 0),
      suppression_ms int
    );

    create table custom_forms (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      alias text not null,
      definition jsonb not null,
      enabled boolean not null default true,
      unique (channel_id, alias)
    );

    create table custom_form_entries (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      custom_form_id int not null references custom_forms(id) on delete cascade,
      user_id int not null references users(id) on delete cascade,
      name text not null,
      value text not null,
      created_at timestamptz not null default now(),
      unique (custom_form_id, user_id, name)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists custom_form_entries, custom_forms, prerolls, favorites, clips, orders,
      subscriptions, package_participants, package_event_categories, event_media,
      event_participants cascade;
    alter table if exists events drop constraint if exists events_single_package;
    drop table if exists packages, events, participants, participant_group_properties,
      participant_groups, locations, event_categories, static_blocks, faq, color_settings, slides,
      pages, menus, settings, api_keys, user_identities, users, channels cascade
  `,
  );
}
