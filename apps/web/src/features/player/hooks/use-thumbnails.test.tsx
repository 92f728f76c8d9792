import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useThumbnails } from './use-thumbnails';

const TRACK_URL = '/media/e/14/a.tok/assets/thumbs.vtt';
const TRACK = `WEBVTT

00:00:00.000 --> 00:00:02.000
sprite_000.jpg#xywh=0,0,160,90
`;

const client = new QueryClient();
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The hook's query has an observer: the moment an enabled query starts its fetch. Waiting for it
 * (not for a while) is what makes "nothing was fetched" mean something.
 */
async function observed(trackUrl: string | null) {
  await waitFor(() =>
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['player', 'thumbnails', trackUrl] })
        ?.getObserversCount(),
    ).toBe(1),
  );
}

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('useThumbnails', () => {
  it('asks for the track once the video has shown a frame, and keeps its cues after', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(TRACK)));
    vi.stubGlobal('fetch', fetch);
    const { result, rerender } = renderHook(({ hasFrame }) => useThumbnails(TRACK_URL, hasFrame), {
      wrapper,
      initialProps: { hasFrame: false },
    });
    // Before the first frame: nothing is fetched, the seek bar has no preview.
    await observed(TRACK_URL);
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toEqual([]);

    rerender({ hasFrame: true });
    await waitFor(() => expect(result.current).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.current[0]).toMatchObject({
      start: 0,
      end: 2,
      url: '/media/e/14/a.tok/assets/sprite_000.jpg',
    });

    // A stall later (no frame for a moment) does not drop the preview.
    rerender({ hasFrame: false });
    expect(result.current).toHaveLength(1);
  });

  it('asks for nothing without a track', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(TRACK)));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useThumbnails(null, true), { wrapper });
    await observed(null);
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toEqual([]);
  });
});
