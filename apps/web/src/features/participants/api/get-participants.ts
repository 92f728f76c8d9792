import type { Participant, ParticipantsPage } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Every team of the channel in one page (`no_limit=1`): filters and team pages need them all. */
export async function getParticipants(signal?: AbortSignal): Promise<Participant[]> {
  const page = await apiClient.get<ParticipantsPage>('/participants', {
    query: { no_limit: 1 },
    signal,
  });
  return page.data;
}

export function participantsQueryOptions() {
  return queryOptions({
    queryKey: ['participants', 'all'],
    queryFn: ({ signal }) => getParticipants(signal),
    // Teams change between seasons, not during a visit.
    staleTime: 10 * 60_000,
  });
}

export function useParticipants(enabled = true) {
  return useQuery({ ...participantsQueryOptions(), enabled });
}
