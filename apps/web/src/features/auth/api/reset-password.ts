import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { SignedLinkParams } from './verify-email';

export interface ResetPasswordInput {
  link: SignedLinkParams;
  password: string;
  password_confirmation: string;
}

/** Sets the new password; the server then ends every session of the account. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiClient.post<{ message: string }>('/auth/password-reset', {
    body: {
      email: input.link.email,
      expires: Number(input.link.expires),
      signature: input.link.signature,
      password: input.password,
      password_confirmation: input.password_confirmation,
    },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
