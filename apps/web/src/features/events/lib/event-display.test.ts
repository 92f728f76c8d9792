import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/fixtures';
import { accessBadge, eventDayKey, eventTitle, formatEventTime } from './event-display';

describe('event display', () => {
  it('shows the name the operator typed for a two-team game', () => {
    const typed = 'Lynx @ Wolves — Walk Special';
    expect(eventTitle(makeEvent({ name: typed }))).toBe(typed);
  });

  it("names a two-team game without a name 'away @ home' with short names", () => {
    expect(eventTitle(makeEvent({ name: '' }))).toBe('Rapids @ Knights');
  });

  it('finds the home side by id when the flag is missing', () => {
    const event = makeEvent({ name: ' ' });
    const participants = event.participants.map((p) => ({ ...p, is_home: false }));
    expect(eventTitle({ ...event, participants, home_participant_id: 3 })).toBe('Knights @ Rapids');
  });

  it('keeps the event name when it is not a game of two', () => {
    const event = makeEvent({ name: 'Awards night' });
    expect(eventTitle({ ...event, participants: event.participants.slice(0, 1) })).toBe(
      'Awards night',
    );
  });

  it('maps access types to the Free / Register / Buy badges', () => {
    expect(accessBadge('free')).toBe('free');
    expect(accessBadge('register')).toBe('register');
    expect(accessBadge('paid')).toBe('buy');
    expect(accessBadge('ppv')).toBe('buy');
  });

  it("shows the start time in the event's own time zone", () => {
    // 23:30 UTC is 18:30 in Toronto (EST) on the same day.
    const text = formatEventTime('2026-11-22T23:30:00.000Z', 'America/Toronto', 'en-US');
    expect(text).toMatch(/6:30/);
    expect(text).toMatch(/EST/);
    expect(formatEventTime('2026-11-22T23:30:00.000Z', 'Europe/Paris', 'fr')).toMatch(/00:30/);
    expect(formatEventTime('2026-11-22T23:30:00.000Z', 'America/Toronto', 'fr')).toMatch(
      /18:30 HNE$/,
    );
  });

  it('groups by the calendar day of the venue', () => {
    expect(eventDayKey('2026-11-23T02:00:00.000Z', 'America/Toronto')).toBe('2026-11-22');
    expect(eventDayKey('2026-11-23T02:00:00.000Z', 'Europe/Paris')).toBe('2026-11-23');
  });
});
