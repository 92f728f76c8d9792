import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The VOD library: on-demand videos beyond games, in categories and rails, searched by words.
 *
 * Titles and descriptions are {en, fr} like every channel text. Search reads two generated columns:
 * `search_doc`, the words of both languages through both the English and the French stemmer (a
 * French viewer typing "buts" and an English one typing "goals" both find a goal reel), and
 * `search_text`, the same text folded (lower case, no accents) for pg_trgm, which forgives typos
 * ('hocky' finds hockey). unaccent() is only STABLE (its dictionary could be edited), so an index
 * cannot call it; `vod_fold` names the dictionary and declares itself IMMUTABLE, the documented way
 * to index unaccented text. PGlite loads both extensions at open (db/database.ts).
 *
 * Composite foreign keys keep an item's category, a rail's items and an asset's item within one
 * channel, whatever a writer does. An item is listed once its video is packaged (status ready);
 * its files live under c<channel>/vod-media/<id>/ and its assets rows say which are which (media
 * kinds of spec section 3). public_id names the public poster and previews (not enumerable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create extension if not exists pg_trgm;
    create extension if not exists unaccent;
    create or replace function vod_fold(text) returns text language sql immutable parallel safe strict as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

    create table vod_media_categories (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      alias text not null,
      name jsonb not null,
      position int not null default 0,
      unique (channel_id, alias),
      unique (id, channel_id)
    );

    create table vod_media_items (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      category_id int,
      public_id uuid not null unique default gen_random_uuid(),
      title jsonb not null,
      description jsonb,
      published_at timestamptz not null,
      duration_seconds numeric(10, 3),
      requires_access boolean not null default false,
      status text not null default 'pending' check (status in ('pending', 'processing', 'ready', 'error')),
      storage_key text,
      meta jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_text text generated always as (vod_fold(coalesce(title->>'en', '') || ' ' || coalesce(title->>'fr', '') || ' ' || coalesce(description->>'en', '') || ' ' || coalesce(description->>'fr', ''))) stored,
      search_doc tsvector generated always as (setweight(to_tsvector('english', vod_fold(coalesce(title->>'en', '') || ' ' || coalesce(title->>'fr', ''))), 'A') || setweight(to_tsvector('french', vod_fold(coalesce(title->>'en', '') || ' ' || coalesce(title->>'fr', ''))), 'A') || setweight(to_tsvector('english', vod_fold(coalesce(description->>'en', '') || ' ' || coalesce(description->>'fr', ''))), 'B') || setweight(to_tsvector('french', vod_fold(coalesce(description->>'en', '') || ' ' || coalesce(description->>'fr', ''))), 'B')) stored,
      unique (id, channel_id),
      foreign key (category_id, channel_id) references vod_media_categories (id, channel_id) on delete set null (category_id)
    );
    create index vod_media_items_published on vod_media_items (channel_id, published_at desc, id desc) where status = 'ready';
    create index vod_media_items_category on vod_media_items (channel_id, category_id, published_at desc, id desc) where status = 'ready';
    create index vod_media_items_search_doc on vod_media_items using gin (search_doc);
    create index vod_media_items_search_text on vod_media_items using gin (search_text gin_trgm_ops);

    create table vod_media_assets (
      id serial primary key,
      channel_id int not null,
      item_id int not null,
      kind smallint not null,
      storage_key text,
      url text,
      meta jsonb not null default '{}',
      unique (item_id, kind),
      check (storage_key is not null or url is not null),
      foreign key (item_id, channel_id) references vod_media_items (id, channel_id) on delete cascade
    );

    create table vod_media_rails (
      id serial primary key,
      channel_id int not null references channels(id) on delete cascade,
      title jsonb not null,
      position int not null default 0,
      unique (id, channel_id)
    );
    create index vod_media_rails_channel on vod_media_rails (channel_id, position, id);

    create table vod_media_rail_items (
      rail_id int not null,
      item_id int not null,
      channel_id int not null,
      position int not null default 0,
      primary key (rail_id, item_id),
      foreign key (rail_id, channel_id) references vod_media_rails (id, channel_id) on delete cascade,
      foreign key (item_id, channel_id) references vod_media_items (id, channel_id) on delete cascade
    );
    create index vod_media_rail_items_item on vod_media_rail_items (item_id)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table if exists vod_media_rail_items;
    drop table if exists vod_media_rails;
    drop table if exists vod_media_assets;
    drop table if exists vod_media_items;
    drop table if exists vod_media_categories;
    drop function if exists vod_fold(text)
    `,
  );
}
