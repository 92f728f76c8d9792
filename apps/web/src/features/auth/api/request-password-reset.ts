import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The server answers the same whether or not the account exists, and so does the screen. */
export async function requestPasswordReset(body: { email: string }): Promise<void> {
  await apiClient.post<{ message: string }>('/auth/password-reset-request', { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
