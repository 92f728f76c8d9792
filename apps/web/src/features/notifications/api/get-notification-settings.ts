import type { NotificationSettings } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** What the signed-in viewer hears about the teams, schools and sports they follow. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiClient.get<NotificationSettings>('/notifications/settings', { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications', 'settings'],
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
