import { MOMENT_LIMITS, type MomentList } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /events/{id}/moments: a game's key moments, in time order. */
export function getMoments(eventId: number, signal?: AbortSignal): Promise<MomentList> {
  return apiClient.get<MomentList>(`/events/${eventId}/moments`, { signal });
}

/** A live game's list grows as it is played: asked again every few seconds while it is on. */
export function momentsQueryOptions(eventId: number, isLive: boolean) {
  return queryOptions({
    queryKey: ['moments', eventId],
    queryFn: ({ signal }) => getMoments(eventId, signal),
    refetchInterval: isLive ? MOMENT_LIMITS.livePollMs : false,
  });
}

export const useMoments = (eventId: number, isLive: boolean) =>
  useQuery(momentsQueryOptions(eventId, isLive));
