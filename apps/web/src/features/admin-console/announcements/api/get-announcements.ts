import type { AdminAnnouncementList } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

/** GET /admin/announcements: the latest announcements with how many went out. */
export const useAnnouncements = () =>
  useQuery({
    queryKey: ['admin', 'announcements'],
    queryFn: async ({ signal }) =>
      (await apiClient.get<AdminAnnouncementList>('/admin/announcements', { signal })).data,
  });
