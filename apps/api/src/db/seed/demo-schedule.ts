import {
  CATEGORIES,
  LEAGUE,
  LOCATIONS,
  SCHOOLS,
  TEAMS,
  type Bilingual,
  type CategoryKey,
  type LocationKey,
  type TeamKey,
  type TeamSeed,
} from './demo-content.js';
import { zonedDay, zonedWallTimeToUtc } from '../../lib/zoned-day.js';

/*
 * The demo season, placed around a given "now" so that a freshly seeded channel always has games that
 * are finished, on the ice and coming up. Calendar games are pinned to local arena times (19:00 in
 * Eastern time, whatever the server's zone); live games and the next two are pinned to now itself.
 */

export const GAME_MINUTES = 120;

type Access = 'free' | 'register' | 'paid' | 'ppv';
type Stage = 'regular' | 'rivalry' | 'showcase' | 'final';

/** When a game starts: a local day and time relative to today, or an offset from now. */
type When = { day: number; time: string } | { minutesAgo: number } | { inHours: number };

interface Fixture {
  when: When;
  away: TeamKey;
  home: TeamKey;
  access?: Access;
  stage?: Stage;
  /** Defaults to the home school's arena. */
  at?: LocationKey;
}

// 15 finished, 3 live, 22 upcoming. Teams only ever meet teams of their own category.
const FIXTURES: readonly Fixture[] = [
  { when: { day: -24, time: '19:00' }, away: 'knights', home: 'wolves' },
  { when: { day: -23, time: '19:30' }, away: 'voyageurs', home: 'rapids' },
  { when: { day: -22, time: '13:00' }, away: 'squires', home: 'rams' },
  { when: { day: -20, time: '19:00' }, away: 'harfangs', home: 'lynx' },
  { when: { day: -17, time: '19:00' }, away: 'rapids', home: 'knights', access: 'register' },
  { when: { day: -16, time: '14:00' }, away: 'wolves', home: 'voyageurs' },
  { when: { day: -15, time: '19:30' }, away: 'ravens', home: 'harfangs' },
  { when: { day: -13, time: '19:00' }, away: 'rams', home: 'squires', access: 'register' },
  { when: { day: -10, time: '19:00' }, away: 'voyageurs', home: 'knights' },
  { when: { day: -9, time: '19:30' }, away: 'lynx', home: 'ravens', access: 'register' },
  {
    when: { day: -8, time: '19:00' },
    away: 'wolves',
    home: 'rapids',
    access: 'paid',
    stage: 'rivalry',
  },
  { when: { day: -6, time: '13:00' }, away: 'squires', home: 'rams' },
  { when: { day: -4, time: '19:00' }, away: 'harfangs', home: 'ravens' },
  { when: { day: -3, time: '19:00' }, away: 'knights', home: 'voyageurs' },
  { when: { day: -1, time: '19:30' }, away: 'rapids', home: 'wolves', access: 'register' },

  { when: { minutesAgo: 15 }, away: 'lynx', home: 'harfangs' },
  {
    when: { minutesAgo: 40 },
    away: 'voyageurs',
    home: 'wolves',
    access: 'paid',
    stage: 'showcase',
    at: 'tricounty',
  },
  { when: { minutesAgo: 55 }, away: 'rams', home: 'squires' },

  { when: { inHours: 2 }, away: 'rapids', home: 'knights' },
  { when: { inHours: 5 }, away: 'ravens', home: 'lynx', access: 'register' },
  { when: { day: 1, time: '19:00' }, away: 'wolves', home: 'knights' },
  { when: { day: 1, time: '19:30' }, away: 'squires', home: 'rams' },
  { when: { day: 2, time: '13:00' }, away: 'harfangs', home: 'ravens' },
  { when: { day: 2, time: '19:00' }, away: 'rapids', home: 'voyageurs', access: 'register' },
  { when: { day: 3, time: '19:00' }, away: 'lynx', home: 'harfangs' },
  { when: { day: 4, time: '19:00' }, away: 'knights', home: 'rapids' },
  { when: { day: 5, time: '19:30' }, away: 'voyageurs', home: 'wolves', access: 'register' },
  { when: { day: 6, time: '13:00' }, away: 'rams', home: 'squires' },
  { when: { day: 7, time: '19:00' }, away: 'ravens', home: 'lynx' },
  {
    when: { day: 8, time: '19:00' },
    away: 'wolves',
    home: 'rapids',
    access: 'paid',
    stage: 'rivalry',
  },
  { when: { day: 9, time: '19:00' }, away: 'knights', home: 'voyageurs' },
  { when: { day: 10, time: '14:00' }, away: 'squires', home: 'rams', access: 'register' },
  { when: { day: 11, time: '19:00' }, away: 'harfangs', home: 'lynx' },
  { when: { day: 12, time: '19:30' }, away: 'rapids', home: 'wolves' },
  { when: { day: 13, time: '19:00' }, away: 'voyageurs', home: 'knights', access: 'register' },
  {
    when: { day: 14, time: '13:00' },
    away: 'lynx',
    home: 'ravens',
    access: 'paid',
    stage: 'showcase',
    at: 'tricounty',
  },
  { when: { day: 16, time: '19:00' }, away: 'rams', home: 'squires' },
  { when: { day: 17, time: '19:00' }, away: 'knights', home: 'wolves' },
  {
    when: { day: 20, time: '18:00' },
    away: 'harfangs',
    home: 'ravens',
    access: 'ppv',
    stage: 'final',
    at: 'tricounty',
  },
  {
    when: { day: 21, time: '19:00' },
    away: 'voyageurs',
    home: 'rapids',
    access: 'ppv',
    stage: 'final',
    at: 'tricounty',
  },
];

export interface ScheduledGame {
  start: Date;
  away: TeamSeed;
  home: TeamSeed;
  category: CategoryKey;
  location: LocationKey;
  timeZone: string;
  access: Access;
  name: Bilingual;
  description: Bilingual;
}

/** The demo season resolved against `now`. Pure: the same `now` gives the same games. */
export function buildSchedule(now: Date): ScheduledGame[] {
  return FIXTURES.map((fixture) => {
    const away = findTeam(fixture.away);
    const home = findTeam(fixture.home);
    const school = SCHOOLS.find((s) => s.key === home.school);
    const location = fixture.at ?? school?.homeArena ?? 'tricounty';
    return {
      start: resolveStart(fixture.when, now),
      away,
      home,
      category: home.category,
      location,
      timeZone: LEAGUE.timeZone,
      access: fixture.access ?? 'free',
      // Spec: with two participants an event reads 'away @ home' using short names.
      name: {
        en: `${away.shortName} @ ${home.shortName}`,
        fr: `${away.shortName} @ ${home.shortName}`,
      },
      description: describe(fixture.stage ?? 'regular', home.category, location),
    };
  });
}

function findTeam(key: TeamKey): TeamSeed {
  const found = TEAMS.find((t) => t.key === key);
  if (!found) throw new Error(`Demo schedule names an unknown team: ${key}`);
  return found;
}

function describe(stage: Stage, categoryKey: CategoryKey, locationKey: LocationKey): Bilingual {
  const category = CATEGORIES.find((c) => c.key === categoryKey);
  const place = LOCATIONS.find((l) => l.key === locationKey);
  const cat = category?.name ?? { en: '', fr: '' };
  const venue = place ? `${place.name}, ${place.city}` : '';
  switch (stage) {
    case 'rivalry':
      return {
        en: `Rivalry night in ${cat.en}. ${venue}.`,
        fr: `Soirée de rivalité, ${cat.fr}. ${venue}.`,
      };
    case 'showcase':
      return {
        en: `${cat.en} showcase game on neutral ice. ${venue}.`,
        fr: `Match vitrine, ${cat.fr}, en terrain neutre. ${venue}.`,
      };
    case 'final':
      return {
        en: `${cat.en} championship final. ${venue}.`,
        fr: `Finale du championnat, ${cat.fr}. ${venue}.`,
      };
    case 'regular':
      return {
        en: `${cat.en} regular-season game. ${venue}.`,
        fr: `Match de saison régulière, ${cat.fr}. ${venue}.`,
      };
  }
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function resolveStart(when: When, now: Date): Date {
  if ('minutesAgo' in when) {
    // Rounded down to 5 minutes so start times look like a broadcast schedule.
    const base = Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE;
    return new Date(base - when.minutesAgo * MINUTE);
  }
  if ('inHours' in when) {
    const base = Math.ceil(now.getTime() / (30 * MINUTE)) * 30 * MINUTE;
    return new Date(base + when.inHours * 60 * MINUTE);
  }
  const today = Date.parse(`${zonedDay(now, LEAGUE.timeZone)}T00:00:00Z`);
  const day = new Date(today + when.day * DAY).toISOString().slice(0, 10);
  return zonedWallTimeToUtc(`${day}T${when.time}`, LEAGUE.timeZone);
}
