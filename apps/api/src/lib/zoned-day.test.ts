import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  nextDay,
  zonedDay,
  zonedDayStart,
  zonedWallTime,
  zonedWallTimeToUtc,
} from './zoned-day.js';

describe('days of a time zone', () => {
  it('finds the first instant of a local day, daylight saving included', () => {
    expect(zonedDayStart('2026-01-15', 'America/Toronto').toISOString()).toBe(
      '2026-01-15T05:00:00.000Z',
    );
    expect(zonedDayStart('2026-07-15', 'America/Toronto').toISOString()).toBe(
      '2026-07-15T04:00:00.000Z',
    );
    // The day the clocks go forward (8 March 2026) and back (1 November 2026) start at midnight.
    expect(zonedDayStart('2026-03-08', 'America/Toronto').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(zonedDayStart('2026-11-01', 'America/Toronto').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(zonedDayStart('2026-01-15', 'Asia/Kolkata').toISOString()).toBe(
      '2026-01-14T18:30:00.000Z',
    );
    expect(zonedDayStart('2026-01-15', 'UTC').toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('names the local day of an instant, and the next day', () => {
    expect(zonedDay(new Date('2026-01-15T04:59:59Z'), 'America/Toronto')).toBe('2026-01-14');
    expect(zonedDay(new Date('2026-01-15T05:00:00Z'), 'America/Toronto')).toBe('2026-01-15');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('knows which zones exist', () => {
    expect(isTimeZone('America/Toronto')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wall-clock times of a time zone', () => {
  it('turns a local start into the instant and back, across daylight saving', () => {
    const tz = 'America/Toronto';
    expect(zonedWallTimeToUtc('2026-01-15T19:30', tz).toISOString()).toBe(
      '2026-01-16T00:30:00.000Z',
    );
    expect(zonedWallTimeToUtc('2026-07-15T19:30', tz).toISOString()).toBe(
      '2026-07-15T23:30:00.000Z',
    );
    expect(zonedWallTime(new Date('2026-07-15T23:30:00Z'), tz)).toBe('2026-07-15T19:30');
    expect(zonedWallTime(new Date('2026-01-16T00:30:00Z'), 'Europe/Paris')).toBe(
      '2026-01-16T01:30',
    );
  });

  it('a time the clock skips is read an hour later; a repeated time is the first of the two', () => {
    const tz = 'America/Toronto';
    // 2026-03-08 02:30 never happens in Toronto (02:00 → 03:00): 03:30 EDT.
    expect(zonedWallTimeToUtc('2026-03-08T02:30', tz).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 2026-11-01 01:30 happens twice: the first is still EDT (UTC−4).
    expect(zonedWallTimeToUtc('2026-11-01T01:30', tz).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});
