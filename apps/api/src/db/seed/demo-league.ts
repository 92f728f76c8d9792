import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import {
  CATEGORIES,
  LEAGUE,
  LOCATIONS,
  PROPERTY_LABELS,
  SCHOOLS,
  SPORT,
  TEAMS,
  type Bilingual,
  type CategoryKey,
  type LocationKey,
  type PropertyName,
  type SchoolKey,
  type TeamKey,
} from './demo-content.js';
import { GAME_MINUTES, buildSchedule, type ScheduledGame } from './demo-schedule.js';
import { categoryIcon, matchupImage, schoolCrest, teamLogo } from './svg-art.js';

/* Inserts the sporting side of the demo channel: categories, arenas, schools, teams and games. */

/** Database ids of the seeded rows, by their key in the demo tables. */
export interface LeagueRefs {
  categories: Map<CategoryKey, number>;
  locations: Map<LocationKey, number>;
  schools: Map<SchoolKey, number>;
  teams: Map<TeamKey, number>;
}

export interface SeededGame {
  id: number;
  game: ScheduledGame;
}

export function i18n(text: Bilingual): string {
  return JSON.stringify(text);
}

export function idOf<K>(map: Map<K, number>, key: K): number {
  const id = map.get(key);
  if (id === undefined)
    throw new Error(`Demo seed refers to a row it did not create: ${String(key)}`);
  return id;
}

/** Maps seed keys to the ids of a bulk insert, matched through a column that is unique per channel. */
function idsByKey<S extends { key: string }>(
  seeds: readonly S[],
  uniqueOf: (seed: S) => string,
  rows: readonly (readonly [string, number])[],
): Map<S['key'], number> {
  const idByUnique = new Map(rows);
  return new Map(seeds.map((seed) => [seed.key, idOf(idByUnique, uniqueOf(seed))]));
}

export async function insertLeague(db: Kysely<Database>, channelId: number): Promise<LeagueRefs> {
  const categoryRows = await db
    .insertInto('event_categories')
    .values(
      CATEGORIES.map((c, index) => ({
        channel_id: channelId,
        name: i18n(c.name),
        alias: c.alias,
        image_url: categoryIcon({ label: c.label, color: c.color }),
        position: index + 1,
      })),
    )
    .returning(['id', 'alias'])
    .execute();

  const locationRows = await db
    .insertInto('locations')
    .values(
      LOCATIONS.map((l) => ({
        channel_id: channelId,
        name: l.name,
        address: l.address,
        city: l.city,
        time_zone: LEAGUE.timeZone,
      })),
    )
    .returning(['id', 'name'])
    .execute();

  const schoolRows = await db
    .insertInto('participant_groups')
    .values(
      SCHOOLS.map((s) => ({
        channel_id: channelId,
        name: s.name,
        alias: s.alias,
        image_url: schoolCrest({ monogram: s.monogram, colors: s.colors, founded: s.founded }),
      })),
    )
    .returning(['id', 'alias'])
    .execute();

  const refs: Omit<LeagueRefs, 'teams'> = {
    categories: idsByKey(
      CATEGORIES,
      (c) => c.alias,
      categoryRows.map((r) => [r.alias, r.id] as const),
    ),
    locations: idsByKey(
      LOCATIONS,
      (l) => l.name,
      locationRows.map((r) => [r.name, r.id] as const),
    ),
    schools: idsByKey(
      SCHOOLS,
      (s) => s.alias,
      schoolRows.map((r) => [r.alias, r.id] as const),
    ),
  };

  await insertProperties(db, channelId);

  const teamRows = await db
    .insertInto('participants')
    .values(
      TEAMS.map((t) => ({
        channel_id: channelId,
        name: t.name,
        short_name: t.shortName,
        alias: t.alias,
        logo_url: teamLogo({ monogram: t.monogram, color: t.color, shape: t.shape }),
        color: t.color,
        parent_id: null,
        participant_group_id: idOf(refs.schools, t.school),
        gender: t.gender,
        sport: SPORT,
        division: t.division,
        league: t.league,
      })),
    )
    .returning(['id', 'alias'])
    .execute();

  const teams = idsByKey(
    TEAMS,
    (t) => t.alias,
    teamRows.map((r) => [r.alias, r.id] as const),
  );
  return { ...refs, teams };
}

/** The filter properties, with value lists collected from the teams so they never disagree. */
async function insertProperties(db: Kysely<Database>, channelId: number): Promise<void> {
  const valuesOf: Record<PropertyName, string[]> = {
    gender: TEAMS.map((t) => t.gender),
    sport: [SPORT],
    division: TEAMS.map((t) => t.division),
    league: TEAMS.map((t) => t.league),
  };
  const names = Object.keys(PROPERTY_LABELS) as PropertyName[];
  await db
    .insertInto('participant_group_properties')
    .values(
      names.map((name) => ({
        channel_id: channelId,
        name,
        label: i18n(PROPERTY_LABELS[name]),
        values: [...new Set(valuesOf[name])].sort(),
      })),
    )
    .execute();
}

export async function insertGames(
  db: Kysely<Database>,
  channelId: number,
  refs: LeagueRefs,
  now: Date,
): Promise<SeededGame[]> {
  const seeded: SeededGame[] = [];
  // One insert per game: each needs its own id for the two participant rows.
  for (const game of buildSchedule(now)) {
    const homeId = idOf(refs.teams, game.home.key);
    const awayId = idOf(refs.teams, game.away.key);
    const { id } = await db
      .insertInto('events')
      .values({
        channel_id: channelId,
        name: i18n(game.name),
        description: i18n(game.description),
        event_category_id: idOf(refs.categories, game.category),
        location_id: idOf(refs.locations, game.location),
        event_utc_ts: game.start,
        duration_minutes: GAME_MINUTES,
        time_zone: game.timeZone,
        access_type: game.access,
        home_participant_id: homeId,
        image_url: matchupImage({ away: game.away, home: game.home }),
        single_event_package_id: null,
        geo_allowed_countries: null,
        geo_blocked_countries: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('event_participants')
      .values([
        { channel_id: channelId, event_id: id, participant_id: homeId, is_home: true },
        { channel_id: channelId, event_id: id, participant_id: awayId, is_home: false },
      ])
      .execute();
    seeded.push({ id, game });
  }
  return seeded;
}
