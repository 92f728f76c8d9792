import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../test/fixtures';
import { addMonths, calendarDays, firstDayOfWeek, gamesByDay, shiftAnchor } from './calendar';

describe('calendar', () => {
  it('lays out a month in whole weeks, Sunday first in English', () => {
    const days = calendarDays('2026-11-18', 'month', firstDayOfWeek('en'));
    expect(days[0]).toBe('2026-11-01');
    expect(days.at(-1)).toBe('2026-12-05');
    expect(days).toHaveLength(35);
  });

  it('starts weeks on Monday in French', () => {
    const days = calendarDays('2026-11-18', 'month', firstDayOfWeek('fr'));
    expect(days[0]).toBe('2026-10-26');
    expect(days.at(-1)).toBe('2026-12-06');
  });

  it('shows the week of the chosen day', () => {
    expect(calendarDays('2026-11-18', 'week', 0)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('moves a month or a week at a time, keeping the day where the month allows', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftAnchor('2026-11-18', 'month', -1)).toBe('2026-10-18');
    expect(shiftAnchor('2026-12-28', 'week', 1)).toBe('2027-01-04');
  });

  it("files each game under its venue's own day", () => {
    const late = makeEvent({ id: 1, event_utc_ts: '2026-11-22T02:30:00Z' });
    const paris = makeEvent({
      id: 2,
      event_utc_ts: '2026-11-22T02:30:00Z',
      time_zone: 'Europe/Paris',
    });
    const days = gamesByDay([late, paris]);
    expect(days.get('2026-11-21')?.map((e) => e.id)).toEqual([1]);
    expect(days.get('2026-11-22')?.map((e) => e.id)).toEqual([2]);
  });
});
