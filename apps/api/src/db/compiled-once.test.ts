import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.js';

interface Tables {
  api_keys: { id: number; key_hash: Buffer; revoked_at: Date | null; expires_at: Date };
}

// Compiles as the product's PostgreSQL and PGlite dialects do; runs nothing.
const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const lookup = (hash: Buffer, now: Date) =>
  db
    .selectFrom('api_keys')
    .select('id')
    .where('key_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('id', '>', 0)
    .where('expires_at', '>', now);

describe('compiledOnce', () => {
  it('gives the SQL and parameters the builder gives, built once', () => {
    let builds = 0;
    const once = compiledOnce(2, (hash: Buffer, now: Date) => {
      builds += 1;
      return lookup(hash, now);
    });
    for (const [hash, now] of [
      [Buffer.from('a'), new Date(1)],
      [Buffer.from('b'), new Date(2)],
    ] as const) {
      const fresh = lookup(hash, now).compile();
      const reused = once(hash, now);
      expect(reused.sql).toBe(fresh.sql);
      // The statement's own constant (0) stays where it is; the arguments take their places.
      expect(reused.parameters).toEqual(fresh.parameters);
      expect(reused.parameters).toEqual([hash, 0, now]);
    }
    expect(builds).toBe(1);
  });

  it('gives each call its own query id', () => {
    const once = compiledOnce(2, lookup);
    expect(once(Buffer.from('a'), new Date()).queryId).not.toBe(
      once(Buffer.from('a'), new Date()).queryId,
    );
  });

  it('refuses a shape where an argument does not become a parameter', () => {
    // `now` only shapes the statement and never becomes a parameter: later calls' values would be
    // ignored.
    const once = compiledOnce(2, (hash: Buffer, now: Date) =>
      db
        .selectFrom('api_keys')
        .select('id')
        .where('key_hash', '=', hash)
        .where('revoked_at', now ? 'is' : 'is not', null),
    );
    expect(() => once(Buffer.from('a'), new Date())).toThrow(/argument 1 is not a parameter/);
  });
});
