import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { endSession } from '../hooks/session';

/** Revokes this key on the server; the session then ends here too (fresh anonymous key). */
export async function logout(): Promise<void> {
  await apiClient.post<{ message: string }>('/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => endSession(queryClient),
  });
}
