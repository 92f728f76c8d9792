import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/fixtures';
import { filterEvents, selectListing } from './use-event-listing';

const live = makeEvent({ id: 1, type: 'live', event_utc_ts: '2026-11-22T12:00:00Z' });
const upcoming = makeEvent({ id: 2, event_category_id: 2, event_utc_ts: '2026-11-23T12:00:00Z' });
const recent = makeEvent({ id: 3, type: 'finished', event_utc_ts: '2026-11-20T12:00:00Z' });
const feed = { live: [live], upcoming: [upcoming], recent: [recent] };

describe('event listings', () => {
  it('maps each listing to its part of the home page feed', () => {
    expect(selectListing(feed, 'live')).toEqual([live]);
    expect(selectListing(feed, 'upcoming')).toEqual([upcoming]);
    expect(selectListing(feed, 'vod')).toEqual([recent]);
  });

  it('shows every event on the schedule, in time order, once', () => {
    const schedule = selectListing({ ...feed, upcoming: [upcoming, live] }, 'schedule');
    expect(schedule.map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it('filters by sport and by team', () => {
    const all = [live, upcoming, recent];
    expect(filterEvents(all, { categoryId: 2, teamId: null })).toEqual([upcoming]);
    expect(filterEvents(all, { categoryId: null, teamId: 3 })).toHaveLength(3);
    expect(filterEvents(all, { categoryId: null, teamId: 99 })).toEqual([]);
  });
});
