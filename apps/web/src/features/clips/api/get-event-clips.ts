import type { ClipList } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CLIPS_KEY } from './clips-keys';

/** GET /clips/event/{id}: the viewer's clips of one game, the channel's tags and clip budget. */
export function getEventClips(eventId: number, signal?: AbortSignal): Promise<ClipList> {
  return apiClient.get<ClipList>(`/clips/event/${eventId}`, { signal });
}

export function eventClipsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: [CLIPS_KEY, 'event', eventId],
    queryFn: ({ signal }) => getEventClips(eventId, signal),
  });
}

export const useEventClips = (eventId: number) => useQuery(eventClipsQueryOptions(eventId));
