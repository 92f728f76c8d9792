import ical from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Locale } from '@rudy/contracts';
import { zonedWallTime } from '../../lib/zoned-day.js';
import { displayName } from '../events/event-rules.js';
import type { CalendarGame } from './calendar.repository.js';

/** Seconds added: ical-generator reads a full ISO local time. */
const zonedTime = (at: Date, zone: string) => `${zonedWallTime(at, zone)}:00`;

function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/**
 * One iCalendar feed (RFC 5545). Each game keeps its UID for good (its id and its channel's), so
 * a calendar app updates the game it holds rather than adding another. A moved game carries a
 * higher SEQUENCE and a newer LAST-MODIFIED (kept by the database, 0037), which is what calendar
 * apps compare; DTSTAMP is the feed's time. ical-generator writes a native Date's UTC digits
 * under the zone's TZID, so it is handed the zone's wall-clock time instead. Times are in the game's own zone (TZID), so "19:00 in
 * Boston" stays 19:00 in Boston across daylight-saving changes.
 */
export function calendarFeed(o: {
  title: string;
  channelId: number;
  origin: string;
  locale: Locale;
  games: readonly CalendarGame[];
  now: Date;
}): string {
  const calendar = ical({
    name: o.title,
    prodId: { company: 'Rudy', product: 'Schedule', language: o.locale.toUpperCase() },
    url: o.origin,
    // Subscribed calendars poll; a schedule changes a few times a day at most.
    ttl: 60 * 60,
    // A VTIMEZONE for each zone the games use (RFC 5545 wants one per TZID), from current tzdata.
    timezone: { name: null, generator: vtimezone },
  });
  for (const game of o.games) {
    const name = displayName(game.name[o.locale] ?? game.name.en ?? '', game.teams);
    const watch = `${o.origin}/watch/${game.id}`;
    calendar.createEvent({
      id: `game-${game.id}.channel-${o.channelId}@rudy`,
      start: zonedTime(new Date(game.start), game.time_zone),
      end: zonedTime(
        new Date(new Date(game.start).getTime() + game.duration_minutes * 60_000),
        game.time_zone,
      ),
      timezone: game.time_zone,
      summary: name,
      description: watch,
      url: watch,
      location: game.location,
      sequence: game.sequence,
      lastModified: new Date(game.updated_at),
      stamp: o.now,
    });
  }
  return calendar.toString();
}
