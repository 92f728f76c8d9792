import { describe, expect, it } from 'vitest';
import { parseIsoInstant, rangeEndExclusive } from './iso-date.js';

const iso = (v: string) => parseIsoInstant(v)?.at.toISOString() ?? null;

describe('parseIsoInstant', () => {
  it('reads dates as UTC midnight', () => {
    expect(parseIsoInstant('2026-03-01')).toEqual({
      at: new Date('2026-03-01T00:00:00Z'),
      dateOnly: true,
    });
    expect(iso('2028-02-29')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('reads date-times with Z, an offset, or none (UTC)', () => {
    expect(iso('2026-03-01T19:00:00Z')).toBe('2026-03-01T19:00:00.000Z');
    expect(iso('2026-03-01T19:00-05:00')).toBe('2026-03-02T00:00:00.000Z');
    expect(iso('2026-03-01T19:00:00.5+01:30')).toBe('2026-03-01T17:30:00.500Z');
    expect(iso('2026-03-01T19:00:00')).toBe('2026-03-01T19:00:00.000Z');
    expect(parseIsoInstant('2026-03-01T19:00:00Z')?.dateOnly).toBe(false);
  });

  it('rejects impossible or malformed values', () => {
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-3-1',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60Z',
      '2026-03-01T10:00:00+15:00',
      '2026-03-01T10:00:00 05:00',
      '20260301',
      'tomorrow',
      '',
    ]) {
      expect(parseIsoInstant(bad), bad).toBeNull();
    }
  });
});

describe('rangeEndExclusive', () => {
  it('ends a date at the next midnight and a date-time just after itself', () => {
    const day = parseIsoInstant('2026-12-31');
    const instant = parseIsoInstant('2026-03-01T10:00:00Z');
    if (!day || !instant) throw new Error('valid inputs');
    expect(rangeEndExclusive(day).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(rangeEndExclusive(instant).toISOString()).toBe('2026-03-01T10:00:00.001Z');
  });
});
