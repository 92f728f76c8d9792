import type { ClipDownload } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';

/** GET /clip/download/{id}: a short-lived signed link to the clip's MP4, sent as an attachment. */
export function getClipDownload(id: number, signal?: AbortSignal): Promise<ClipDownload> {
  return apiClient.get<ClipDownload>(`/clip/download/${id}`, { signal });
}
