import { describe, expect, it } from 'vitest';
import {
  bannerImage,
  categoryIcon,
  channelLogo,
  matchupImage,
  schoolCrest,
  svgDataUri,
  teamLogo,
} from './svg-art.js';

const samples = {
  teamShield: teamLogo({ monogram: 'W', color: '#1F5FBF', shape: 'shield' }),
  teamCircle: teamLogo({ monogram: 'RV', color: '#FFC845', shape: 'circle' }),
  crest: schoolCrest({ monogram: 'SL', colors: ['#6B2D8F', '#D4A017'], founded: 1921 }),
  category: categoryIcon({ label: 'WOMEN', color: '#B83280' }),
  logo: channelLogo({
    short: 'NJHL',
    tagline: 'NORTHERN JUNIOR HOCKEY LEAGUE',
    color: '#5BC0EB',
    accent: '#FFC845',
  }),
  banner: bannerImage({ from: '#0A1628', to: '#2D7DD2', monogram: 'LC' }),
  matchup: matchupImage({
    away: { monogram: 'K', color: '#1E7A46' },
    home: { monogram: 'W', color: '#1F5FBF' },
  }),
};

describe('svg-art', () => {
  it.each(Object.entries(samples))('%s is a small, self-contained SVG data URI', (_name, uri) => {
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(uri.length).toBeLessThan(2048);
    const markup = decodeURIComponent(uri.slice('data:image/svg+xml,'.length));
    expect(markup).toMatch(
      /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='[\d ]+'>.*<\/svg>$/,
    );
    // No external fonts or images: the demo must render offline.
    expect(markup).not.toMatch(/href|@import|url\(http/);
  });

  it('escapes everything that could break an HTML attribute, a CSS url() or a query string', () => {
    const uri = svgDataUri(`<svg a="b" c='d'>#1 (50%) & é</svg>`);
    expect(uri.slice('data:image/svg+xml,'.length)).not.toMatch(/[\s"'#<>()&]|%(?![0-9A-F]{2})/);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(
      `<svg a="b" c='d'>#1 (50%) & é</svg>`,
    );
  });

  it('escapes monogram text as XML', () => {
    const uri = teamLogo({ monogram: `O'&`, color: '#000000', shape: 'circle' });
    expect(decodeURIComponent(uri)).toContain('>O&#39;&#38;</text>');
  });

  it('is deterministic', () => {
    expect(teamLogo({ monogram: 'W', color: '#1F5FBF', shape: 'shield' })).toBe(samples.teamShield);
  });
});
