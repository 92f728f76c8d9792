import type { MomentList, Playback } from '@rudy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { STORAGE_KEYS, setItem } from '../../../lib/storage';
import { FUTURE, json, mockFetch, TEST_CONFIG } from '../../../test/fetch-mock';
import { useKeyMoments } from './use-key-moments';

const moments: MomentList = {
  moments: [
    { id: 1, at_seconds: 95, kind: 'detected', label: null, confidence: 0.8 },
    { id: 2, at_seconds: 300, kind: 'marked', label: 'Goal', confidence: 1 },
  ],
};

function playback(kind: 'vod' | 'live', windowStart?: { recording_seconds: number }): Playback {
  return {
    event_id: 19,
    event_type: kind === 'vod' ? 'finished' : 'live',
    access: 'granted',
    message: null,
    stream_state: 'ready',
    stream: {
      kind,
      format: 'hls',
      url: '/media/g/19/master.m3u8',
      is_external: false,
      duration_seconds: kind === 'vod' ? 600 : null,
      dvr: {
        enabled: kind === 'live',
        window_seconds: kind === 'live' ? 600 : null,
        start_utc_ts: null,
        ...(windowStart ? { window_start: { media_sequence: 100, ...windowStart } } : {}),
      },
      expires_at: FUTURE,
    },
    assets: {
      poster_url: null,
      thumbnails_vtt_url: null,
      preview_url: null,
      preview_alt_url: null,
    },
    preroll: null,
    can_download: false,
    single_event_package_id: null,
  };
}

function keyMoments(answer: Playback) {
  apiClient.configure(TEST_CONFIG, () => 'en');
  setItem(STORAGE_KEYS.apiKey, 'test-key');
  vi.stubGlobal(
    'fetch',
    mockFetch((url) => (url.pathname === '/api/events/19/moments' ? json(moments) : json({}, 404))),
  );
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ data }) => useKeyMoments(19, data), {
    wrapper,
    initialProps: { data: answer },
  });
}

const listed = async (hook: ReturnType<typeof keyMoments>) =>
  waitFor(() => expect(hook.result.current.list.moments).toHaveLength(2));

afterEach(() => vi.unstubAllGlobals());

describe('useKeyMoments', () => {
  it("marks a replay's moments at their own seconds", async () => {
    const hook = keyMoments(playback('vod'));
    await listed(hook);
    expect(hook.result.current.marks).toEqual([
      { seconds: 95, label: 'Crowd roar' },
      { seconds: 300, label: 'Goal' },
    ]);
  });

  it("live, marks the moments within the DVR window on the player's clock once it tells it", async () => {
    // The window begins 90 s into the recording; the player joined when it began at 10 s.
    const hook = keyMoments(playback('live', { recording_seconds: 90 }));
    await listed(hook);
    expect(hook.result.current.marks).toEqual([]);
    act(() => hook.result.current.onRecordingOffset(-10));
    expect(hook.result.current.marks).toEqual([
      { seconds: 85, label: 'Crowd roar' },
      { seconds: 290, label: 'Goal' },
    ]);
    const [roar, goal] = moments.moments;
    expect(hook.result.current.list.playerTime(goal!)).toBe(290);

    // The window slid past the roar (a renewed answer): only the goal is left to jump to.
    hook.rerender({ data: playback('live', { recording_seconds: 200 }) });
    expect(hook.result.current.marks).toEqual([{ seconds: 290, label: 'Goal' }]);
    expect(hook.result.current.list.playerTime(roar!)).toBeNull();
  });

  it('live without a window start (an older server, no segment yet) marks nothing', async () => {
    const hook = keyMoments(playback('live'));
    await listed(hook);
    act(() => hook.result.current.onRecordingOffset(0));
    expect(hook.result.current.marks).toEqual([]);
    expect(hook.result.current.list.playerTime(moments.moments[1]!)).toBeNull();
  });
});
