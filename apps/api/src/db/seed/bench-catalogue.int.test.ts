import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';
import { seedBenchCatalogue } from './bench-catalogue.js';

let database: DatabaseHandle;
let channelId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = await seedBenchCatalogue(database.db, { channelKey: 'bench-league' });
  expect(seeded.created).toBe(true);
  channelId = seeded.channelId;
});
afterAll(() => database.close());

const count = async (
  table: 'events' | 'participants' | 'participant_groups' | 'event_participants',
) => {
  const row = await database.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return row.n;
};

describe('seedBenchCatalogue', () => {
  it('creates 10 000 events, 200 teams and 50 schools', async () => {
    expect(await count('events')).toBe(10_000);
    expect(await count('participants')).toBe(200);
    expect(await count('participant_groups')).toBe(50);
    expect(await count('event_participants')).toBe(20_000);
  });

  it('pairs two different teams of the same sport and gender, home team marked', async () => {
    const bad = await sql<{ n: number }>`
      select count(*)::int as n from events e
      join event_participants h on h.event_id = e.id and h.is_home
      join event_participants a on a.event_id = e.id and not a.is_home
      join participants hp on hp.id = h.participant_id
      join participants ap on ap.id = a.participant_id
      where e.channel_id = ${channelId}
        and (hp.id = ap.id or hp.sport <> ap.sport or hp.gender <> ap.gender
             or e.home_participant_id <> hp.id)
    `.execute(database.db);
    expect(bad.rows[0]?.n).toBe(0);
  });

  it('spreads the events over the past and the future, and is idempotent', async () => {
    const now = new Date();
    const past = await database.db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('channel_id', '=', channelId)
      .where('event_utc_ts', '<', now)
      .executeTakeFirstOrThrow();
    expect(past.n).toBeGreaterThan(4_000);
    expect(past.n).toBeLessThan(6_000);
    const again = await seedBenchCatalogue(database.db, { channelKey: 'bench-league' });
    expect(again).toEqual({ channelId, created: false });
    expect(await count('events')).toBe(10_000);
  });
});
