import type { DownloadEvent } from '@rudy/contracts';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** While the MP4 is being remuxed (202) the call is repeated this often, this many times. */
export const DOWNLOAD_RETRY_MS = 2_000;
export const DOWNLOAD_MAX_TRIES = 30;

type ReadyDownload = Extract<DownloadEvent, { status: 'ready' }>;

/**
 * The signed MP4 link of an event. The API client treats every non-200 answer as an error (spec),
 * so the 202 "still remuxing" arrives as an ApiError with status 202: wait and ask again.
 */
export async function getEventDownload(
  eventId: number,
  signal?: AbortSignal,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<ReadyDownload> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await apiClient.get<DownloadEvent>(`/download-event/${eventId}`, { signal });
      if (answer.status === 'ready') return answer;
    } catch (error) {
      if (!isApiError(error) || error.status !== 202) throw error;
    }
    if (attempt >= DOWNLOAD_MAX_TRIES) throw new Error('The download is still being prepared');
    await wait(DOWNLOAD_RETRY_MS);
  }
}
