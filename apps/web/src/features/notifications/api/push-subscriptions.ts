import type { PushConfig, PushSubscriptionState } from '@rudy/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The VAPID public key browsers subscribe with; null when the server has Web Push off. */
export function pushConfigQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'push'],
    queryFn: ({ signal }) => apiClient.get<PushConfig>('/notifications/push', { signal }),
    staleTime: Infinity,
  });
}

/** Keeps this browser's subscription (subscription.toJSON()) for the signed-in viewer. */
export function savePushSubscription(subscription: PushSubscriptionJSON) {
  return apiClient.post<PushSubscriptionState>('/notifications/push/subscriptions', {
    body: { ...subscription },
  });
}

export function removePushSubscription(endpoint: string) {
  return apiClient.delete<PushSubscriptionState>('/notifications/push/subscriptions', {
    query: { endpoint },
  });
}
