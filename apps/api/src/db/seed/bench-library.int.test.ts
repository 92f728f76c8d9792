import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { seedBenchLibrary } from './bench-library.js';

let database: DatabaseHandle;
let channelId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = await seedBenchLibrary(database.db, { items: 600 });
  expect(seeded.created).toBe(true);
  channelId = seeded.channelId;
});
afterAll(() => database.close());

describe('seedBenchLibrary', () => {
  it('publishes the items in categories and rails, once', async () => {
    const count = async (table: 'vod_media_items' | 'vod_media_categories' | 'vod_media_rails') =>
      (
        await database.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('channel_id', '=', channelId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('vod_media_items')).toBe(600);
    expect(await count('vod_media_categories')).toBe(12);
    expect(await count('vod_media_rails')).toBe(6);
    expect(await seedBenchLibrary(database.db, { items: 600 })).toEqual({
      channelId,
      created: false,
    });
  });

  it('makes common words common and keeps the lexicon small', async () => {
    const hits = await sql<{ n: number }>`
      select count(*)::int as n from vod_media_items
      where channel_id = ${channelId} and search_doc @@ to_tsquery('english', 'hockey')`.execute(
      database.db,
    );
    expect(hits.rows[0]?.n).toBe(150);
    const words = await sql<{ n: number }>`
      select count(*)::int as n from vod_search_words where channel_id = ${channelId}`.execute(
      database.db,
    );
    expect(words.rows[0]?.n).toBeLessThan(100);
  });
});
