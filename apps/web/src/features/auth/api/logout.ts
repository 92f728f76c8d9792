import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Revokes this key on the server; the caller then ends the session here (hooks/session.ts). */
export async function logout(): Promise<void> {
  await apiClient.post<{ message: string }>('/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
