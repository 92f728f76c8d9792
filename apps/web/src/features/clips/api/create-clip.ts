import type { Clip, ClipList, CreateClipBody } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CLIPS_KEY } from './clips-keys';
import { eventClipsQueryOptions } from './get-event-clips';

export type CreateClipInput = Omit<CreateClipBody, 'api_key' | 'lang'>;

/** POST /clip: queues the cut; the clip comes back 'processing'. */
export function createClip(body: CreateClipInput): Promise<Clip> {
  return apiClient.post<Clip>('/clip', { body });
}

export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClip,
    onSuccess: (clip) => {
      // The game's list shows it at once; the others are asked again when next shown.
      queryClient.setQueryData<ClipList>(eventClipsQueryOptions(clip.event_id).queryKey, (list) =>
        list ? { ...list, data: [clip, ...list.data], clips_used: list.clips_used + 1 } : list,
      );
      void queryClient.invalidateQueries({ queryKey: [CLIPS_KEY, 'user'] });
    },
  });
}
