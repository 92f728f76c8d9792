import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * Game and team search that forgives typos and accents (issue 32): "Voyagers" finds the
 * Voyageurs, "Montreal" finds Montréal. The same design as the VOD library's (0009, 0011):
 *  - the names are indexed folded (vod_fold: lower case, no accents, IMMUTABLE), on both sides;
 *  - each channel keeps a lexicon of the words of its games', teams' and rinks' names
 *    (catalogue_search_words, 4 letters or more, kept by triggers), with a trigram index;
 *  - catalogue_search_query(channel, words) turns the typed words into one tsquery: each word by
 *    its start, or, for a word of 4+ letters that no known word starts with, its 3 closest known
 *    words (pg_trgm similarity above 0.3). A word that exists is taken as typed.
 * The listing query stays a GIN match on a constant (the function runs once, as an InitPlan).
 * Trigger functions are written on one line: migrations run statement by statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table catalogue_search_words (
      channel_id int not null references channels(id) on delete cascade,
      word text not null,
      primary key (channel_id, word)
    );
    create index catalogue_search_words_trgm on catalogue_search_words using gin (word gin_trgm_ops);

    create or replace function catalogue_search_words_add(ch int, doc text) returns void language sql as $$ insert into catalogue_search_words (channel_id, word) select distinct ch, w from unnest(regexp_split_to_array(vod_fold(doc), '[^[:alnum:]]+')) as w where length(w) >= 4 on conflict do nothing $$;
    create or replace function catalogue_search_words_of_event() returns trigger language plpgsql as $$ begin perform catalogue_search_words_add(new.channel_id, coalesce(new.name->>'en', '') || ' ' || coalesce(new.name->>'fr', '')); return null; end $$;
    create or replace function catalogue_search_words_of_participant() returns trigger language plpgsql as $$ begin perform catalogue_search_words_add(new.channel_id, new.name || ' ' || new.short_name); return null; end $$;
    create or replace function catalogue_search_words_of_location() returns trigger language plpgsql as $$ begin perform catalogue_search_words_add(new.channel_id, new.name || ' ' || coalesce(new.city, '')); return null; end $$;
    create trigger events_search_words after insert or update of name on events for each row execute function catalogue_search_words_of_event();
    create trigger participants_search_words after insert or update of name, short_name on participants for each row execute function catalogue_search_words_of_participant();
    create trigger locations_search_words after insert or update of name, city on locations for each row execute function catalogue_search_words_of_location();

    select catalogue_search_words_add(channel_id, coalesce(name->>'en', '') || ' ' || coalesce(name->>'fr', '')) from events;
    select catalogue_search_words_add(channel_id, name || ' ' || short_name) from participants;
    select catalogue_search_words_add(channel_id, name || ' ' || coalesce(city, '')) from locations;

    create or replace function catalogue_search_query(ch int, typed text[]) returns tsquery language sql stable parallel safe as $$ select to_tsquery('simple', string_agg('(' || w.part || ')', ' & ' order by w.n)) from (select q.n, array_to_string(array[quote_literal(q.fold) || ':*'] || array(select quote_literal(c.word) from catalogue_search_words c where length(q.fold) >= 4 and c.channel_id = ch and c.word % q.fold and not exists (select 1 from catalogue_search_words p where p.channel_id = ch and p.word like q.fold || '%') order by similarity(c.word, q.fold) desc, c.word limit 3), ' | ') as part from (select u.n, vod_fold(u.t) as fold from unnest(typed) with ordinality as u(t, n)) q where q.fold <> '') w $$;

    drop index if exists events_search;
    create index events_search on events using gin (to_tsvector('simple', vod_fold(coalesce(name->>'en', '') || ' ' || coalesce(name->>'fr', ''))));
    drop index if exists participants_search;
    create index participants_search on participants using gin (to_tsvector('simple', vod_fold(name || ' ' || short_name)))
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop index if exists participants_search;
    create index participants_search on participants using gin (to_tsvector('simple', name || ' ' || short_name));
    drop index if exists events_search;
    create index events_search on events using gin (to_tsvector('simple', coalesce(name->>'en', '') || ' ' || coalesce(name->>'fr', '')));
    drop function if exists catalogue_search_query(int, text[]);
    drop trigger if exists events_search_words on events;
    drop trigger if exists participants_search_words on participants;
    drop trigger if exists locations_search_words on locations;
    drop function if exists catalogue_search_words_of_event();
    drop function if exists catalogue_search_words_of_participant();
    drop function if exists catalogue_search_words_of_location();
    drop function if exists catalogue_search_words_add(int, text);
    drop table if exists catalogue_search_words
    `,
  );
}
