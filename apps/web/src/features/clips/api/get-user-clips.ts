import { CLIP_LIMITS, type ClipList } from '@rudy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CLIPS_KEY } from './clips-keys';

/** GET /clips/user: all the viewer's clips, newest first, with their clip budget. */
export function getUserClips(signal?: AbortSignal): Promise<ClipList> {
  return apiClient.get<ClipList>('/clips/user', { signal });
}

export function userClipsQueryOptions() {
  return queryOptions({
    queryKey: [CLIPS_KEY, 'user'],
    queryFn: ({ signal }) => getUserClips(signal),
  });
}

/** While a clip is still being cut the list is asked again, so it turns ready on its own. */
export function useUserClips(pollMs: number = CLIP_LIMITS.pollMs * 3) {
  return useQuery({
    ...userClipsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.data.some((clip) => clip.status === 'processing') ? pollMs : false,
  });
}
