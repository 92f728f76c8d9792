import type { AdminAnnouncement, AdminAnnouncementBody } from '@rudy/contracts';
import { apiClient } from '../../../../lib/api-client';

/** POST /admin/announcements: the same request_id twice is one announcement. */
export const sendAnnouncement = (body: AdminAnnouncementBody) =>
  apiClient.post<AdminAnnouncement>('/admin/announcements', { body: { ...body } });
