import { apiClient } from '../../../../lib/api-client';
import type { MediaKind } from './media-subjects';

/** POST /admin/media/:kind/:id/poster (a data URI). */
export const replacePoster = (kind: MediaKind, id: number, image: string) =>
  apiClient.post<{ id: number }>(`/admin/media/${kind}/${id}/poster`, { body: { image } });

/** DELETE /admin/media/games/:id/files. */
export const deleteGameFiles = (id: number) =>
  apiClient.delete<{ deleted_files: number }>(`/admin/media/games/${id}/files`);
