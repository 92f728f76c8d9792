import geoip from 'geoip-country';
import type { Geo } from '@rudy/contracts';

export type CountryLookup = (ip: string) => string | null;

/** The GeoIP database shipped in the geoip-country package (loaded once, in memory). */
export const geoipCountryLookup: CountryLookup = (ip) => geoip.lookup(ip)?.country ?? null;

export interface GeoRules {
  allowed?: string[] | null;
  blocked?: string[] | null;
}

/** Allowed list wins when present: only those countries may watch. Unknown countries pass a block list. */
export function isBlocked(countryCode: string | null, rules: GeoRules): boolean {
  const allowed = rules.allowed?.filter(Boolean) ?? [];
  const blocked = rules.blocked?.filter(Boolean) ?? [];
  if (allowed.length > 0) return !countryCode || !allowed.includes(countryCode);
  return countryCode !== null && blocked.includes(countryCode);
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function createGeoService(lookup: CountryLookup = geoipCountryLookup) {
  return {
    locate(ip: string, rules: GeoRules): Geo {
      const code = lookup(ip);
      return {
        country: code ? (countryNames.of(code) ?? code) : null,
        country_code: code,
        ip,
        is_geo_blocked: isBlocked(code, rules),
      };
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
