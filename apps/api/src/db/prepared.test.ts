import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepared, prepareMarkedStatements } from './prepared.js';

/** A pg client stand-in that records what reaches pg's own query(). */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = {
    query: (...args: unknown[]) => {
      calls.push(args);
      return Promise.resolve({ rows: [] });
    },
  };
  prepareMarkedStatements(client);
  return { client, calls };
}

describe('prepared statements', () => {
  it('sends a marked statement as a named one, one name per SQL text', async () => {
    const { client, calls } = recordingClient();
    const search = prepared(CompiledQuery.raw('select $1::int as n', [1]));
    const other = prepared(CompiledQuery.raw('select $1::int + 1 as n', [2]));
    await client.query(search.sql, [...search.parameters]);
    await client.query(search.sql, [3]);
    await client.query(other.sql, [...other.parameters]);

    const configs = calls.map((c) => c[0] as { name: string; text: string; values: unknown[] });
    expect(configs[0]).toEqual({ name: expect.any(String), text: search.sql, values: [1] });
    expect(configs[1]).toEqual({ name: configs[0]?.name, text: search.sql, values: [3] });
    expect(configs[2]?.name).not.toBe(configs[0]?.name);
    expect(configs[2]?.text).toBe(other.sql);
  });

  it('passes every other statement through untouched', async () => {
    const { client, calls } = recordingClient();
    const done = () => undefined;
    await client.query('set random_page_cost = 1.1');
    await client.query('select $1::int', [1]);
    await client.query('select 1', done);
    expect(calls).toEqual([
      ['set random_page_cost = 1.1'],
      ['select $1::int', [1]],
      ['select 1', done],
    ]);
  });

  it('keeps the statement itself: the mark is a leading SQL comment', () => {
    const query = CompiledQuery.raw('select 1', []);
    const marked = prepared(query);
    expect(marked.sql).toMatch(/^\/\*[^*]*\*\/ select 1$/);
    expect(marked.parameters).toBe(query.parameters);
  });
});
