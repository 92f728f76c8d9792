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
 * has).
 *
 * vod_search_queries(channel, words, fuzzy, max) is what the repository's terms() and its JS did in
 * a round trip of its own before each search (0011): the typed words as one tsquery to match (each
 * word by its start, English and French, spelt as lexemes when at most `max` begin with it, or by
 * its 3 closest known words when it is a typo: 4+ letters, no known word starts with it, pg_trgm
 * similarity above 0.3), null when a word matches nothing, and one to rank with (the starts as
 * typed). PL/pgSQL with a generic plan, so that each connection plans its query once, like a
 * prepared statement (as plain SQL it was planned on every search; with custom plans PL/pgSQL
 * re-planned it on every call too); the listing calls it as an InitPlan. `offset 0` keeps each
 * word's fold, starts and corrections computed once rather than inlined at each use. Function bodies are written on one line: migrations run
 * statement by statement.
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

    insert into vod_search_lexemes (channel_id, lexeme) select distinct i.channel_id, l from vod_media_items i, unnest(tsvector_to_array(i.search_doc)) as l on conflict do nothing;

    create or replace function vod_search_queries(ch int, typed text[], fuzzy boolean[], max_lexemes int, out match tsquery, out rank tsquery) language plpgsql stable parallel safe set plan_cache_mode = force_generic_plan as $$ begin select case when count(w.match) = count(*) then string_agg('(' || w.match || ')', ' & ' order by w.n)::tsquery end, coalesce(string_agg('(' || w.rank || ')', ' | ' order by w.n), '')::tsquery into match, rank from ( select q.n, (select string_agg(distinct '(' || t.spelt || ')', ' | ') from unnest(s.spelt || c.parts) as t(spelt)) as match, (select string_agg(distinct '(' || t.part || ')', ' | ') from unnest(s.parts || c.parts) as t(part)) as rank from (select u.n, u.fuzzy, vod_fold(u.typed) as fold from unnest(typed, fuzzy) with ordinality as u(typed, fuzzy, n) offset 0) as q cross join lateral ( select coalesce(array_agg(p.part), '{}') as parts, coalesce(array_agg(case when x.stem is null or cardinality(x.lexemes) > max_lexemes then p.part when cardinality(x.lexemes) > 0 then (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' | ') from unnest(x.lexemes) as l) end), '{}') as spelt from unnest(array[to_tsquery('english', quote_literal(q.fold) || ':*')::text, to_tsquery('french', quote_literal(q.fold) || ':*')::text]) as p(part) cross join lateral (select (regexp_match(p.part, '^''([[:alnum:]]+)'':\\*$'))[1] as stem offset 0) as st cross join lateral (select st.stem, array(select l.lexeme from vod_search_lexemes l where l.channel_id = ch and l.lexeme between st.stem and st.stem || chr(1114111) and starts_with(l.lexeme, st.stem) order by l.lexeme limit max_lexemes + 1) as lexemes) as x where p.part <> '' offset 0 ) as s cross join lateral ( select array( select unnest(array[to_tsquery('english', quote_literal(c.word))::text, to_tsquery('french', quote_literal(c.word))::text]) from ( select w.word from vod_search_words w where q.fuzzy and w.channel_id = ch and w.word % q.fold and not exists (select 1 from vod_search_words p where p.channel_id = ch and p.word like q.fold || '%') order by similarity(w.word, q.fold) desc, w.word limit 3 ) as c ) as parts offset 0 ) as c ) as w; end $$
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop function if exists vod_search_queries(int, text[], boolean[], int);
    drop trigger if exists vod_media_items_lexemes on vod_media_items;
    drop function if exists vod_search_lexemes_collect();
    drop table if exists vod_search_lexemes
    `,
  );
}
