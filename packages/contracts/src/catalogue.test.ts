import { describe, expect, it } from 'vitest';
import { EventsQuerySchema, ParticipantsQuerySchema } from './catalogue.js';
import { favoritableTypeMessage, parseFavoritableType } from './favorites.js';

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('EventsQuerySchema', () => {
  it('coerces query strings and fills the defaults', () => {
    expect(EventsQuerySchema.parse({ team: '4', limit: '50' })).toMatchObject({
      team: 4,
      limit: 50,
      offset: 0,
      sort_field: 'date',
      sort_direction: 'asc',
    });
  });

  it('bounds pagination', () => {
    expect(fieldsOf(EventsQuerySchema.safeParse({ limit: '101' }))).toEqual(['limit']);
    expect(fieldsOf(EventsQuerySchema.safeParse({ limit: '0' }))).toEqual(['limit']);
    expect(fieldsOf(EventsQuerySchema.safeParse({ offset: '-1' }))).toEqual(['offset']);
    expect(EventsQuerySchema.safeParse({ limit: '100', offset: '100000' }).success).toBe(true);
  });

  it('checks the range order and the aliases across fields', () => {
    const reversed = EventsQuerySchema.safeParse({
      start_date: '2026-03-02',
      end_date: '2026-03-01',
    });
    expect(fieldsOf(reversed)).toEqual(['end_date']);
    expect(
      EventsQuerySchema.safeParse({ start_date: '2026-03-01', end_date: '2026-03-01' }).success,
    ).toBe(true);
    expect(fieldsOf(EventsQuerySchema.safeParse({ team: '1', participant_id: '2' }))).toEqual([
      'participant_id',
    ]);
    expect(EventsQuerySchema.safeParse({ rink: '3', location_id: '3' }).success).toBe(true);
  });
});

describe('ParticipantsQuerySchema', () => {
  it('reads no_limit as a boolean flag', () => {
    expect(ParticipantsQuerySchema.parse({ no_limit: '1' }).no_limit).toBe(true);
    expect(ParticipantsQuerySchema.parse({ no_limit: 'false' }).no_limit).toBe(false);
    expect(ParticipantsQuerySchema.safeParse({ no_limit: '2' }).success).toBe(false);
  });
});

describe('favourite types', () => {
  it('accepts the spec names and the stored names', () => {
    expect(parseFavoritableType('group')).toBe('participant_group');
    expect(parseFavoritableType('participant_group')).toBe('participant_group');
    expect(parseFavoritableType('favorite_event')).toBe('favorite_event');
    expect(parseFavoritableType('event_location')).toBe('event_location');
    expect(parseFavoritableType('team')).toBeNull();
    expect(parseFavoritableType('event')).toBeNull();
    expect(parseFavoritableType(1)).toBeNull();
    expect(favoritableTypeMessage(undefined)).toBe(
      "Field favoritable_type must be equal one of participant, group, category, favorite_event, event_location, but it's undefined",
    );
  });
});
