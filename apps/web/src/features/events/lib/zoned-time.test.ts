import { describe, expect, it } from 'vitest';
import { dayKeyInZone, zoneAbbreviation, zoneOffset, zonedDateTime } from './zoned-time';

const winter = new Date('2026-11-22T23:30:00Z');
const summer = new Date('2026-07-22T23:30:00Z');

describe('time zones', () => {
  it('names North American zones by their abbreviation in English', () => {
    expect(zoneAbbreviation(winter, 'America/Toronto', 'en')).toBe('EST');
    expect(zoneAbbreviation(summer, 'America/Toronto', 'en')).toBe('EDT');
    expect(zoneAbbreviation(winter, 'America/Vancouver', 'en')).toBe('PST');
    expect(zoneAbbreviation(summer, 'America/St_Johns', 'en')).toBe('NDT');
  });

  it('uses the Canadian French abbreviations in French', () => {
    expect(zoneAbbreviation(winter, 'America/Toronto', 'fr')).toBe('HNE');
    expect(zoneAbbreviation(summer, 'America/Toronto', 'fr')).toBe('HAE');
    expect(zoneAbbreviation(winter, 'America/Halifax', 'fr')).toBe('HNA');
    expect(zoneAbbreviation(winter, 'America/St_Johns', 'fr')).toBe('HNT');
  });

  it('falls back to the offset elsewhere', () => {
    expect(zoneAbbreviation(winter, 'Europe/Paris', 'fr')).toBe('UTC+1');
    expect(zoneAbbreviation(winter, 'Europe/Paris', 'en')).toBe('GMT+1');
  });

  it('gives offsets and local days', () => {
    expect(zoneOffset(winter, 'America/Toronto')).toBe('-05:00');
    expect(zoneOffset(winter, 'UTC')).toBe('+00:00');
    expect(zoneOffset(winter, 'Asia/Kolkata')).toBe('+05:30');
    expect(dayKeyInZone(winter, 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('turns a local wall time into an instant with its offset', () => {
    expect(zonedDateTime('2026-03-08', '00:00:00', 'America/Toronto')).toBe(
      '2026-03-08T00:00:00-05:00',
    );
    expect(zonedDateTime('2026-03-08', '23:59:59', 'America/Toronto')).toBe(
      '2026-03-08T23:59:59-04:00',
    );
  });
});
