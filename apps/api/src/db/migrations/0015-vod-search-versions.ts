import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * A version number per channel for the in-process VOD search index (modules/vod/vod-search-index.ts):
 * every committed change that can alter a search's answer takes a new number from a sequence (never
 * reused, so a number names one state of the library), written by statement-level triggers on
 * vod_media_items: one bump per statement and channel, whatever the number of rows. A search reads
 * the number in the same statement as its page's rows; if it differs from the index's, the index is
 * rebuilt first. So every process serving the API sees a write in its next search.
 *
 * What a search reads from the items: title, description (search_doc and the lexicon, whose
 * trigger runs on the same statements), status, date, category, and for the rows the rest; an
 * update of other columns (meta, updated_at) bumps nothing. Categories' names and assets are read
 * with the page's rows, not from the index. A channel being deleted (its items go with it) is not
 * bumped: its row here goes too. Trigger functions are written on one line: migrations
 * run statement by statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create sequence vod_search_version_seq;
    create table vod_search_versions (
      channel_id int primary key references channels(id) on delete cascade,
      version bigint not null
    );

    create or replace function vod_search_bump() returns trigger language plpgsql as $$ declare changed int[]; begin if tg_op = 'INSERT' then select array_agg(distinct channel_id) into changed from vod_new; elsif tg_op = 'DELETE' then select array_agg(distinct channel_id) into changed from vod_old; else select array_agg(distinct x.channel_id) into changed from (select n.channel_id from vod_new n join vod_old o on o.id = n.id where (n.channel_id, n.title, n.description, n.published_at, n.status, n.category_id, n.requires_access, n.storage_key, n.duration_seconds, n.public_id) is distinct from (o.channel_id, o.title, o.description, o.published_at, o.status, o.category_id, o.requires_access, o.storage_key, o.duration_seconds, o.public_id) union all select o.channel_id from vod_new n join vod_old o on o.id = n.id where n.channel_id <> o.channel_id) x; end if; insert into vod_search_versions (channel_id, version) select ch.id, nextval('vod_search_version_seq') from channels ch where ch.id = any(changed) on conflict (channel_id) do update set version = excluded.version; return null; end $$;
    create trigger vod_media_items_search_insert after insert on vod_media_items referencing new table as vod_new for each statement execute function vod_search_bump();
    create trigger vod_media_items_search_update after update on vod_media_items referencing old table as vod_old new table as vod_new for each statement execute function vod_search_bump();
    create trigger vod_media_items_search_delete after delete on vod_media_items referencing old table as vod_old for each statement execute function vod_search_bump();

    insert into vod_search_versions (channel_id, version) select c.channel_id, nextval('vod_search_version_seq') from (select distinct channel_id from vod_media_items) c
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger if exists vod_media_items_search_insert on vod_media_items;
    drop trigger if exists vod_media_items_search_update on vod_media_items;
    drop trigger if exists vod_media_items_search_delete on vod_media_items;
    drop function if exists vod_search_bump();
    drop table if exists vod_search_versions;
    drop sequence if exists vod_search_version_seq
    `,
  );
}
