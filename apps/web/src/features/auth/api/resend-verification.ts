import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Mails the signed-in user a new verification link. */
export async function resendVerification(): Promise<void> {
  await apiClient.post<{ message: string }>('/auth/email-verify/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
