import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CLIPS_KEY } from './clips-keys';

/** DELETE /clip/{id}: the clip, its files and its share link are gone. */
export function deleteClip(id: number) {
  return apiClient.delete<{ message: string }>(`/clip/${id}`);
}

export function useDeleteClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClip,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CLIPS_KEY] }),
  });
}
