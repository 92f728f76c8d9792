import { describe, expect, it } from 'vitest';
import { earlierRequest, listingRequest, rangeRequest } from './events-query';
import { readFilters } from './listing-params';

const filters = (search: string) => readFilters(new URLSearchParams(search));

describe('listing requests', () => {
  it('asks each listing for its games in its order', () => {
    const none = filters('');
    expect(listingRequest('live', none, 'UTC')).toEqual({
      type: 'live',
      sort_field: 'date',
      sort_direction: 'asc',
    });
    expect(listingRequest('upcoming', none, 'UTC')).toMatchObject({ type: 'upcoming' });
    expect(listingRequest('vod', none, 'UTC')).toMatchObject({
      type: 'finished',
      sort_direction: 'desc',
    });
    expect(listingRequest('schedule', none, 'UTC')).not.toHaveProperty('type');
  });

  it('opens the schedule on today, with the games before it read backwards', () => {
    const none = filters('');
    expect(listingRequest('schedule', none, 'America/Toronto', '2026-11-24')).toMatchObject({
      sort_direction: 'asc',
      start_date: '2026-11-24T00:00:00-05:00',
    });
    expect(listingRequest('schedule', none, 'America/Toronto', '2026-11-24')).not.toHaveProperty(
      'end_date',
    );
    expect(earlierRequest(filters('team=7'), 'America/Toronto', '2026-11-24')).toEqual({
      team: 7,
      sort_field: 'date',
      sort_direction: 'desc',
      end_date: '2026-11-23T23:59:59-05:00',
    });
    // Dates the viewer chose win; other listings are not cut at today.
    expect(
      listingRequest('schedule', filters('start_date=2026-10-01'), 'UTC', '2026-11-24').start_date,
    ).toBe('2026-10-01T00:00:00+00:00');
    expect(listingRequest('vod', none, 'UTC', '2026-11-24')).not.toHaveProperty('start_date');
  });

  it('passes the filters under the API names', () => {
    expect(
      listingRequest('schedule', filters('team=7&rink=4&gender=men&search=wolves'), 'UTC'),
    ).toMatchObject({ team: 7, rink: 4, gender: 'men', search: 'wolves' });
  });

  it("sends date filters as whole days of the channel's zone, daylight saving included", () => {
    const request = listingRequest(
      'schedule',
      filters('start_date=2026-10-31&end_date=2026-11-01'),
      'America/Toronto',
    );
    expect(request.start_date).toBe('2026-10-31T00:00:00-04:00');
    expect(request.end_date).toBe('2026-11-01T23:59:59-05:00');
  });

  it('covers a calendar page wherever its games are played', () => {
    const request = rangeRequest('upcoming', filters('team=7'), {
      first: '2026-11-01',
      last: '2026-12-05',
    });
    expect(request).toMatchObject({
      team: 7,
      type: 'upcoming',
      start_date: '2026-11-01T00:00:00+14:00',
      end_date: '2026-12-05T23:59:59-12:00',
    });
  });
});
