import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The VOD search keeps the rows of the pages it served (category names, assets) with its index,
 * checked by the same search version (0015): a change of a channel's categories or of its items'
 * assets bumps it too, any column, one bump per statement and channel. A channel being deleted is
 * not bumped (its version row goes with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create or replace function vod_search_bump_rows() returns trigger language plpgsql as $$ declare changed int[]; begin if tg_op = 'INSERT' then select array_agg(distinct channel_id) into changed from vod_new; elsif tg_op = 'DELETE' then select array_agg(distinct channel_id) into changed from vod_old; else select array_agg(distinct x.channel_id) into changed from (select channel_id from vod_new union all select channel_id from vod_old) x; end if; insert into vod_search_versions (channel_id, version) select ch.id, nextval('vod_search_version_seq') from channels ch where ch.id = any(changed) on conflict (channel_id) do update set version = excluded.version; return null; end $$;
    create trigger vod_media_assets_search_insert after insert on vod_media_assets referencing new table as vod_new for each statement execute function vod_search_bump_rows();
    create trigger vod_media_assets_search_update after update on vod_media_assets referencing old table as vod_old new table as vod_new for each statement execute function vod_search_bump_rows();
    create trigger vod_media_assets_search_delete after delete on vod_media_assets referencing old table as vod_old for each statement execute function vod_search_bump_rows();
    create trigger vod_media_categories_search_insert after insert on vod_media_categories referencing new table as vod_new for each statement execute function vod_search_bump_rows();
    create trigger vod_media_categories_search_update after update on vod_media_categories referencing old table as vod_old new table as vod_new for each statement execute function vod_search_bump_rows();
    create trigger vod_media_categories_search_delete after delete on vod_media_categories referencing old table as vod_old for each statement execute function vod_search_bump_rows()
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger if exists vod_media_assets_search_insert on vod_media_assets;
    drop trigger if exists vod_media_assets_search_update on vod_media_assets;
    drop trigger if exists vod_media_assets_search_delete on vod_media_assets;
    drop trigger if exists vod_media_categories_search_insert on vod_media_categories;
    drop trigger if exists vod_media_categories_search_update on vod_media_categories;
    drop trigger if exists vod_media_categories_search_delete on vod_media_categories;
    drop function if exists vod_search_bump_rows()
    `,
  );
}
