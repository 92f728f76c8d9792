import type { SharedClip } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CLIPS_KEY } from './clips-keys';

/** GET /shared-clip/{uuid}: a finished clip anyone with its link may watch, signed in or not. */
export function getSharedClip(uuid: string, signal?: AbortSignal): Promise<SharedClip> {
  return apiClient.get<SharedClip>(`/shared-clip/${encodeURIComponent(uuid)}`, { signal });
}

export function sharedClipQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: [CLIPS_KEY, 'shared', uuid],
    queryFn: ({ signal }) => getSharedClip(uuid, signal),
  });
}

export const useSharedClip = (uuid: string) => useQuery(sharedClipQueryOptions(uuid));
