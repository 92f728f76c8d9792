import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The lexemes of each channel's library (issue 32): every lexeme of its items' search_doc, kept by
 * a trigger like vod_search_words (0011), in the "C" collation so `like 'stem%'` reads a range of
 * the primary key. A typed word is matched by its start; a prefix tsquery ('hock':*) makes GIN
 * recheck every match against its row's whole tsvector (~6 µs a row: a common word's 2 500 matches
 * cost more than the rest of the search), while the same prefix spelt as the channel's lexemes that
 * start with it ('hockey' | 'hockeys') is answered by the index alone. Same matches: the lexicon
 * holds every lexeme an item has (a deleted item's stay, and only widen an OR with lexemes no item
 * has). The trigger function is written on one line: migrations run statement by statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table vod_search_lexemes (
      channel_id int not null references channels(id) on delete cascade,
      lexeme text collate "C" not null,
      primary key (channel_id, lexeme)
    );

    create or replace function vod_search_lexemes_collect() returns trigger language plpgsql as $$ begin insert into vod_search_lexemes (channel_id, lexeme) select new.channel_id, l from unnest(tsvector_to_array(new.search_doc)) as l on conflict do nothing; return null; end $$;
    create trigger vod_media_items_lexemes after insert or update of title, description on vod_media_items for each row execute function vod_search_lexemes_collect();

    insert into vod_search_lexemes (channel_id, lexeme) select distinct i.channel_id, l from vod_media_items i, unnest(tsvector_to_array(i.search_doc)) as l on conflict do nothing
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger if exists vod_media_items_lexemes on vod_media_items;
    drop function if exists vod_search_lexemes_collect();
    drop table if exists vod_search_lexemes
    `,
  );
}
