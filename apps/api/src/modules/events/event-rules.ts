import type { AccessType, EventParticipant, EventType } from '@rudy/contracts';

/** Event type is derived from the clock, never stored: upcoming → live → finished. */
export function eventType(start: Date, end: Date, now: Date): EventType {
  if (now < start) return 'upcoming';
  if (now < end) return 'live';
  return 'finished';
}

export function streamStatus(type: EventType): 'live' | 'vod' | null {
  if (type === 'live') return 'live';
  if (type === 'finished') return 'vod';
  return null;
}

/**
 * The name viewers see: the one the operator typed (the console fills it in from the two teams,
 * 'away @ home' in short names, and lets the operator change it; issue 34 wins over the spec's
 * rebuilt name, see docs/decisions.md). Only a match stored without a name gets 'away @ home'.
 */
export function displayName(
  storedName: string,
  participants: readonly Pick<EventParticipant, 'short_name' | 'is_home'>[],
): string {
  if (storedName.trim() !== '' || participants.length !== 2) return storedName;
  const home = participants.find((p) => p.is_home);
  const away = participants.find((p) => !p.is_home);
  if (!home || !away) return storedName;
  return `${away.short_name} @ ${home.short_name}`;
}

/**
 * Whether the caller may watch. Paid and ppv events need a purchase, which the commerce issue brings;
 * until then nobody holds one.
 */
export function hasAccess(
  accessType: AccessType,
  isLoggedIn: boolean,
  hasPurchase = false,
): boolean {
  switch (accessType) {
    case 'free':
      return true;
    case 'register':
      return isLoggedIn;
    case 'paid':
    case 'ppv':
      return hasPurchase;
  }
}

/** Longest an event may run (a check constraint holds it); bounds the "live now" window. */
export const EVENT_MAX_DURATION_MINUTES = 1440;
