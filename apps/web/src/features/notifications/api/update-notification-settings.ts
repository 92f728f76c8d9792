import type { NotificationSettings } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { notificationSettingsQueryOptions } from './get-notification-settings';

export function updateNotificationSettings(
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  return apiClient.post<NotificationSettings>('/notifications/settings', { body: { ...settings } });
}

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => client.setQueryData(notificationSettingsQueryOptions().queryKey, saved),
  });
}
