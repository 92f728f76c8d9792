import type { AdminMediaSubjects } from '@rudy/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';

export type MediaKind = 'games' | 'library';

/** GET /admin/media: the games and library videos with their video's state. */
export const useMediaSubjects = () =>
  useQuery({
    queryKey: ['admin', 'media', 'subjects'],
    queryFn: ({ signal }) => apiClient.get<AdminMediaSubjects>('/admin/media', { signal }),
  });
