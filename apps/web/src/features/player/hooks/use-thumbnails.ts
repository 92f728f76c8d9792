import { useQuery } from '@tanstack/react-query';
import { parseThumbnailsVtt, type ThumbnailCue } from '../lib/thumbnails';

/**
 * The cues of a game's thumbnails track, for the seek bar's preview. A signed media file, not an
 * API call: fetched as is. Without a track, or when it fails, the seek bar simply shows no preview.
 */
export function useThumbnails(trackUrl: string | null): ThumbnailCue[] {
  const { data } = useQuery({
    queryKey: ['player', 'thumbnails', trackUrl],
    queryFn: async ({ signal }) => {
      const res = await fetch(trackUrl ?? '', { signal });
      if (!res.ok) throw new Error(`thumbnails: ${res.status}`);
      return parseThumbnailsVtt(await res.text(), trackUrl ?? '');
    },
    enabled: trackUrl !== null,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? [];
}
