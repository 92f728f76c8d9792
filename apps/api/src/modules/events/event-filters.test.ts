import { describe, expect, it } from 'vitest';
import { EventsQuerySchema, FavoriteEventsQuerySchema } from '@rudy/contracts';
import { resolveEventQuery, windowKind } from './event-filters.js';

const at = new Date('2026-03-01T12:00:00Z');
const resolve = (query: Record<string, string>, locale: 'en' | 'fr' = 'en') =>
  resolveEventQuery(EventsQuerySchema.parse(query), at, locale);

describe('windowKind', () => {
  it('maps stream_status onto the type window and spots contradictions', () => {
    expect(windowKind(undefined, undefined)).toBeUndefined();
    expect(windowKind('upcoming', undefined)).toBe('upcoming');
    expect(windowKind(undefined, 'live')).toBe('live');
    expect(windowKind(undefined, 'vod')).toBe('finished');
    expect(windowKind('finished', 'vod')).toBe('finished');
    expect(windowKind('live', 'vod')).toBe('none');
    expect(windowKind('upcoming', 'live')).toBe('none');
  });
});

describe('resolveEventQuery', () => {
  it('applies the defaults: first 20 by date, oldest first, no filter', () => {
    expect(resolve({})).toEqual({
      filter: {
        categoryId: undefined,
        locationId: undefined,
        participantId: undefined,
        participant: undefined,
        window: undefined,
        startFrom: undefined,
        startBefore: undefined,
        search: undefined,
      },
      order: { field: 'date', direction: 'asc', locale: 'en' },
      page: { offset: 0, limit: 20 },
      matchesNothing: false,
    });
  });

  it('folds the spec aliases into one filter each', () => {
    const viaNames = resolve({ category_id: '3', team: '7', location_id: '2' }).filter;
    const viaAliases = resolve({ event_category_id: '3', participant_id: '7', rink: '2' }).filter;
    expect(viaNames).toEqual(viaAliases);
    expect(viaNames).toMatchObject({ categoryId: 3, participantId: 7, locationId: 2 });
  });

  it('groups school and team properties into one participant condition', () => {
    expect(resolve({ group: '4', gender: 'women', sport: 'Hockey' }).filter.participant).toEqual({
      groupId: 4,
      gender: 'women',
      sport: 'Hockey',
      league: undefined,
      division: undefined,
    });
    expect(resolve({ team: '1' }).filter.participant).toBeUndefined();
  });

  it('turns dates into half-open UTC bounds: a date-only end covers its whole day', () => {
    const { filter } = resolve({ start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(filter.startFrom?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(filter.startBefore?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const exact = resolve({ end_date: '2026-03-01T19:00:00-05:00' }).filter;
    expect(exact.startBefore?.toISOString()).toBe('2026-03-02T00:00:00.001Z');
  });

  it('pins the clock window to the given instant', () => {
    expect(resolve({ stream_status: 'live' }).filter.window).toEqual({ kind: 'live', at });
    const none = resolve({ type: 'upcoming', stream_status: 'vod' });
    expect(none.matchesNothing).toBe(true);
    expect(none.filter.window).toBeUndefined();
  });

  it('keeps the search words only (the database makes them a query, typos forgiven)', () => {
    expect(resolve({ search: "  St. Brendan's " }).filter.search).toEqual(['st', 'brendan', 's']);
    expect(resolve({ search: '!!!' }).filter.search).toBeUndefined();
  });

  it('sorts by name in the caller language', () => {
    expect(resolve({ sort_field: 'name', sort_direction: 'desc' }, 'fr').order).toEqual({
      field: 'name',
      direction: 'desc',
      locale: 'fr',
    });
  });

  it('takes the favourite listing query, which has no filters of its own', () => {
    const q = FavoriteEventsQuerySchema.parse({ stream_status: 'vod', limit: '5' });
    const resolved = resolveEventQuery(q, at, 'en');
    expect(resolved.filter.window).toEqual({ kind: 'finished', at });
    expect(resolved.page).toEqual({ offset: 0, limit: 5 });
    expect(resolved.filter.categoryId).toBeUndefined();
  });
});
