import {
  UPLOAD_CHUNK_TYPE,
  type AdminUpload,
  type AdminUploadInput,
  type AdminUploadList,
} from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import type { MediaKind } from './media-subjects';

const isWorking = (u: AdminUpload) => u.status === 'queued' || u.status === 'processing';

/** GET /admin/media/uploads: one subject's uploads and jobs, polled while a job runs. */
export function uploadsQueryOptions(kind: MediaKind, id: number) {
  return queryOptions({
    queryKey: ['admin', 'media', 'uploads', kind, id],
    queryFn: ({ signal }) =>
      apiClient.get<AdminUploadList>('/admin/media/uploads', {
        query: kind === 'games' ? { event_id: id } : { vod_item_id: id },
        signal,
      }),
    refetchInterval: (q) => (q.state.data?.data.some(isWorking) ? 1000 : false),
  });
}
export const useUploads = (kind: MediaKind, id: number) => useQuery(uploadsQueryOptions(kind, id));

/** POST /admin/media/uploads: the upload's id, where its chunks go. */
export const createUpload = (body: AdminUploadInput) =>
  apiClient.post<AdminUpload>('/admin/media/uploads', { body: { ...body } });

/** GET /admin/media/uploads/:id: where to resume. */
export const getUpload = (id: string) => apiClient.get<AdminUpload>(`/admin/media/uploads/${id}`);

export const completeUpload = (id: string) =>
  apiClient.post<AdminUpload>(`/admin/media/uploads/${id}/complete`, { body: {} });

export const retryUpload = (id: string) =>
  apiClient.post<AdminUpload>(`/admin/media/uploads/${id}/retry`, { body: {} });

/**
 * PATCH one chunk at `offset`. XMLHttpRequest, not fetch: it reports the bytes sent as they go,
 * which is what the progress bar shows. Resolves with the server's new offset.
 */
export async function sendChunk(
  id: string,
  offset: number,
  chunk: Blob,
  onSent: (bytes: number) => void,
  signal: AbortSignal,
): Promise<number> {
  const key = await apiClient.ensureApiKey();
  const base = apiClient.getConfig()?.api_base ?? '/api';
  const url = `${base}/admin/media/uploads/${id}`;
  return new Promise<number>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', url);
    xhr.setRequestHeader('Content-Type', UPLOAD_CHUNK_TYPE);
    xhr.setRequestHeader('Upload-Offset', String(offset));
    xhr.setRequestHeader('X-Api-Key', key);
    xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onload = () => {
      let body: { offset_bytes?: number; message?: string; code?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's page: the status says enough.
      }
      if (xhr.status === 200 && typeof body.offset_bytes === 'number') resolve(body.offset_bytes);
      else {
        reject(
          new ApiError({
            status: xhr.status,
            code: body.code ?? `http_${xhr.status}`,
            message: body.message ?? '',
            url,
          }),
        );
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network error', url }));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () =>
      reject(new ApiError({ status: 0, code: 'ERR_CANCELED', message: 'Canceled', url }));
    xhr.send(chunk);
  });
}
