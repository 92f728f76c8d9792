import type { Profile } from '@rudy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setSignedInUser } from '../hooks/session';

/** Exchanges the one-time code a social sign-in brought back for a session on this key. */
export function addSession(code: string): Promise<Profile> {
  return apiClient.post<Profile>('/auth/add_session', { body: { code } });
}

export function useAddSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSession,
    onSuccess: (user) => setSignedInUser(queryClient, user, 'social'),
  });
}
