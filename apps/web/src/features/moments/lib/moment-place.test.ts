import type { PlaybackStream } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { momentPlayerTime } from './moment-place';

function stream(kind: 'vod' | 'live', windowStart?: PlaybackStream['dvr']['window_start']) {
  return {
    kind,
    format: 'hls',
    url: '/media/g/19/master.m3u8',
    is_external: false,
    duration_seconds: kind === 'vod' ? 600 : null,
    dvr: {
      enabled: kind === 'live',
      window_seconds: null,
      start_utc_ts: null,
      ...(windowStart === undefined ? {} : { window_start: windowStart }),
    },
    expires_at: new Date().toISOString(),
  } satisfies PlaybackStream;
}

describe('momentPlayerTime', () => {
  it("is the moment's own second on a replay", () => {
    expect(momentPlayerTime(95, stream('vod'), null)).toBe(95);
  });

  it("live, is the moment's second plus the player's offset, within the DVR window", () => {
    // The window begins 100 s into the recording; the player's clock is 80 s behind it.
    const live = stream('live', { media_sequence: 100, recording_seconds: 100 });
    expect(momentPlayerTime(300, live, -80)).toBe(220);
    expect(momentPlayerTime(100, live, -80)).toBe(20);
    // Before the window: only the replay has it.
    expect(momentPlayerTime(95, live, -80)).toBeNull();
  });

  it('live, has no place until the player can tell its offset, nor without a window start', () => {
    expect(
      momentPlayerTime(300, stream('live', { media_sequence: 0, recording_seconds: 0 }), null),
    ).toBe(null);
    expect(momentPlayerTime(300, stream('live'), 0)).toBeNull();
    expect(momentPlayerTime(300, stream('live', null), 0)).toBeNull();
    expect(momentPlayerTime(300, null, 0)).toBeNull();
  });
});
