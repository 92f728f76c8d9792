import { describe, expect, it } from 'vitest';
import { createGeoService, geoipCountryLookup, isBlocked } from './geo.service.js';

describe('geo', () => {
  it('applies allow lists before block lists', () => {
    expect(isBlocked('CA', { allowed: ['CA', 'US'] })).toBe(false);
    expect(isBlocked('FR', { allowed: ['CA', 'US'], blocked: [] })).toBe(true);
    expect(isBlocked(null, { allowed: ['CA'] })).toBe(true);
    expect(isBlocked('RU', { blocked: ['RU'] })).toBe(true);
    expect(isBlocked(null, { blocked: ['RU'] })).toBe(false);
    expect(isBlocked('CA', {})).toBe(false);
  });

  it('maps a public address to its country with the shipped database', () => {
    expect(geoipCountryLookup('8.8.8.8')).toBe('US');
    expect(geoipCountryLookup('127.0.0.1')).toBeNull();
  });

  it('reports country, code, ip and the block flag', () => {
    const geo = createGeoService(() => 'FR');
    expect(geo.locate('1.2.3.4', { blocked: ['FR'] })).toEqual({
      country: 'France',
      country_code: 'FR',
      ip: '1.2.3.4',
      is_geo_blocked: true,
    });
  });
});
