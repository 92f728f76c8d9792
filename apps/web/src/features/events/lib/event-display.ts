import type { AccessType, Event, EventParticipant } from '@rudy/contracts';
import { dayKeyInZone, zoneAbbreviation, zonedFormatter } from './zoned-time';

/** Away and home sides of a two-team event; null when the event is not a match of two. */
export function matchSides(event: Pick<Event, 'participants' | 'home_participant_id'>) {
  if (event.participants.length !== 2) return null;
  const isHome = (p: EventParticipant) => p.is_home || p.id === event.home_participant_id;
  const home = event.participants.find(isHome) ?? event.participants[1];
  const away = event.participants.find((p) => p !== home);
  if (!home || !away) return null;
  return { away, home };
}

/**
 * The name viewers see: the one the operator typed (the server sends it as is); only a match
 * without a name reads 'away @ home' in short names (docs/decisions.md, issue 34).
 */
export function eventTitle(event: Pick<Event, 'name' | 'participants' | 'home_participant_id'>) {
  if (event.name.trim() !== '') return event.name;
  const sides = matchSides(event);
  return sides ? `${sides.away.short_name} @ ${sides.home.short_name}` : event.name;
}

export type AccessBadge = 'free' | 'register' | 'buy';

export function accessBadge(accessType: AccessType): AccessBadge {
  if (accessType === 'free') return 'free';
  if (accessType === 'register') return 'register';
  return 'buy';
}

/**
 * Why a finished game is not offered as playable: its replay is still being packaged ('soon') or
 * it has none ('none'). null: the card opens the game (live and upcoming games always do: their
 * page waits for the stream or the start).
 */
export function replayNotice(event: Pick<Event, 'type' | 'stream_state'>): 'soon' | 'none' | null {
  if (event.type !== 'finished' || event.stream_state === 'ready') return null;
  return event.stream_state === 'preparing' ? 'soon' : 'none';
}

/** Start time in the event's own time zone, with the zone's abbreviation (EST, HNE...). */
export function formatEventTime(iso: string, timeZone: string, locale: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const text = zonedFormatter(locale, timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    // 24-hour clocks read 00:30, not 0:30.
    hour: locale.startsWith('en') ? 'numeric' : '2-digit',
    minute: '2-digit',
  }).format(date);
  const zone = zoneAbbreviation(date, timeZone, locale);
  return zone ? `${text} ${zone}` : text;
}

/** Calendar day (YYYY-MM-DD) of the event in its own time zone, for grouping a schedule. */
export function eventDayKey(iso: string, timeZone: string) {
  return dayKeyInZone(new Date(iso), timeZone);
}

export function formatDayHeading(dayKey: string, locale: string) {
  // Noon UTC keeps the calendar day the same in every zone when formatting it back.
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${dayKey}T12:00:00Z`));
}

/** Location id → display name ("Arena, City") for cards. */
export function locationNames(
  locations: { id: number; name: string; city: string | null }[] | undefined,
): ReadonlyMap<number, string> {
  return new Map(
    (locations ?? []).map((l) => [l.id, l.city ? `${l.name}, ${l.city}` : l.name] as const),
  );
}
