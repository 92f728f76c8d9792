import { describe, expect, it } from 'vitest';
import {
  RAW_KIND,
  rawRowsJson,
  safeOriginUrl,
  safeOriginUrlCached,
  safeUrlsCached,
  sessionRow,
  viewingRow,
  type RawRow,
} from './datalake-rows.js';

describe('origin_url as stored', () => {
  it('masks credentials the same way from the cache as without it', () => {
    const url = 'https://tv.example/reset?token=abc123&x=1#frag';
    expect(safeOriginUrlCached(url)).toBe(safeOriginUrl(url));
    expect(safeOriginUrlCached(url)).toBe(safeOriginUrl(url));
    expect(safeOriginUrlCached(null)).toBeNull();
  });

  it('keeps a bounded number of addresses however many distinct ones arrive', () => {
    for (let i = 0; i < 10_000; i++) safeOriginUrlCached(`https://tv.example/watch/${i}`);
    expect(safeUrlsCached()).toBeGreaterThan(0);
    expect(safeUrlsCached()).toBeLessThanOrEqual(2_000);
  });
});

/** What JSON.stringify gives for a value, with null members of objects left out. */
const withoutNulls = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_key, v: unknown) => (v === null ? undefined : v));

describe('rows as stored', () => {
  const at = new Date('2026-03-01T10:00:00.123Z');

  it('leaves fields the call did not send out of data (no nulls)', () => {
    const viewing = viewingRow(
      1,
      {
        viewing_time: 30,
        video_view_uuid: '00000000-0000-4000-8000-000000000001',
        stream_id: 3,
        stream_type: 'live',
        sport: 'Hockey',
        school: null,
      },
      at,
    );
    expect(viewing.data).toEqual({ sport: 'Hockey' });
    const session = sessionRow(
      1,
      { profile: 'demo', session: 's', platform: 'iPhone', origin_url: 'https://tv.example/' },
      at,
    );
    expect(session.data).toEqual({ platform: 'iPhone', origin_url: 'https://tv.example/' });
  });

  it('serialises a batch as JSON.stringify would, null columns left out', () => {
    const full: RawRow = {
      received_at: at,
      channel_id: 7,
      kind: RAW_KIND.videoEvent,
      name: 'first_frame',
      session_uuid: 'a "quoted" \\ session\u2028',
      video_view_uuid: '00000000-0000-4000-8000-000000000002',
      user_id: 42,
      stream_id: 9,
      stream_type: 'vod',
      value: 1234.5,
      data: { origin_url: 'https://tv.example/é/😀', nested: { n: null, list: [1, 'x'] } },
    };
    const empty: RawRow = {
      received_at: new Date(at.getTime() + 1),
      channel_id: 7,
      kind: RAW_KIND.session,
      name: null,
      session_uuid: null,
      video_view_uuid: null,
      user_id: null,
      stream_id: null,
      stream_type: null,
      value: null,
      data: {},
    };
    const rows = [full, { ...full }, empty, full];
    const text = rawRowsJson(rows);
    expect(JSON.parse(text)).toEqual(
      (JSON.parse(JSON.stringify(rows)) as Record<string, unknown>[]).map((row) => ({
        ...(withoutNulls({ ...row, data: undefined }) as object),
        data: row.data,
      })),
    );
    expect(text).not.toContain('"name":null');
    expect(rawRowsJson([])).toBe('[]');
  });
});
