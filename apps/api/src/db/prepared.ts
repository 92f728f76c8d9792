import type { CompiledQuery } from 'kysely';

/*
 * Named prepared statements for the few hot statements that are worth it (the library's search:
 * planning its statement cost PostgreSQL about as much as executing it). A statement marked with
 * `prepared()` runs as a named statement on each pooled connection: PostgreSQL plans it for its
 * first five executions, then keeps a generic plan when that costs no more than the custom ones
 * (plan_cache_mode auto), and later executions skip parsing and planning. Kysely's driver only
 * passes SQL text, so the mark is a leading comment, which PGlite and any other client simply
 * read as a comment. Names are per SQL text, one per distinct marked statement shape, so a
 * connection holds a handful of them, never one per search.
 */

const MARK = '/* prepared */ ';

const names = new Map<string, string>();

/** The same statement, marked to run as a named prepared statement on a PostgreSQL server. */
export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  return { ...query, sql: MARK + query.sql };
}

/** The statement name for a marked SQL text; undefined for any other. */
export function statementName(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text.startsWith(MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

interface Queryable {
  query: (...args: never[]) => unknown;
}

/**
 * Makes a pg client send marked statements as named ones (pg then parses each once per
 * connection); every other call is passed through untouched.
 */
export function prepareMarkedStatements(client: Queryable): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = (text: unknown, ...rest: unknown[]) => {
    const name = statementName(text);
    if (name === undefined || typeof rest[0] === 'function') return query(text, ...rest);
    return query({ name, text, values: rest[0] ?? [] }, ...rest.slice(1));
  };
}
