import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ThumbnailCue } from '../lib/thumbnails';

/**
 * The cues of a game's thumbnails track, for the seek bar's preview. A signed media file, not an
 * API call: fetched as is. Without a track, or when it (or its parser) fails to load, the seek bar
 * simply shows no preview. The track and its parser load once the video has shown a frame: the
 * preview is for seeking, so they never compete with the stream's start.
 */
export function useThumbnails(trackUrl: string | null, hasFrame: boolean): ThumbnailCue[] {
  const [isWanted, setWanted] = useState(hasFrame);
  if (hasFrame && !isWanted) setWanted(true);
  const { data } = useQuery({
    queryKey: ['player', 'thumbnails', trackUrl],
    queryFn: async ({ signal }) => {
      const [res, { parseThumbnailsVtt }] = await Promise.all([
        fetch(trackUrl ?? '', { signal }),
        import('../lib/thumbnails-track'),
      ]);
      if (!res.ok) throw new Error(`thumbnails: ${res.status}`);
      return parseThumbnailsVtt(await res.text(), trackUrl ?? '');
    },
    enabled: trackUrl !== null && isWanted,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? [];
}
