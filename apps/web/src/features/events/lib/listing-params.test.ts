import { describe, expect, it } from 'vitest';
import {
  activeFilterNames,
  readCalendar,
  readFilters,
  readView,
  withFilter,
  withoutFilters,
} from './listing-params';

const params = (search: string) => new URLSearchParams(search);

describe('listing filters in the URL', () => {
  it("reads the spec's parameter names", () => {
    const filters = readFilters(
      params(
        'category_id=2&team=7&group=3&rink=4&sport=Hockey&league=NJHL&division=U18&gender=women' +
          '&start_date=2026-11-01&end_date=2026-11-30&search=st%20bren',
      ),
    );
    expect(filters).toEqual({
      category_id: 2,
      team: 7,
      group: 3,
      rink: 4,
      sport: 'Hockey',
      league: 'NJHL',
      division: 'U18',
      gender: 'women',
      search: 'st bren',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(activeFilterNames(filters)).toHaveLength(11);
  });

  it('accepts the aliases the spec lists for the same filters', () => {
    const filters = readFilters(params('event_category_id=2&participant_id=7&location_id=4'));
    expect([filters.category_id, filters.team, filters.rink]).toEqual([2, 7, 4]);
  });

  it('ignores values nobody could have picked instead of sending them', () => {
    const filters = readFilters(
      params('team=-3&group=abc&rink=0&gender=robots&start_date=2026-02-30&search=%20%20'),
    );
    expect(activeFilterNames(filters)).toEqual([]);
    expect(readFilters(params('start_date=2026-11-20&end_date=2026-11-02')).end_date).toBeNull();
  });

  it('sets a filter under its canonical name and keeps the rest', () => {
    const next = withFilter(params('participant_id=7&view=list&league=NJHL'), 'team', 9);
    expect(next.toString()).toBe('view=list&league=NJHL&team=9');
    expect(withFilter(next, 'league', null).toString()).toBe('view=list&team=9');
    expect(withFilter(next, 'search', '  ').has('search')).toBe(false);
  });

  it('clears every filter but keeps the view and the calendar day', () => {
    const cleared = withoutFilters(
      params('team=9&event_category_id=2&search=x&view=calendar&period=week&date=2026-11-20'),
    );
    expect(cleared.toString()).toBe('view=calendar&period=week&date=2026-11-20');
  });

  it('reads the view and the calendar position', () => {
    expect(readView(params('view=calendar'))).toBe('calendar');
    expect(readView(params('view=table'))).toBeNull();
    expect(readCalendar(params('period=week&date=2026-11-20'))).toEqual({
      period: 'week',
      date: '2026-11-20',
    });
    expect(readCalendar(params('period=year&date=tomorrow'))).toEqual({
      period: 'month',
      date: null,
    });
  });
});
