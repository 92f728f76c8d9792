import type { Event } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { COMMERCE_KEY } from './get-offers';

/** The game a single-event purchase is for (GET /events/{id}), to name it in the summary. */
export function useEventForSale(eventId: number | null) {
  return useQuery({
    queryKey: [COMMERCE_KEY, 'event', eventId],
    queryFn: ({ signal }) => apiClient.get<Event>(`/events/${eventId}`, { signal }),
    enabled: eventId !== null,
  });
}
