import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';
import { up as versionsUp } from './0015-vod-search-versions.js';
import { up as versionRowsUp } from './0017-vod-search-versions-rows.js';

/*
 * The VOD search is PostgreSQL's alone again (issue 32): the in-process index is gone, and with it
 * the per-channel search version its exactness rested on (0015, 0017). Its statement triggers ran
 * on every write to items, categories and assets; nothing reads the number any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger if exists vod_media_items_search_insert on vod_media_items;
    drop trigger if exists vod_media_items_search_update on vod_media_items;
    drop trigger if exists vod_media_items_search_delete on vod_media_items;
    drop trigger if exists vod_media_assets_search_insert on vod_media_assets;
    drop trigger if exists vod_media_assets_search_update on vod_media_assets;
    drop trigger if exists vod_media_assets_search_delete on vod_media_assets;
    drop trigger if exists vod_media_categories_search_insert on vod_media_categories;
    drop trigger if exists vod_media_categories_search_update on vod_media_categories;
    drop trigger if exists vod_media_categories_search_delete on vod_media_categories;
    drop function if exists vod_search_bump();
    drop function if exists vod_search_bump_rows();
    drop table if exists vod_search_versions;
    drop sequence if exists vod_search_version_seq
    `,
  );
}

/** Back to 0025's state: the version machinery again, every channel numbered afresh. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await versionsUp(db);
  await versionRowsUp(db);
}
