import type { Playback } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { playbackRefetchDelay } from '../lib/playback-refresh';

export function getPlayback(eventId: number, signal?: AbortSignal): Promise<Playback> {
  return apiClient.get<Playback>(`/events/${eventId}/playback`, { signal });
}

export function playbackQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['playback', eventId],
    queryFn: ({ signal }) => getPlayback(eventId, signal),
    // Signed URLs and the live/VOD choice belong to this moment: read afresh on every visit.
    staleTime: 0,
    // Asked again while the stream is being prepared and just before its URLs expire.
    refetchInterval: (query) => playbackRefetchDelay(query.state.data, Date.now()),
  });
}

export function usePlayback(eventId: number) {
  return useQuery(playbackQueryOptions(eventId));
}
