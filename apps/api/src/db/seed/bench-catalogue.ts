import { sql, type Kysely } from 'kysely';
import type { Settings } from '@rudy/contracts';
import type { Database } from '../schema.js';
import { defaultSettings } from '../../modules/channel/default-settings.js';
import { insertBatched, NICKNAMES, pick } from './bench-vocabulary.js';
import { claimChannel } from './claim-channel.js';

/*
 * A large channel for the catalogue benchmark: 10 000 events, 200 teams, 50 schools, 8 sports
 * categories, 20 arenas, spread over a year around `now` so every listing (live, upcoming, VOD) is
 * full. Deterministic (no randomness): two runs give the same rows. Bulk inserts in batches keep it
 * to a few seconds, even on PGlite.
 */

export interface BenchCatalogueOptions {
  channelKey?: string;
  now?: Date;
  events?: number;
}

const SPORTS = ['Hockey', 'Basketball', 'Soccer', 'Volleyball'] as const;
const GENDERS = ['men', 'women'] as const;
const DIVISIONS = ['U16', 'U18', 'Varsity'] as const;
const LEAGUES = ['North', 'South', 'East', 'West', 'Central'] as const;
const SCHOOLS = 50;
const TEAMS_PER_SCHOOL = 4;
const ARENAS = 20;
const DAY_MS = 86_400_000;

const text = (s: string) => JSON.stringify({ en: s, fr: s });

export async function seedBenchCatalogue(
  db: Kysely<Database>,
  opts: BenchCatalogueOptions = {},
): Promise<{ channelId: number; created: boolean }> {
  const key = opts.channelKey ?? 'bench-league';
  const now = opts.now ?? new Date();
  const eventCount = opts.events ?? 10_000;

  const result = await db.transaction().execute(async (trx) => {
    const { channelId, created } = await claimChannel(trx, {
      key,
      name: 'Bench League',
      hosts: [],
    });
    if (!created) return { channelId, created };
    await insertSettings(trx, channelId);
    const { categoryIds, arenaIds, teams } = await insertLeague(trx, channelId);
    await insertEvents(trx, channelId, { categoryIds, arenaIds, teams }, now, eventCount);
    return { channelId, created: true };
  });
  if (result.created) {
    // Fresh statistics and visibility map (outside the transaction, as VACUUM requires), so the
    // planner picks index-only scans from the first request on, as autovacuum would arrange later.
    await sql`vacuum analyze events, event_participants, participants`.execute(db);
  }
  return result;
}

async function insertSettings(db: Kysely<Database>, channelId: number) {
  const settings: Settings = {
    ...defaultSettings('Bench League'),
    time_zone: 'America/New_York',
  };

  await db
    .insertInto('settings')
    .values({ channel_id: channelId, data: JSON.stringify(settings) })
    .execute();
}

interface BenchTeam {
  id: number;
  shortName: string;
  /** Index of its sport × gender bucket: teams only meet teams of their own category. */
  bucket: number;
}

async function insertLeague(db: Kysely<Database>, channelId: number) {
  const buckets = SPORTS.flatMap((sport) => GENDERS.map((gender) => ({ sport, gender })));
  const categories = await db
    .insertInto('event_categories')
    .values(
      buckets.map((b, i) => ({
        channel_id: channelId,
        name: text(`${b.sport} ${b.gender === 'men' ? "Men's" : "Women's"}`),
        alias: `${b.sport.toLowerCase()}-${b.gender}`,
        position: i + 1,
      })),
    )
    .returning('id')
    .execute();
  const arenas = await db
    .insertInto('locations')
    .values(
      Array.from({ length: ARENAS }, (_, i) => ({
        channel_id: channelId,
        name: `Arena ${i + 1}`,
        city: `City ${(i % 7) + 1}`,
        time_zone: 'America/New_York',
      })),
    )
    .returning('id')
    .execute();
  const schools = await db
    .insertInto('participant_groups')
    .values(
      Array.from({ length: SCHOOLS }, (_, i) => ({
        channel_id: channelId,
        name: `School ${i + 1}`,
        alias: `school-${i + 1}`,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('participant_group_properties')
    .values(
      (
        [
          ['sport', SPORTS],
          ['gender', GENDERS],
          ['division', DIVISIONS],
          ['league', LEAGUES],
        ] as const
      ).map(([name, values]) => ({
        channel_id: channelId,
        name,
        label: text(`${name.charAt(0).toUpperCase()}${name.slice(1)}`),
        values: [...values],
      })),
    )
    .execute();

  // Team i plays bucket i % 8, so every school fields teams in four categories.
  const teamSeeds = Array.from({ length: SCHOOLS * TEAMS_PER_SCHOOL }, (_, i) => {
    const school = Math.floor(i / TEAMS_PER_SCHOOL);
    const bucket = i % buckets.length;
    const nick = pick(NICKNAMES, i);
    return {
      bucket,
      row: {
        channel_id: channelId,
        name: `School ${school + 1} ${nick}`,
        short_name: `S${school + 1} ${nick}`,
        alias: `team-${i + 1}`,
        color: `#${((i * 2_654_435) % 0xffffff).toString(16).padStart(6, '0')}`,
        participant_group_id: schools[school]?.id ?? null,
        gender: buckets[bucket]?.gender ?? null,
        sport: buckets[bucket]?.sport ?? null,
        division: pick(DIVISIONS, school),
        league: pick(LEAGUES, school),
        parent_id: null,
      },
    };
  });
  const teamRows = await db
    .insertInto('participants')
    .values(teamSeeds.map((t) => t.row))
    .returning(['id', 'alias', 'short_name'])
    .execute();
  const byAlias = new Map(teamRows.map((r) => [r.alias, r]));
  const teams: BenchTeam[] = teamSeeds.map((t) => {
    const row = byAlias.get(t.row.alias);
    if (!row) throw new Error(`bench seed lost team ${t.row.alias}`);
    return { id: row.id, shortName: row.short_name, bucket: t.bucket };
  });
  return {
    categoryIds: categories.map((c) => c.id),
    arenaIds: arenas.map((a) => a.id),
    teams,
  };
}

async function insertEvents(
  db: Kysely<Database>,
  channelId: number,
  refs: { categoryIds: number[]; arenaIds: number[]; teams: BenchTeam[] },
  now: Date,
  count: number,
) {
  // Ids are taken from the sequence first, so participant rows need no insert-order assumption.
  const ids = await sql<{ id: number }>`
    select nextval(pg_get_serial_sequence('events', 'id'))::int as id from generate_series(1, ${count})
  `.execute(db);
  const bucketTeams = refs.categoryIds.map((_, b) => refs.teams.filter((t) => t.bucket === b));
  const first = now.getTime() - 182 * DAY_MS;
  const step = (365 * DAY_MS) / count;
  const events = [];
  const participants = [];
  for (let k = 0; k < count; k++) {
    const id = ids.rows[k]?.id;
    const bucket = k % refs.categoryIds.length;
    const teams = bucketTeams[bucket] ?? [];
    const home = pick(teams, k * 7);
    const away = pick(teams, k * 7 + 1 + (k % (teams.length - 1)));
    if (id === undefined || home.id === away.id) throw new Error('bench seed: bad pairing');
    const start = Math.floor((first + k * step) / 300_000) * 300_000;
    events.push({
      id,
      channel_id: channelId,
      name: text(`${away.shortName} @ ${home.shortName}`),
      description: null,
      event_category_id: refs.categoryIds[bucket] ?? null,
      location_id: pick(refs.arenaIds, k),
      event_utc_ts: new Date(start),
      duration_minutes: 120,
      time_zone: 'America/New_York',
      access_type: pick(
        [
          'free',
          'free',
          'free',
          'free',
          'free',
          'free',
          'register',
          'register',
          'paid',
          'ppv',
        ] as const,
        k,
      ),
      home_participant_id: home.id,
      image_url: null,
      single_event_package_id: null,
      geo_allowed_countries: null,
      geo_blocked_countries: null,
    });
    participants.push(
      { channel_id: channelId, event_id: id, participant_id: home.id, is_home: true },
      { channel_id: channelId, event_id: id, participant_id: away.id, is_home: false },
    );
  }
  await insertBatched(events, (batch) => db.insertInto('events').values(batch).execute());
  await insertBatched(participants, (batch) =>
    db.insertInto('event_participants').values(batch).execute(),
  );
}
