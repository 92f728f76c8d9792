import { describe, expect, it } from 'vitest';
import { DatalakeViewingBodySchema } from './analytics.js';
import { isSitePath } from './site-links.js';

const heartbeat = (school: string) => ({
  viewing_time: 30,
  video_view_uuid: '6f1c2a3e-1111-4222-8333-444455556666',
  stream_id: 12,
  stream_type: 'live',
  profile: 'demo-hockey',
  school,
});
const accepts = (school: string) => DatalakeViewingBodySchema.safeParse(heartbeat(school)).success;

describe('datalake text', () => {
  it('accepts what PostgreSQL stores: ASCII, accents, whole surrogate pairs', () => {
    expect(accepts('North Bay Academy')).toBe(true);
    expect(accepts('École Saint-Jérôme')).toBe(true);
    expect(accepts('Go team 🏒🥅')).toBe(true);
  });

  it('refuses NUL and half a UTF-16 pair, wherever they sit', () => {
    expect(accepts('North\u0000Bay')).toBe(false);
    expect(accepts('\uD83C')).toBe(false);
    expect(accepts('lone low \uDFD2 here')).toBe(false);
    expect(accepts('🏒 then \uD83C')).toBe(false);
  });
});

describe('isSitePath', () => {
  it('takes the paths a browser shows for this site’s pages', () => {
    for (const path of ['/', '/schedule', '/watch/12', '/%C3%A9quipes', '/search/100%25', '/a//b'])
      expect(isSitePath(path), path).toBe(true);
  });

  it('refuses whatever a browser or router would take to another host, escaped or not', () => {
    for (const path of [
      '//evil.example/phish',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%2fevil.example',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
      '/%25252F%25252Fevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      '/./\\evil.example',
      '/%2E%2E//evil.example',
      '/a/../\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'schedule',
      '',
      ' /schedule',
    ])
      expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    expect(isSitePath(null)).toBe(false);
    expect(isSitePath(42)).toBe(false);
  });
});
