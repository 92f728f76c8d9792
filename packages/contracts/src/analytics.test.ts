import { describe, expect, it } from 'vitest';
import { DatalakeViewingBodySchema } from './analytics.js';

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
