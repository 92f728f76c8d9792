import type { AdminAnnouncementDraft, AdminAnnouncementPreview } from '@rudy/contracts';
import { apiClient } from '../../../../lib/api-client';

/** POST /admin/announcements/preview: the mail in both languages and its reach; writes nothing. */
export const previewAnnouncement = (draft: AdminAnnouncementDraft) =>
  apiClient.post<AdminAnnouncementPreview>('/admin/announcements/preview', { body: { ...draft } });
