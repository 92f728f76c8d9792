import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Typo tolerance of the VOD search through a lexicon rather than every item's text (0009 compared
 * each search word with each item's whole folded text by trigram word similarity: ~70 µs a row,
 * and a date-ordered plan could visit all 10 000 items for a word that matches none). Now a typed
 * word that no known word starts with is corrected to the channel's closest known words (pg_trgm
 * similarity on `vod_search_words`, a few thousand rows at most), and the search itself is pure
 * full-text on `search_doc`, whose statistics the planner reads well.
 *
 * The lexicon is the folded words (4+ letters) of the channel's titles and descriptions, kept by
 * a trigger; a word of a deleted item stays, which at worst suggests a correction that finds
 * nothing. The trigger function is written on one line: migrations run statement by statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table vod_search_words (
      channel_id int not null references channels(id) on delete cascade,
      word text not null,
      primary key (channel_id, word)
    );
    create index vod_search_words_trgm on vod_search_words using gin (word gin_trgm_ops);

    create or replace function vod_search_words_collect() returns trigger language plpgsql as $$ begin insert into vod_search_words (channel_id, word) select new.channel_id, w from unnest(regexp_split_to_array(new.search_text, '[^[:alnum:]]+')) as w where length(w) >= 4 on conflict do nothing; return null; end $$;
    create trigger vod_media_items_words after insert or update of title, description on vod_media_items for each row execute function vod_search_words_collect();

    insert into vod_search_words (channel_id, word) select distinct i.channel_id, w from vod_media_items i, unnest(regexp_split_to_array(i.search_text, '[^[:alnum:]]+')) as w where length(w) >= 4 on conflict do nothing;

    drop index if exists vod_media_items_search_text
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create index if not exists vod_media_items_search_text on vod_media_items using gin (search_text gin_trgm_ops);
    drop trigger if exists vod_media_items_words on vod_media_items;
    drop function if exists vod_search_words_collect();
    drop table if exists vod_search_words
    `,
  );
}
