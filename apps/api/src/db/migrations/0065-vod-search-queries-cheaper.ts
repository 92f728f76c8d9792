import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

/*
 * The library search's tsqueries (0064's vod_search_queries) for less CPU a call, same answers:
 *  - the typed words are folded with vod_fold's own expression written out: vod_fold is IMMUTABLE
 *    over the STABLE unaccent (as its indexes need), so PostgreSQL never inlines it, and every call
 *    of this function planned vod_fold's body afresh (up to a quarter of its CPU);
 *  - each start's list of lexemes is computed once (`offset 0`), not once for each of its three
 *    uses.
 * Checked: the same match and rank, text for text, for the 571 searches of bench/vod-search.ts on
 * both the bench library and the demo channel. Written on one line: migrations run statement by
 * statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create or replace function vod_search_queries(ch int, typed text[], fuzzy boolean[], max_lexemes int, out match tsquery, out rank tsquery) language plpgsql stable parallel safe set plan_cache_mode = force_generic_plan as $$ begin select case when count(w.match) = count(*) then string_agg('(' || w.match || ')', ' & ' order by w.n)::tsquery end, coalesce(string_agg('(' || w.rank || ')', ' | ' order by w.n), '')::tsquery into match, rank from ( select q.n, (select string_agg(distinct '(' || t.spelt || ')', ' | ') from unnest(s.spelt || c.parts) as t(spelt)) as match, (select string_agg(distinct '(' || t.part || ')', ' | ') from unnest(s.parts || c.parts) as t(part)) as rank from (select u.n, u.fuzzy, lower(public.unaccent('public.unaccent'::regdictionary, u.typed)) as fold from unnest(typed, fuzzy) with ordinality as u(typed, fuzzy, n) offset 0) as q cross join lateral ( select coalesce(array_agg(p.part), '{}') as parts, coalesce(array_agg(case when x.stem is null or cardinality(x.lexemes) > max_lexemes then p.part when cardinality(x.lexemes) > 0 then (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' | ') from unnest(x.lexemes) as l) end), '{}') as spelt from unnest(array[to_tsquery('english', quote_literal(q.fold) || ':*')::text, to_tsquery('french', quote_literal(q.fold) || ':*')::text]) as p(part) cross join lateral (select (regexp_match(p.part, '^''([[:alnum:]]+)'':\\*$'))[1] as stem offset 0) as st cross join lateral (select st.stem, array(select l.lexeme from vod_search_lexemes l where l.channel_id = ch and l.lexeme between st.stem and st.stem || chr(1114111) and starts_with(l.lexeme, st.stem) order by l.lexeme limit max_lexemes + 1) as lexemes offset 0) as x where p.part <> '' offset 0 ) as s cross join lateral ( select array( select unnest(array[to_tsquery('english', quote_literal(c.word))::text, to_tsquery('french', quote_literal(c.word))::text]) from ( select w.word from vod_search_words w where q.fuzzy and w.channel_id = ch and w.word % q.fold and not exists (select 1 from vod_search_words p where p.channel_id = ch and p.word like q.fold || '%') order by similarity(w.word, q.fold) desc, w.word limit 3 ) as c ) as parts offset 0 ) as c ) as w; end $$
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create or replace function vod_search_queries(ch int, typed text[], fuzzy boolean[], max_lexemes int, out match tsquery, out rank tsquery) language plpgsql stable parallel safe set plan_cache_mode = force_generic_plan as $$ begin select case when count(w.match) = count(*) then string_agg('(' || w.match || ')', ' & ' order by w.n)::tsquery end, coalesce(string_agg('(' || w.rank || ')', ' | ' order by w.n), '')::tsquery into match, rank from ( select q.n, (select string_agg(distinct '(' || t.spelt || ')', ' | ') from unnest(s.spelt || c.parts) as t(spelt)) as match, (select string_agg(distinct '(' || t.part || ')', ' | ') from unnest(s.parts || c.parts) as t(part)) as rank from (select u.n, u.fuzzy, vod_fold(u.typed) as fold from unnest(typed, fuzzy) with ordinality as u(typed, fuzzy, n) offset 0) as q cross join lateral ( select coalesce(array_agg(p.part), '{}') as parts, coalesce(array_agg(case when x.stem is null or cardinality(x.lexemes) > max_lexemes then p.part when cardinality(x.lexemes) > 0 then (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' | ') from unnest(x.lexemes) as l) end), '{}') as spelt from unnest(array[to_tsquery('english', quote_literal(q.fold) || ':*')::text, to_tsquery('french', quote_literal(q.fold) || ':*')::text]) as p(part) cross join lateral (select (regexp_match(p.part, '^''([[:alnum:]]+)'':\\*$'))[1] as stem offset 0) as st cross join lateral (select st.stem, array(select l.lexeme from vod_search_lexemes l where l.channel_id = ch and l.lexeme between st.stem and st.stem || chr(1114111) and starts_with(l.lexeme, st.stem) order by l.lexeme limit max_lexemes + 1) as lexemes) as x where p.part <> '' offset 0 ) as s cross join lateral ( select array( select unnest(array[to_tsquery('english', quote_literal(c.word))::text, to_tsquery('french', quote_literal(c.word))::text]) from ( select w.word from vod_search_words w where q.fuzzy and w.channel_id = ch and w.word % q.fold and not exists (select 1 from vod_search_words p where p.channel_id = ch and p.word like q.fold || '%') order by similarity(w.word, q.fold) desc, w.word limit 3 ) as c ) as parts offset 0 ) as c ) as w; end $$
    `,
  );
}
